/**
 * What the current request is, for the log lines, metrics and error pages it causes: its id (the
 * X-Request-Id it is answered with), and once the member is known, their organisation and user id.
 *
 * One AsyncLocalStorage for the process, kept on globalThis: scripts/server.ts (loaded by tsx) opens
 * the context around Next.js's handler, and the code Next.js bundled separately (pages, actions, the
 * API context) reads the same one. Work that outlives a request or serves many (the events worker,
 * the sync) runs outside it (`outsideRequest`), so its lines are never attributed to the request
 * that happened to wake it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export type RequestContext = {
  requestId: string;
  /** set by the authorisation check once the session is read (lib/auth/authorize.ts) */
  organizationId?: string;
  memberId?: string;
  /** the OpenTelemetry trace the request's spans belong to, when tracing is on */
  traceId?: string;
};

const KEY = Symbol.for("payment-dashboard.request-context");
const g = globalThis as unknown as Record<typeof KEY, AsyncLocalStorage<RequestContext | undefined> | undefined>;

function storage(): AsyncLocalStorage<RequestContext | undefined> {
  return (g[KEY] ??= new AsyncLocalStorage<RequestContext | undefined>());
}

export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage().run(context, fn);
}

/** Runs `fn` with no request: background work started from inside one (a worker kicked by a webhook). */
export function outsideRequest<T>(fn: () => T): T {
  return storage().run(undefined, fn);
}

export function currentRequest(): RequestContext | undefined {
  return storage().getStore();
}

/** Adds what became known during the request (the member, their organisation). */
export function annotateRequest(fields: Pick<RequestContext, "organizationId" | "memberId">): void {
  const ctx = storage().getStore();
  if (ctx) Object.assign(ctx, fields);
}

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What an incoming X-Request-Id may look like to be kept (a proxy's `$request_id`, a UUID, a trace
 * id): short, and nothing that could forge a log field or carry a secret's length.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of a request: the one a trusted proxy sent (`trusted`: TRUST_PROXY_HOPS > 0, the same trust
 * that lets it name the client's address), when it looks like an id; else a new one.
 */
export function requestIdFor(incoming: string | string[] | undefined | null, trusted: boolean): string {
  const given = Array.isArray(incoming) ? incoming[0] : incoming;
  if (trusted && given && ACCEPTED_ID.test(given)) return given;
  return randomUUID();
}
