/**
 * The request pipeline shared by every resource: URL, auth header, HMAC signature, timeout, the
 * retry loop, envelope parsing and response validation. Resources describe a route (`RouteSpec`);
 * this file decides how it travels.
 *
 * Secrets (client secret, signing key, access tokens) live in private fields and in request headers
 * only: they are never put in an error, a log line or anything `util.inspect` can reach.
 */
import { anySuccessEnvelopeSchema, errorEnvelopeSchema } from "../schemas/envelope";
import { tokenResponseSchema } from "../schemas/oauth";
import type { ApiResponse } from "./api-promise";
import type { CircuitBreaker } from "./breaker";
import { PaymentApiError } from "./errors";
import { LOCAL_ANSWER_HEADER, TOKEN_PATH, attemptOutcome } from "./outcome";
import { parseRateLimit, type RateLimitInfo } from "./rate-limit";
import { DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_DELAY_MS, defaultSleep, retryDecision } from "./retry";
import { signatureHeaders } from "./signing";
import { TokenManager, defaultTokenStore, tokenCacheKey, type StoredToken, type TokenFetchOptions } from "./token";
import type { FetchLike, Logger, RequestOptions, RouteSpec, TransportOptions } from "./transport-options";
export type { FetchLike, Logger, RequestOptions, RouteSpec, TransportOptions } from "./transport-options";


type AttemptResult<T> =
  | { ok: true; response: ApiResponse<T> }
  | { ok: false; error: PaymentApiError; enveloped: boolean };

const RENEW_TOKEN_CODES = new Set(["TOKEN_EXPIRED", "INVALID_TOKEN"]);
const encoder = new TextEncoder();

class TimeoutSignal extends Error {}

/** A retry needs at least this much of the deadline left after its wait to be worth sending. */
const MIN_ATTEMPT_MS = 1_000;

/** errno-style code of a fetch failure (undici puts it on `cause`), for logs and error details. */
function failureCode(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string") return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export class Transport {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly maxRetries: number;
  readonly timeoutMs: number;
  readonly deadlineMs: number | undefined;
  readonly maxRetryDelayMs: number;
  readonly #breaker: CircuitBreaker | undefined;
  readonly #basicAuth: string;
  readonly #signingKey: string | null;
  readonly #fetch: FetchLike;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #now: () => number;
  readonly #signingNow: () => number;
  readonly #logger: Logger | undefined;
  readonly #tokens: TokenManager;
  #lastRateLimit: RateLimitInfo | null = null;

  constructor(o: TransportOptions) {
    if (!o.baseUrl) throw new TypeError("PaymentApiClient: baseUrl is required");
    if (!o.clientId || !o.clientSecret) throw new TypeError("PaymentApiClient: clientId and clientSecret are required");
    this.baseUrl = o.baseUrl.replace(/\/+$/, "");
    this.clientId = o.clientId;
    this.maxRetries = Math.max(0, o.maxRetries ?? DEFAULT_MAX_RETRIES);
    this.timeoutMs = o.timeoutMs ?? 30_000;
    this.deadlineMs = o.deadlineMs;
    this.#breaker = o.breaker;
    this.maxRetryDelayMs = o.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
    this.#basicAuth = `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`, "utf8").toString("base64")}`;
    this.#signingKey = o.signingKey || null;
    this.#fetch = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#sleep = o.sleep ?? defaultSleep;
    this.#now = o.now ?? Date.now;
    this.#signingNow = o.signingNow ?? this.#now;
    this.#logger = o.logger;
    this.#tokens = new TokenManager({
      store: o.tokenStore ?? defaultTokenStore,
      key: tokenCacheKey(this.baseUrl, o.clientId),
      fetchToken: (opts) => this.#fetchToken(opts),
      now: this.#now,
      refreshMarginMs: o.tokenRefreshMarginMs,
    });
  }

  /** Rate-limit headers of the last answer of an API route (the token endpoint has its own budget). */
  get lastRateLimit(): RateLimitInfo | null {
    return this.#lastRateLimit;
  }

  get hasSigningKey(): boolean {
    return this.#signingKey !== null;
  }

  #log(message: string, fields: Record<string, unknown>) {
    try {
      this.#logger?.debug(message, fields);
    } catch {
      // a failing logger must not fail the payment call
    }
  }

  async #fetchToken(opts: TokenFetchOptions): Promise<StoredToken> {
    const issuedAt = this.#now();
    this.#log("payment-api token.request", { clientId: this.clientId });
    const res = await this.request(
      {
        method: "POST",
        path: TOKEN_PATH,
        json: { grant_type: "client_credentials" },
        schema: tokenResponseSchema,
        safeToRetry: true, // each request simply returns an independent token
        acceptBare: true,
        tokenRequest: true,
      },
      opts,
    );
    return { accessToken: res.data.access_token, expiresAt: issuedAt + res.data.expires_in * 1000, issuedAt };
  }

  /**
   * The access token for an attempt, within the call's deadline. A renewal this call starts is bound
   * by it; one another call started is shared (single-flight) but waited for only until our deadline.
   */
  async #token(rejected: string | undefined, opts: RequestOptions, endAt: number): Promise<string> {
    const left = endAt - performance.now();
    const fetch: TokenFetchOptions = { maxRetries: opts.maxRetries, timeoutMs: Math.min(opts.timeoutMs ?? this.timeoutMs, left) };
    if (Number.isFinite(left)) fetch.deadlineMs = left;
    const pending = this.#tokens.get(rejected, fetch);
    if (!Number.isFinite(left)) return pending;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new PaymentApiError({
              status: 0,
              code: "TIMEOUT",
              message: `no access token within ${Math.round(left)} ms`,
              group: "SYSTEM",
              retryable: true,
              method: "POST",
              path: TOKEN_PATH,
              attempts: 0,
            }),
          ),
        Math.max(0, left),
      );
    });
    pending.catch(() => undefined); // another call may still be waiting for it; we stop here
    try {
      return await Promise.race([pending, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async request<T>(route: RouteSpec<T>, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const maxRetries = Math.max(0, opts.maxRetries ?? this.maxRetries);
    const body = route.json === undefined ? undefined : encoder.encode(JSON.stringify(route.json));
    const deadlineMs = opts.deadlineMs ?? this.deadlineMs;
    const endAt = deadlineMs === undefined ? Infinity : performance.now() + deadlineMs;
    let attempts = 0;
    let retryIndex = 0;
    let rejectedToken: string | undefined;
    let renewedToken = false;
    let resigned = false;
    // Whether an attempt so far may have reached the API unanswered (core/outcome.ts).
    let unknownSoFar = false;
    const settled = (e: unknown, own = true) =>
      e instanceof PaymentApiError ? e.withCall({ attempts: own ? attempts : e.attempts, earlierAttemptUnknown: unknownSoFar }) : e;
    let last: PaymentApiError | undefined;

    for (;;) {
      let result: AttemptResult<T>;
      let token: string | undefined;
      // A failed token request keeps its own attempts: it is the error of that request.
      if (!route.tokenRequest) token = await this.#token(rejectedToken, opts, endAt).catch((e: unknown) => Promise.reject(settled(e, false)));
      try {
        if (endAt <= performance.now()) throw last ?? this.#deadlineError(route, endAt);
        // While a probe is out, wait for its verdict (within the deadline) rather than be refused.
        const admission = this.#breaker ? await this.#breaker.admitAfterProbe(endAt - performance.now()) : { ok: true as const, probe: false };
        // Refused before sending. A retry refused so says less than the attempt before it: that one is thrown.
        if (!admission.ok) throw last ?? this.#circuitOpenError(route, attempts, admission.retryInMs);
        attempts++;
        result = await this.#attempt(route, body, token, opts, attempts, endAt, admission.probe).catch((e: unknown) => {
          if (admission.probe) this.#breaker?.abandon(true); // no verdict: the next request probes
          throw e;
        });
      } catch (e) {
        throw settled(e);
      }
      if (result.ok) return result.response;
      const error = result.error;
      const outcome = attemptOutcome(error);
      last = error;

      // An expired or unknown token (e.g. a clock skew, or the service restarted): renew once and
      // repeat. Only once, so a credential that keeps failing surfaces instead of looping.
      if (token !== undefined && !renewedToken && RENEW_TOKEN_CODES.has(error.code)) {
        renewedToken = true;
        rejectedToken = token;
        this.#log("payment-api token.rejected", { method: route.method, path: route.path, code: error.code });
        continue;
      }

      // Signed on a clock the provider found too far from its own: nothing was done, and the answer
      // taught the caller its clock (signingNow). Signed again once, at once, with a fresh nonce.
      if (route.signed && !resigned && error.code === "INVALID_TIMESTAMP" && this.#signingNow !== this.#now) {
        resigned = true;
        this.#log("payment-api signature.resigned", { method: route.method, path: route.path });
        continue;
      }

      const decision = retryDecision(error, {
        retryIndex,
        maxRetries,
        safeToRetry: route.safeToRetry,
        enveloped: result.enveloped,
        maxRetryDelayMs: this.maxRetryDelayMs,
      });
      // The next attempt must fit in what is left of the deadline, after its wait.
      if (!decision.retry || performance.now() + decision.delayMs + MIN_ATTEMPT_MS > endAt) throw settled(error);
      if (outcome === "unknown") unknownSoFar = true;
      this.#log("payment-api retry", {
        method: route.method,
        path: route.path,
        attempt: attempts,
        reason: decision.reason,
        status: error.status,
        delayMs: decision.delayMs,
      });
      try {
        await this.#sleep(decision.delayMs, opts.signal);
      } catch {
        throw settled(this.#abortedError(route, attempts));
      }
      if (opts.signal?.aborted) throw settled(this.#abortedError(route, attempts));
      retryIndex++;
    }
  }

  /** Refused before sending: the provider stopped answering (core/breaker.ts). */
  #circuitOpenError(route: RouteSpec<unknown>, attempts: number, retryInMs: number) {
    const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
    this.#log("payment-api refused: circuit open", { method: route.method, path: route.path, retryInMs });
    return new PaymentApiError({
      status: 0,
      code: "CIRCUIT_OPEN",
      message: `not sent: the provider stopped answering; the next try goes in ${seconds} s`,
      group: "SYSTEM",
      retryable: true,
      details: { retry_after_seconds: seconds },
      method: route.method,
      path: route.path,
      attempts,
      local: true,
    });
  }

  /** The deadline passed before the request could be sent (a token renewal took it all). */
  #deadlineError(route: RouteSpec<unknown>, endAt: number) {
    return new PaymentApiError({
      status: 0,
      code: "TIMEOUT",
      message: `the deadline passed before the request was sent (${Math.max(0, Math.round(endAt - performance.now()))} ms left)`,
      group: "SYSTEM",
      retryable: true,
      method: route.method,
      path: route.path,
      attempts: 0,
      local: true,
    });
  }

  #abortedError(route: RouteSpec<unknown>, attempts: number) {
    return new PaymentApiError({
      status: 0,
      code: "ABORTED",
      message: "the request was aborted by the caller",
      group: "SYSTEM",
      retryable: false,
      method: route.method,
      path: route.path,
      attempts,
    });
  }

  #url(path: string, query?: RouteSpec<unknown>["query"]): string {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async #attempt<T>(
    route: RouteSpec<T>,
    body: Uint8Array<ArrayBuffer> | undefined,
    token: string | undefined,
    opts: RequestOptions,
    attempt: number,
    endAt: number,
    probe: boolean,
  ): Promise<AttemptResult<T>> {
    const base = { method: route.method, path: route.path, attempts: attempt };
    const headers: Record<string, string> = { Accept: "application/json" };
    if (route.tokenRequest) headers["Authorization"] = this.#basicAuth;
    else if (token !== undefined) headers["Authorization"] = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body) {
      headers["Content-Type"] = "application/json";
      payload = body;
      // Fresh timestamp and nonce on every attempt; same body bytes (see signing.ts).
      if (route.signed && this.#signingKey) Object.assign(headers, signatureHeaders(this.#signingKey, body, this.#signingNow()));
    } else if (route.form) {
      payload = route.form(); // fetch sets the multipart boundary itself
    }

    const controller = new AbortController();
    // The attempt's own timeout, cut at the call's deadline; a probe of a breaker waits less.
    const timeoutMs = Math.max(1, Math.round(Math.min(opts.timeoutMs ?? this.timeoutMs, endAt - performance.now(), probe ? this.#breaker!.probeTimeoutMs : Infinity)));
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
    const onCallerAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) onCallerAbort();
    else opts.signal?.addEventListener("abort", onCallerAbort, { once: true });

    const started = performance.now();
    try {
      const res = await this.#fetch(this.#url(route.path, route.query), {
        method: route.method,
        headers,
        body: payload,
        signal: controller.signal,
        // A redirect is an error, never followed: the credential (Basic auth on the token request, the
        // Bearer token, the signed body) must not be sent to another address.
        redirect: "manual",
      });
      const text = await res.text();
      const local = res.headers.has(LOCAL_ANSWER_HEADER);
      // Whatever the provider said, it answered; a made-up local answer says nothing about it.
      if (local) this.#breaker?.abandon(probe);
      else this.#breaker?.success();
      const result = this.#interpret(route, res, text, attempt, local);
      this.#log("payment-api response", {
        ...base,
        status: res.status,
        durationMs: Math.round(performance.now() - started),
        requestId: result.ok ? result.response.requestId : result.error.requestId,
        code: result.ok ? undefined : result.error.code,
      });
      return result;
    } catch (e) {
      const timedOut = controller.signal.reason instanceof TimeoutSignal;
      const callerAborted = !timedOut && opts.signal?.aborted === true;
      const code = timedOut ? "TIMEOUT" : callerAborted ? "ABORTED" : "CONNECTION_ERROR";
      const errno = failureCode(e);
      const durationMs = Math.round(performance.now() - started);
      if (callerAborted) this.#breaker?.abandon(probe);
      else this.#breaker?.failure(timedOut ? "timeout" : "connection", probe, durationMs);
      this.#log("payment-api failure", { ...base, code, errno, durationMs });
      const error = new PaymentApiError({
        ...base,
        status: 0,
        code,
        message: timedOut
          ? `no answer within ${timeoutMs} ms`
          : callerAborted
            ? "the request was aborted by the caller"
            : `connection failed${errno ? ` (${errno})` : ""}`,
        group: "SYSTEM",
        retryable: !callerAborted,
        details: errno ? { errno } : null,
        cause: { name: e instanceof Error ? e.name : "Error", ...(errno ? { code: errno } : {}), message: e instanceof Error ? e.message : String(e) },
      });
      if (callerAborted) throw error; // never retried, nothing to decide
      return { ok: false, error, enveloped: false };
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  #interpret<T>(route: RouteSpec<T>, res: Response, text: string, attempt: number, local: boolean): AttemptResult<T> {
    const rateLimit = parseRateLimit(res.headers, this.#now());
    // Kept from the last answer that carried the headers (a gateway's error page may not).
    if (!route.tokenRequest && !local && (rateLimit.limit !== null || rateLimit.remaining !== null)) this.#lastRateLimit = rateLimit;
    const headerRequestId = res.headers.get("x-request-id");
    const base = { method: route.method, path: route.path, attempts: attempt, rateLimit, local };

    if (res.status >= 300 && res.status < 400) {
      return {
        ok: false,
        enveloped: false,
        error: new PaymentApiError({
          ...base,
          status: res.status,
          code: "REDIRECT_REFUSED",
          // The address it points to is not repeated: it may carry what the credential's URL held.
          message: `${route.method} ${route.path} answered a redirect (HTTP ${res.status}), which is never followed`,
          group: "SYSTEM",
          retryable: false,
          requestId: headerRequestId,
        }),
      };
    }

    const invalid = (why: string, details: Record<string, unknown> = {}, requestId = headerRequestId): AttemptResult<T> => ({
      ok: false,
      enveloped: false,
      error: new PaymentApiError({
        ...base,
        status: res.status,
        code: "INVALID_RESPONSE",
        message: `unexpected answer from ${route.method} ${route.path} (HTTP ${res.status}): ${why}`,
        group: "SYSTEM",
        // a gateway's 502/503 page (or a bare 429) is as transient as the service's own answer
        retryable: res.status === 429 || res.status === 502 || res.status === 503,
        details: { content_type: res.headers.get("content-type"), length: text.length, ...details },
        requestId,
      }),
    });

    // Never copy the body into the error: it may be a token response cut short.
    if (text.trim() === "") return invalid("empty body");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return invalid("not JSON");
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) return invalid("not a JSON object");

    const asError = errorEnvelopeSchema.safeParse(json);
    if (asError.success) {
      const { error: body, request_id } = asError.data;
      return {
        ok: false,
        enveloped: true,
        error: new PaymentApiError({
          ...base,
          status: res.status,
          code: body.code,
          message: body.message,
          group: body.group,
          retryable: body.retryable,
          details: body.details ?? null,
          requestId: request_id ?? headerRequestId,
        }),
      };
    }
    if (!res.ok) return invalid("error status without the error envelope");

    let data: unknown;
    let requestId = headerRequestId;
    const asSuccess = anySuccessEnvelopeSchema.safeParse(json);
    if (asSuccess.success && "data" in json) {
      data = asSuccess.data.data;
      requestId = asSuccess.data.request_id ?? headerRequestId;
    } else if (route.acceptBare && !("success" in json)) {
      data = json;
    } else {
      return invalid("not the success envelope");
    }

    const parsed = route.schema.safeParse(data);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
      return {
        ok: false,
        // A well-formed answer whose content we cannot read: repeating will not change it.
        enveloped: true,
        error: new PaymentApiError({
          ...base,
          status: res.status,
          code: "INVALID_RESPONSE",
          message: `unexpected answer from ${route.method} ${route.path} (HTTP ${res.status}): data does not match the response schema`,
          group: "SYSTEM",
          retryable: false,
          details: { issues },
          requestId,
        }),
      };
    }
    return {
      ok: true,
      response: { data: parsed.data, status: res.status, requestId, rateLimit, headers: res.headers, attempts: attempt },
    };
  }
}
