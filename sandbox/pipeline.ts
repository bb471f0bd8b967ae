/**
 * The request pipeline of every /v2 route, in this order:
 *
 *   1. IP temporarily blocked (5 authentication failures in 5 min) → IP_BLOCKED_TEMPORARILY 403
 *   2. Bearer token → MISSING_AUTH_HEADER / INVALID_AUTH_FORMAT / INVALID_TOKEN / TOKEN_EXPIRED 401
 *   3. credential blocked for client errors (15 4xx in a minute) → RATE_LIMIT_EXCEEDED 429
 *   4. rate limit of the endpoint for the credential → RATE_LIMIT_EXCEEDED 429 (Retry-After)
 *   5. credential permission → CREDENTIAL_PERMISSION_DENIED 403
 *   6. Content-Type → UNSUPPORTED_CONTENT_TYPE 400; body size → INVALID_PAYLOAD 400
 *   7. HMAC signature on the signed routes (when hmac_required) → 401 SIGNATURE group
 *   8. JSON → INVALID_JSON 400 (INVALID_PAYLOAD when not an object); schema → spec validation codes
 *      (multipart routes: their own reader, at this step)
 *   9. the handler
 *
 * Every answer carries X-Request-Id and the X-RateLimit-* headers; errors are rendered in one place.
 */
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { z } from "zod";
import type { Sandbox } from "./context";
import type { Account, Credential } from "./accounts";
import { parseBearer } from "./auth";
import { MAX_BODY_BYTES, RATE_LIMITS, type Permission, type RateLimitedEndpoint } from "./config";
import { ApiError, errorBody, internalError, newRequestId, successBody, validationError } from "./errors";
import { checkSignature } from "./hmac";
import { rateHeaders, type RateState } from "./rate-limit";
import { UnsafeLiteralError } from "./db/sql";

export type Reply = { status: number; data: unknown; headers?: Record<string, string> };

export type V2Request<B> = {
  sb: Sandbox;
  requestId: string;
  /** the path, e.g. "/v2/boleto" */
  route: string;
  account: Account;
  credential: Credential;
  body: B;
  query: URLSearchParams;
};

export type V2Route<B = unknown> = {
  method: "GET" | "POST";
  path: string;
  permission?: Permission;
  signed?: boolean;
  /** request body schema; absent for GET */
  schema?: z.ZodType<B>;
  /** a body that is not JSON (multipart): read and validated by the route itself, at the schema's place */
  parse?: (c: Context) => Promise<B>;
  handle(req: V2Request<B>): Promise<Reply>;
};

type RequestState = { requestId: string; ip: string; rate?: RateState; clientId?: string };

export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

function render(sb: Sandbox, rs: RequestState, status: number, body: unknown, extra?: Record<string, string>): Response {
  const headers: Record<string, string> = { ...JSON_HEADERS, "x-request-id": rs.requestId, ...(rs.rate ? rateHeaders(rs.rate) : {}), ...extra };
  // Anti-abuse: client errors per credential (429 itself excluded: it is the block, not a new error).
  if (rs.clientId !== undefined && status >= 400 && status < 500 && status !== 429) sb.abuse.credential.record(rs.clientId);
  return new Response(JSON.stringify(body), { status, headers });
}

export function renderSuccess(sb: Sandbox, rs: RequestState, reply: Reply): Response {
  return render(sb, rs, reply.status, successBody(reply.data, rs.requestId, sb.clock.iso()), reply.headers);
}

export function renderError(sb: Sandbox, rs: RequestState, e: unknown): Response {
  let err: ApiError;
  if (e instanceof ApiError) err = e;
  else if (e instanceof UnsafeLiteralError) err = new ApiError("INVALID_PAYLOAD", "the request contains characters that are not allowed (NUL)");
  else {
    console.error(`[sandbox] ${rs.requestId}`, e);
    err = internalError();
  }
  return render(sb, rs, err.status, errorBody(err, rs.requestId, sb.clock.iso()), err.headers);
}

export function newState(c: Context): RequestState {
  return { requestId: newRequestId(), ip: clientIp(c) };
}

export function rateLimited(retryAfter: number, reason: string): ApiError {
  return new ApiError(
    "RATE_LIMIT_EXCEEDED",
    reason === "rate_limit" ? "rate limit exceeded; retry after the indicated seconds" : "too many client errors from this credential; temporarily blocked",
    { retry_after_seconds: retryAfter, reason },
    { headers: { "retry-after": String(retryAfter) } },
  );
}

export function checkIpBlock(sb: Sandbox, rs: RequestState): void {
  const until = sb.abuse.ip.blockedUntil(rs.ip);
  if (until !== null) {
    const retry = Math.max(1, Math.ceil((until - sb.clock.now()) / 1000));
    throw new ApiError("IP_BLOCKED_TEMPORARILY", "too many authentication failures from this address; blocked for 5 minutes", {
      retry_after_seconds: retry,
      blocked_until: new Date(until).toISOString(),
    });
  }
}

/** Failures that count towards the IP block (an expired token is a normal lifecycle event). */
const COUNTED_AUTH_FAILURES = new Set(["MISSING_AUTH_HEADER", "INVALID_AUTH_FORMAT", "INVALID_TOKEN", "INVALID_CREDENTIALS"]);

export function noteAuthFailure(sb: Sandbox, rs: RequestState, e: unknown): void {
  if (e instanceof ApiError && COUNTED_AUTH_FAILURES.has(e.code)) sb.abuse.ip.record(rs.ip);
}

/** Bearer authentication: the token's credential and account, or an AUTH error. */
export async function authenticateBearer(sb: Sandbox, c: Context): Promise<{ credential: Credential; account: Account }> {
  const header = c.req.header("authorization");
  if (!header) throw new ApiError("MISSING_AUTH_HEADER", "Authorization: Bearer <access_token> is required");
  const claims = sb.tokens.verify(parseBearer(header));
  const credential = await sb.directory.credential(claims.sub);
  if (!credential || credential.status !== "active") throw new ApiError("INVALID_TOKEN", "the access token is not valid");
  const account = await sb.directory.account(credential.accountId);
  if (!account) throw new ApiError("INVALID_TOKEN", "the access token is not valid");
  return { credential, account };
}

const isJsonType = (ct: string | undefined) => ct !== undefined && /^application\/json\s*(;|$)/i.test(ct.trim());

/** Reads the raw body (exact bytes, for the signature) after checking Content-Type and size. */
export async function readBody(c: Context): Promise<Uint8Array> {
  const ct = c.req.header("content-type");
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("INVALID_PAYLOAD", `the body exceeds ${MAX_BODY_BYTES} bytes`, { max_bytes: MAX_BODY_BYTES });
  // Counted while it streams: a chunked body (no Content-Length) stops being read past the limit.
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = c.req.raw.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new ApiError("INVALID_PAYLOAD", `the body exceeds ${MAX_BODY_BYTES} bytes`, { max_bytes: MAX_BODY_BYTES });
      }
      chunks.push(value);
    }
  }
  const raw = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    raw.set(ch, at);
    at += ch.byteLength;
  }
  // An empty body without a Content-Type reads as {} (then the schema names what is missing).
  if (ct === undefined && raw.byteLength === 0) return raw;
  if (!isJsonType(ct)) {
    throw new ApiError("UNSUPPORTED_CONTENT_TYPE", "Content-Type must be application/json", { content_type: ct ?? null, supported: ["application/json"] });
  }
  return raw;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** JSON object of the body: INVALID_JSON when it does not parse, INVALID_PAYLOAD when not an object. */
export function parseJsonObject(raw: Uint8Array): Record<string, unknown> {
  if (raw.byteLength === 0) return {};
  let value: unknown;
  let text: string;
  try {
    text = utf8.decode(raw);
    value = JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_JSON", "the body is not valid JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("INVALID_PAYLOAD", "the body must be a JSON object");
  }
  if (text.includes("\\u0000")) throw new ApiError("INVALID_PAYLOAD", "NUL characters are not allowed");
  return value as Record<string, unknown>;
}

export function parseWith<B>(schema: z.ZodType<B>, value: unknown): B {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

export function v2Handler<B>(sb: Sandbox, def: V2Route<B>) {
  const endpoint = `${def.method} ${def.path}` as RateLimitedEndpoint;
  const limit = RATE_LIMITS[endpoint] ?? RATE_LIMITS.other;
  return async (c: Context): Promise<Response> => {
    const rs = newState(c);
    try {
      checkIpBlock(sb, rs);
      let auth: { credential: Credential; account: Account };
      try {
        auth = await authenticateBearer(sb, c);
      } catch (e) {
        noteAuthFailure(sb, rs, e);
        throw e;
      }
      sb.abuse.ip.reset(rs.ip);
      const { credential, account } = auth;
      rs.clientId = credential.clientId;
      const blockedUntil = sb.abuse.credential.blockedUntil(credential.clientId);
      if (blockedUntil !== null) {
        rs.rate = sb.limiter.hit(`cred:${credential.clientId}|${endpoint}`, limit);
        throw rateLimited(Math.max(1, Math.ceil((blockedUntil - sb.clock.now()) / 1000)), "client_error_threshold");
      }
      rs.rate = sb.limiter.hit(`cred:${credential.clientId}|${endpoint}`, limit);
      if (!rs.rate.allowed) throw rateLimited(rs.rate.retryAfter, "rate_limit");
      if (def.permission && !credential.permissions.has(def.permission)) {
        throw new ApiError("CREDENTIAL_PERMISSION_DENIED", `this credential lacks the ${def.permission} permission`, { permission: def.permission });
      }
      let body: B = undefined as B;
      if (def.schema) {
        const raw = await readBody(c);
        if (def.signed && sb.settings.hmac_required) {
          checkSignature({
            clock: sb.clock,
            nonces: sb.nonces,
            clientId: credential.clientId,
            signingKey: credential.signingKey,
            headers: { signature: c.req.header("x-signature"), timestamp: c.req.header("x-timestamp"), nonce: c.req.header("x-nonce") },
            body: raw,
          });
        }
        body = parseWith(def.schema, parseJsonObject(raw));
      } else if (def.parse) {
        body = await def.parse(c);
      }
      const reply = await def.handle({
        sb,
        requestId: rs.requestId,
        route: def.path,
        account,
        credential,
        body,
        query: new URL(c.req.url).searchParams,
      });
      return renderSuccess(sb, rs, reply);
    } catch (e) {
      if (rs.rate === undefined) rs.rate = sb.limiter.hit(`ip:${rs.ip}|${endpoint}`, limit);
      return renderError(sb, rs, e);
    }
  };
}

/** Unknown routes and methods: 404 NOT_FOUND, still with rate headers and anti-abuse accounting. */
export function notFoundHandler(sb: Sandbox) {
  return async (c: Context): Promise<Response> => {
    const rs = newState(c);
    const pathname = new URL(c.req.url).pathname;
    if (pathname.startsWith("/v2/")) {
      try {
        checkIpBlock(sb, rs);
      } catch (e) {
        rs.rate = sb.limiter.hit(`ip:${rs.ip}|other`, RATE_LIMITS.other);
        return renderError(sb, rs, e);
      }
    }
    try {
      const { credential } = await authenticateBearer(sb, c);
      rs.clientId = credential.clientId;
      rs.rate = sb.limiter.hit(`cred:${credential.clientId}|other`, RATE_LIMITS.other);
    } catch {
      rs.rate = sb.limiter.hit(`ip:${rs.ip}|other`, RATE_LIMITS.other);
    }
    return renderError(sb, rs, new ApiError("NOT_FOUND", `no route ${c.req.method} ${pathname}`));
  };
}
