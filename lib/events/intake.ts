/**
 * Webhook intake, without the framework (the route handler, the tests and the bench call it): check
 * the token and the source address, store the delivery, answer. Nothing else happens before the
 * answer: the worker (worker.ts) processes the stored delivery.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Database } from "@/lib/db/driver";
import type { ApiEnvironment } from "@/lib/db/schema";

type Db = Database<typeof schema>;

/** A webhook body is a small JSON object; anything larger is refused before it is read whole. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** The headers kept with each delivery (never cookies or authorisation). */
const KEPT_HEADERS = ["content-type", "content-length", "user-agent", "x-service-event", "x-service-timestamp", "x-service-delivery-id", "x-service-attempt"];

export type IntakeRequest = { token: string; address: string | null; headers: Headers; body: string | null; tooLarge?: boolean };
export type IntakeAnswer = { status: number; body: { received?: true; error?: string; message?: string }; inboxId?: number };

export async function endpointFor(db: Db, organizationId: string, environment: ApiEnvironment): Promise<{ token: string; registeredAt: Date | null }> {
  const w = schema.webhookEndpoints;
  await db
    .insert(w)
    .values({ organizationId, environment, token: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ token: w.token, registeredAt: w.registeredAt })
    .from(w)
    .where(and(eq(w.organizationId, organizationId), eq(w.environment, environment)));
  return row!;
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

function keptHeaders(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = h.get(name);
    if (v !== null) out[name] = v.slice(0, 500);
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

export async function receiveWebhook(db: Db, req: IntakeRequest, allowlist: readonly string[]): Promise<IntakeAnswer> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(req.token)) return { status: 404, body: { error: "NOT_FOUND" } };
  const endpoint = await endpointByToken(db, req.token);
  if (!endpoint) return { status: 404, body: { error: "NOT_FOUND" } };

  const base = { organizationId: endpoint.organizationId, environment: endpoint.environment, sourceAddress: req.address, headers: keptHeaders(req.headers) };
  const refuse = async (status: number, reason: string, body = "", extra: Partial<typeof schema.webhookInbox.$inferInsert> = {}): Promise<IntakeAnswer> => {
    const [row] = await db
      .insert(schema.webhookInbox)
      .values({ ...base, body, outcome: "refused", reason, processedAt: new Date(), ...extra })
      .returning({ id: schema.webhookInbox.id });
    return { status, body: { error: reason }, inboxId: row!.id };
  };

  // Parsed before anything is decided, so that even a refused delivery is logged with its event and id.
  let parsed: unknown;
  let isJson = false;
  if (req.body !== null && !req.tooLarge) {
    try {
      parsed = JSON.parse(req.body);
      isJson = true;
    } catch {
      /* refused below */
    }
  }
  const p = (parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {}) as Record<string, unknown>;
  const eventName = typeof p.event === "string" ? p.event : req.headers.get("x-service-event");
  const event = eventName && eventName.length <= 100 ? eventName : null;
  const id = [p.transaction_id, p.conversion_id, p.infraction_id].find((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 100) ?? null;
  const seen = { event, objectId: id };

  if (!req.address || !allowlist.includes(req.address)) return refuse(403, "source_address_not_allowed", (req.body ?? "").slice(0, MAX_WEBHOOK_BYTES), seen);
  if (req.tooLarge || req.body === null) return refuse(413, "body_too_large");
  if (!isJson) return refuse(400, "not_json", req.body);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return refuse(400, "not_an_object", req.body);
  if (!event) return refuse(400, "no_event", req.body, seen);
  if (!id) return refuse(400, "no_object_id", req.body, seen);

  const inboxId = await writerFor(db).write({ ...base, body: req.body, event, objectId: id, dedupeKey: `${event}:${id}` });
  return { status: 200, body: { received: true }, inboxId };
}
