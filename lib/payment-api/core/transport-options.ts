/** How a transport is set up and how one request is described (lib/payment-api/core/transport.ts runs them). */
import type { z } from "zod";
import type { CircuitBreaker } from "./breaker";
import type { TokenStore } from "./token";

export type Logger = { debug(message: string, fields?: Record<string, unknown>): void };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type TransportOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** HMAC key for the signed routes; when absent they are sent unsigned (README "Contract choices"). */
  signingKey?: string | null;
  fetch?: FetchLike;
  tokenStore?: TokenStore;
  /** retries after the first attempt (default 4: waits of 1, 2, 4, 8 s on 502/503) */
  maxRetries?: number;
  /** per attempt, default 30 000 ms */
  timeoutMs?: number;
  /**
   * The whole call (token, attempts and the waits between them), default none: retries stop when
   * the next one would not fit, and the last attempt is cut at the deadline.
   */
  deadlineMs?: number;
  /** Shared by the clients of one credential: a provider that hangs costs one timeout (core/breaker.ts). */
  breaker?: CircuitBreaker;
  logger?: Logger;
  /** injectable for tests; receives every computed delay */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** injectable clock (epoch ms) for token expiry and signature timestamps */
  now?: () => number;
  /**
   * The provider's clock for X-Timestamp (default: `now`). The spec refuses a timestamp more than 5
   * minutes from the server's time; a caller that has seen the provider's clock in its answers (the
   * API context does) signs on that clock, so a provider whose clock is off by more still answers.
   */
  signingNow?: () => number;
  /** a Retry-After longer than this is not waited for (default 60 000 ms) */
  maxRetryDelayMs?: number;
  /** renew the token this long before it expires (default 60 000 ms) */
  tokenRefreshMarginMs?: number;
};

export type RequestOptions = {
  /** abort the call (and any wait between retries) */
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  /** the whole call's deadline (see TransportOptions) */
  deadlineMs?: number;
};

export type RouteSpec<T> = {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | undefined>;
  /** JSON body: serialised once; the same bytes are signed and sent on every attempt */
  json?: unknown;
  /** multipart body, built afresh for each attempt */
  form?: () => FormData;
  schema: z.ZodType<T, unknown>;
  /** HMAC-signed route */
  signed?: boolean;
  /** whether repeating after an unknown outcome (connection error, timeout, gateway page) is harmless */
  safeToRetry: boolean;
  /** accept a bare 2xx JSON object as `data` (boleto and token are shown without the envelope) */
  acceptBare?: boolean;
  /** @internal the token request itself */
  tokenRequest?: boolean;
};
