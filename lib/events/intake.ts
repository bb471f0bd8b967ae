/**
 * Webhook intake, without the framework (the route handler, the tests and the bench call it): check
 * the token and the source address, store the delivery, answer. Nothing else happens before the
 * answer: the worker (worker.ts) processes the stored delivery.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import type { ApiEnvironment } from "@/lib/db/schema";
import { cleanIdentifier, objectIdOf, parseBody, storable, webhookFields } from "./payload";

/** A webhook body is a small JSON object; anything larger is refused before it is read whole. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** The headers kept with each delivery (never cookies or authorisation). */
const KEPT_HEADERS = ["content-type", "content-length", "user-agent", "x-service-event", "x-service-timestamp", "x-service-delivery-id", "x-service-attempt"];

/** `body`: the raw bytes as received (or text, in tests); null when larger than MAX_WEBHOOK_BYTES. */
export type IntakeRequest = { token: string; address: string | null; headers: Headers; body: string | Uint8Array | null; tooLarge?: boolean };
/** `inboxId`: the stored row (absent when a refusal was over the storage cap); `event`: the checked event name, if any (for the log). */
export type IntakeAnswer = { status: number; body: { received?: true; error?: string; message?: string }; inboxId?: number; event?: string | null };

export async function endpointFor(db: Db, organizationId: string, environment: ApiEnvironment): Promise<{ token: string; registeredAt: Date | null }> {
  const w = schema.webhookEndpoints;
  const read = async () => {
    const [row] = await db
      .select({ token: w.token, registeredAt: w.registeredAt })
      .from(w)
      .where(and(eq(w.organizationId, organizationId), eq(w.environment, environment)));
    return row;
  };
  // Every charge and payout asks (its postback URL): read first, written once, the first time.
  const found = await read();
  if (found) return found;
  await db
    .insert(w)
    .values({ organizationId, environment, token: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  return (await read())!;
}

export function intakeUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/api/webhooks/payment/${token}`;
}

/**
 * The postback URL every operation the dashboard sends carries (issue "Events": "every operation
 * carries its organisation's intake URL as postback_url"). The API requires HTTPS outside loopback:
 * a PUBLIC_BASE_URL that breaks that rule is refused at start by the configuration check.
 */
export async function postbackUrlFor(db: Db, organizationId: string, environment: ApiEnvironment, publicBaseUrl: string): Promise<string> {
  const { token } = await endpointFor(db, organizationId, environment);
  return intakeUrl(publicBaseUrl, token);
}

/** Header values are shown on a page and kept in jsonb: NUL and lone surrogates become U+FFFD there. */
function keptHeaders(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = h.get(name);
    if (v !== null) out[name] = v.slice(0, 500).replace(/\u0000|\p{Cs}/gu, "\ufffd");
  }
  return out;
}

type InboxValues = typeof schema.webhookInbox.$inferInsert;
type Endpoint = { organizationId: string; environment: ApiEnvironment };

/** Deliveries written by one INSERT at most; more wait for the next. */
const MAX_BATCH = 256;
/** How long an intake token's organisation is remembered (tokens never change; an organisation may be deleted). */
const ENDPOINT_TTL_MS = 60_000;

/**
 * Group commit: a delivery is answered only once its row is committed, but deliveries that arrive
 * while an INSERT is in flight are written together by the next one. One delivery alone goes at
 * once (no added wait); a burst costs one statement per batch instead of one per delivery
 * (measured in the README: the intake's throughput). `inFlight`: statements at a time (PGlite runs
 * one at a time anyway; PostgreSQL's pool can take a few).
 */
type Pending = { values: InboxValues; resolve: (id: number) => void; reject: (e: unknown) => void };

class InboxWriter {
  #queue: Pending[] = [];
  #inFlight = 0;
  constructor(
    private readonly db: Db,
    private readonly maxInFlight: number,
  ) {}

  #scheduled = false;

  write(values: InboxValues): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ values, resolve, reject });
      this.#schedule();
    });
  }

  /**
   * The next INSERT goes after the event loop's pending I/O, so that deliveries whose bytes have
   * already arrived join it (PGlite runs a statement on this thread: without the turn, each would
   * find the queue holding only itself).
   */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#pump();
    });
  }

  #single(item: Pending): void {
    this.db
      .insert(schema.webhookInbox)
      .values(item.values)
      .returning({ id: schema.webhookInbox.id })
      .then((rows) => item.resolve(rows[0]!.id), item.reject);
  }

  #pump(): void {
    while (this.#inFlight < this.maxInFlight && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      this.#inFlight++;
      this.db
        .insert(schema.webhookInbox)
        .values(batch.map((b) => b.values))
        .returning({ id: schema.webhookInbox.id })
        .then(
          // PostgreSQL returns an INSERT's rows in the order of its VALUES.
          (rows) => batch.forEach((b, i) => b.resolve(rows[i]!.id)),
          // One bad row must not fail the others: alone, each gets its own answer.
          (e: unknown) => (batch.length === 1 ? batch[0]!.reject(e) : batch.forEach((b) => this.#single(b))),
        )
        .finally(() => {
          this.#inFlight--;
          this.#schedule();
        });
    }
  }
}

const writers = new WeakMap<Db, InboxWriter>();
const endpoints = new WeakMap<Db, Map<string, Endpoint & { until: number }>>();

function writerFor(db: Db): InboxWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new InboxWriter(db, 2)));
  return w;
}

async function endpointByToken(db: Db, token: string): Promise<Endpoint | null> {
  let cache = endpoints.get(db);
  if (!cache) endpoints.set(db, (cache = new Map()));
  const hit = cache.get(token);
  if (hit && hit.until > Date.now()) return hit;
  const w = schema.webhookEndpoints;
  const [row] = await db.select({ organizationId: w.organizationId, environment: w.environment }).from(w).where(eq(w.token, token));
  if (!row) return null;
  if (cache.size > 10_000) cache.clear();
  cache.set(token, { ...row, until: Date.now() + ENDPOINT_TTL_MS });
  return row;
}

/**
 * Refused deliveries are kept as evidence (Settings → Webhooks), within bounds: a refused body is
 * stored up to REFUSED_BODY_CHARS (with its full length and SHA-256, so the original can still be
 * checked against the sender's copy), at most REFUSED_PER_MINUTE of them per endpoint and instance
 * (further refusals are answered the same, not stored), and purgeRefusedDeliveries keeps the newest
 * REFUSED_KEEP per endpoint for REFUSED_RETENTION_DAYS.
 */
export const REFUSED_BODY_CHARS = 4096;
export const REFUSED_PER_MINUTE = 60;
export const REFUSED_KEEP = 1000;
export const REFUSED_RETENTION_DAYS = 30;

/** What each refusal tells the sender (the provider's logs show it). */
const REFUSALS = {
  source_address_not_allowed: [403, "This address may not deliver webhooks here."],
  body_too_large: [413, `The body is larger than ${MAX_WEBHOOK_BYTES / 1024} KiB.`],
  not_text: [400, "The body is not UTF-8 text (invalid bytes or a NUL byte)."],
  not_json: [400, "The body is not JSON."],
  not_an_object: [400, "The body is not a JSON object."],
  no_event: [400, "The delivery names no event (body or X-Service-Event)."],
  bad_event: [400, "The event name is not a name this API uses."],
  no_object_id: [400, "The delivery names no transaction_id, conversion_id or infraction_id."],
  bad_object_id: [400, "The object id is not an identifier this API uses."],
} as const satisfies Record<string, readonly [number, string]>;
export type RefusalReason = keyof typeof REFUSALS;

/** Refused rows stored per endpoint in the minute since its first refusal, on this instance. */
class RefusalWindow {
  #windows = new Map<string, { since: number; stored: number }>();
  take(key: string, now = Date.now()): boolean {
    let w = this.#windows.get(key);
    if (!w || now - w.since >= 60_000) {
      // Endpoints that went quiet are forgotten as the map grows (one entry per endpoint refusing now).
      if (this.#windows.size > 10_000) this.#windows.clear();
      this.#windows.set(key, (w = { since: now, stored: 0 }));
    }
    if (w.stored >= REFUSED_PER_MINUTE) return false;
    w.stored++;
    return true;
  }
}
const refusalWindows = new WeakMap<Db, RefusalWindow>();

/**
 * What is kept of a refused body: its text up to REFUSED_BODY_CHARS when it is storable text, else
 * (invalid UTF-8, NUL) its first bytes in base64; with the length and SHA-256 of the whole.
 */
function refusedBody(bytes: Buffer, text: string | null): { body: string; verification: object } {
  const digest = { result: "refused", bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  if (text !== null && storable(text)) {
    let kept = text.slice(0, REFUSED_BODY_CHARS);
    // Never half a surrogate pair at the cut.
    if (/[\ud800-\udbff]$/.test(kept)) kept = kept.slice(0, -1);
    return { body: kept, verification: { ...digest, stored: "text", truncated: kept.length < text.length } };
  }
  const head = bytes.subarray(0, (REFUSED_BODY_CHARS / 4) * 3);
  return { body: head.toString("base64"), verification: { ...digest, stored: "base64", truncated: head.length < bytes.length } };
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });
/**
 * The body's bytes as UTF-8 text, exactly (no replacement characters), or null. A leading
 * byte-order mark is dropped (RFC 8259 lets a parser ignore it; PGlite would drop it on reading).
 */
function decodeUtf8(bytes: Buffer): string | null {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Stores a delivery, or refuses it; never throws for anything a sender can put in a request (any
 * bytes, any JSON): only the database being unreachable makes it throw, and the caller answers 503.
 * `body` is the raw bytes (the route handler) or a string (tests, which send text).
 */
export async function receiveWebhook(db: Db, req: IntakeRequest, allowlist: readonly string[]): Promise<IntakeAnswer> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(req.token)) return { status: 404, body: { error: "NOT_FOUND" } };
  const endpoint = await endpointByToken(db, req.token);
  if (!endpoint) return { status: 404, body: { error: "NOT_FOUND" } };

  const base = { organizationId: endpoint.organizationId, environment: endpoint.environment, sourceAddress: req.address, headers: keptHeaders(req.headers) };
  const bytes = req.body === null || req.tooLarge ? null : typeof req.body === "string" ? Buffer.from(req.body, "utf8") : Buffer.from(req.body.buffer, req.body.byteOffset, req.body.byteLength);
  // A string with a lone surrogate has no exact UTF-8 form: refused as not text, like invalid bytes.
  const text = bytes === null ? null : typeof req.body === "string" ? (storable(req.body) ? req.body.replace(/^\ufeff/, "") : null) : decodeUtf8(bytes);

  // Parsed before anything is decided, so that even a refused delivery is logged with its event and id.
  const isText = text !== null && storable(text);
  const parsed = isText ? parseBody(text) : undefined;
  const fields = webhookFields(parsed);
  const rawEvent = fields && fields.event !== undefined ? fields.event : req.headers.get("x-service-event");
  const event = cleanIdentifier(rawEvent);
  const { id, present } = fields ? objectIdOf(fields) : { id: null, present: false };

  const refuse = async (reason: RefusalReason): Promise<IntakeAnswer> => {
    const [status, message] = REFUSALS[reason];
    let window = refusalWindows.get(db);
    if (!window) refusalWindows.set(db, (window = new RefusalWindow()));
    if (!window.take(`${endpoint.organizationId}:${endpoint.environment}`)) return { status, body: { error: reason, message }, event };
    const kept = bytes ? refusedBody(bytes, text) : { body: "", verification: { result: "refused", bytes: null } };
    const [row] = await db
      .insert(schema.webhookInbox)
      .values({ ...base, body: kept.body, verification: kept.verification, event, objectId: id, outcome: "refused", reason, processedAt: new Date() })
      .returning({ id: schema.webhookInbox.id });
    return { status, body: { error: reason, message }, inboxId: row!.id, event };
  };

  if (!req.address || !allowlist.includes(req.address)) return refuse("source_address_not_allowed");
  if (bytes === null) return refuse("body_too_large");
  if (!isText) return refuse("not_text");
  if (parsed === undefined) return refuse("not_json");
  if (!fields) return refuse("not_an_object");
  if (rawEvent === undefined || rawEvent === null || rawEvent === "") return refuse("no_event");
  if (!event) return refuse("bad_event");
  if (!present) return refuse("no_object_id");
  if (!id) return refuse("bad_object_id");

  const inboxId = await writerFor(db).write({ ...base, body: text, event, objectId: id, dedupeKey: `${event}:${id}` });
  return { status: 200, body: { received: true }, inboxId, event };
}

/**
 * Refused deliveries older than REFUSED_RETENTION_DAYS go, and each endpoint keeps its newest
 * REFUSED_KEEP (run hourly with the other purges, lib/events/runtime.ts). Returns the rows deleted.
 */
export async function purgeRefusedDeliveries(db: Db, now = new Date(), keep = REFUSED_KEEP): Promise<number> {
  const cutoff = new Date(now.getTime() - REFUSED_RETENTION_DAYS * 86_400_000);
  const old = await db.execute(sql`delete from webhook_inbox where outcome = 'refused' and received_at < ${cutoff}`);
  const excess = await db.execute(sql`
    delete from webhook_inbox where id in (
      select id from (
        select id, row_number() over (partition by organization_id, environment order by id desc) as n
        from webhook_inbox where outcome = 'refused'
      ) r where r.n > ${keep}
    )`);
  // node-postgres says rowCount, PGlite affectedRows.
  const count = (r: unknown) => Number((r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0);
  return count(old) + count(excess);
}
