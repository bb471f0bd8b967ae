/**
 * Processes stored webhook deliveries. Each instance runs one; they share the inbox by leasing rows
 * (`FOR UPDATE SKIP LOCKED`, then a lease time), so a row is worked by one instance at a time and
 * a crash only delays it until its lease ends. For each delivery:
 *
 *   1. an event whose key (`event:id`) was applied before is a duplicate: recorded, nothing else;
 *   2. a transaction event marks the mirror's row "reported, verifying" and is read back from the
 *      API (the list filtered by transaction_id); only what the API says is written to the mirror;
 *   3. the API agrees (same status, or already further): what it said is written to the mirror
 *      (idempotent), then the event's key, the outcome and the live events commit in one database
 *      transaction: applied once; a concurrent twin finds the key and becomes a duplicate; a process
 *      killed in between leaves no key, and the delivery is worked again when its lease ends;
 *   4. the API disagrees: read again a little later (it may lag), then marked contradicted, shown in
 *      the webhook log and in Reconciliation, and nothing changes;
 *   5. the API cannot be read: retried with a growing delay, then failed.
 *
 * Infraction events (chargeback.*) follow the same steps with the infraction's detail as the
 * read-back, written to the infraction mirror (lib/infractions/mirror.ts).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { ApiContext } from "@/lib/api-context/context";
import { normalizeTransactionStatus } from "@/lib/payment-api/schemas/common";
import type { Transaction } from "@/lib/payment-api";
import { applyApiTransaction, BOLETO_METHODS, clearReported, linkWallet, markReported, markReportedMany } from "./mirror";
import { BOLETO_REGISTERED, EVENT_STATUS, INFRACTION_EVENTS, isHandledEvent, statusRank } from "./status";
import { cleanIdentifier, cleanText, parseBody, webhookFields } from "./payload";
import { publish, publishMany, type LiveKind } from "./live";
import { openFinding } from "./findings";
import { applyApiInfraction, infractionStatusRank, readInfraction } from "@/lib/infractions/mirror";
import type { InfractionDetail } from "@/lib/payment-api/schemas/infractions";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import { log } from "@/lib/observability/log";
import { recordProcessed } from "@/lib/observability/webhooks";

type InboxRow = typeof schema.webhookInbox.$inferSelect;

/** How long a claimed row is left to its instance before another may take it. */
const LEASE_MS = 30_000;
/** Read-backs that disagree are tried this many times (the API may not have caught up yet). */
const CONTRADICTION_TRIES = 3;
/** An unreadable API is retried this many times, from 2 s growing to 5 min. */
const MAX_ATTEMPTS = 12;

/** `leaseMs`: how long a claimed row is left to this instance (default LEASE_MS; tests shorten it). */
export type WorkerDeps = { db: Db; ctx: ApiContext; leaseMs?: number };

/**
 * Leases the due rows, the longest due first: in the order of the partial index on
 * (next_attempt_at, id), so a pass reads its `limit` rows from the index instead of sorting every
 * due row by id (with thousands waiting, a pass took 30–50 ms on PGlite, the event loop's whole
 * time, while webhooks queued behind it).
 */
export async function claimDue(db: Db, limit: number, leaseMs = LEASE_MS): Promise<InboxRow[]> {
  const i = schema.webhookInbox;
  const result = await db.execute(sql`
    update webhook_inbox set attempts = attempts + 1, next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
    where id in (
      select id from webhook_inbox where outcome = 'received' and next_attempt_at <= now()
      order by next_attempt_at, id limit ${limit} for update skip locked
    )
    returning id`);
  // node-postgres and PGlite both answer { rows }.
  const ids = (result as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db
    .select()
    .from(i)
    .where(inArray(i.id, ids))
    .orderBy(i.id);
}

/**
 * Settles a delivery, once: only while it is still waiting ("received"). A claim whose lease ran out
 * (a slow read-back) may be taken again by another instance, and the slower of the two must not
 * overwrite what the other settled (it once turned an "applied" delivery into a "duplicate" of itself).
 */
async function finish(db: Db, row: InboxRow, outcome: schema.WebhookOutcome, fields: { reason?: string; verification?: object } = {}) {
  const i = schema.webhookInbox;
  const settled = await db
    .update(i)
    .set({ outcome, processedAt: new Date(), reason: fields.reason ?? null, verification: fields.verification ?? null })
    .where(and(eq(i.id, row.id), eq(i.outcome, "received")))
    .returning({ id: i.id });
  if (settled.length) await publish(db, row.organizationId, row.environment, "webhook", { id: row.id, event: row.event, objectId: row.objectId, outcome });
}

/** `notAnAttempt`: the claim's attempt is given back (waiting for a rate budget is not a try at the delivery). */
async function retryLater(db: Db, row: InboxRow, delayMs: number, verification: object, notAnAttempt = false) {
  const i = schema.webhookInbox;
  await db
    .update(i)
    .set({ nextAttemptAt: new Date(Date.now() + delayMs), verification, ...(notAnAttempt ? { attempts: sql`${i.attempts} - 1` } : {}) })
    .where(and(eq(i.id, row.id), eq(i.outcome, "received")));
}

async function alreadyApplied(db: Db, row: InboxRow, key = row.dedupeKey!): Promise<boolean> {
  const a = schema.webhookApplied;
  const [hit] = await db
    .select({ id: a.inboxId })
    .from(a)
    .where(and(inScope(a, row), eq(a.dedupeKey, key)));
  return !!hit;
}

/** Records the key; false when a twin got there first. */
async function claimKey(db: Db, row: InboxRow, key = row.dedupeKey!): Promise<boolean> {
  const inserted = await db
    .insert(schema.webhookApplied)
    .values({ organizationId: row.organizationId, environment: row.environment, dedupeKey: key, inboxId: row.id })
    .onConflictDoNothing()
    .returning({ id: schema.webhookApplied.inboxId });
  return inserted.length > 0;
}

/** How long a delivery waits when its credential's list budget is spent: the budget's window. */
const RATE_BUDGET_RETRY_MS = 60_000;

/**
 * Targets (organisation:environment) whose read-back budget refused a call, and until when: their
 * other deliveries go back to the inbox without asking the budget again. A hint of this instance
 * only (the budget itself is shared in PostgreSQL); it saves a burst of deliveries from costing a
 * refused budget call each.
 */
export class BudgetHints {
  #until = new Map<string, number>();
  spent(key: string): boolean {
    const until = this.#until.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.#until.delete(key);
    return false;
  }
  /** The budget said when a slot frees (at least a second, at most its window). */
  mark(key: string, error: unknown): void {
    const seconds = Number((error as { details?: { retry_after_seconds?: unknown } }).details?.retry_after_seconds);
    const ms = Number.isFinite(seconds) ? Math.min(RATE_BUDGET_RETRY_MS, Math.max(1_000, seconds * 1000)) : RATE_BUDGET_RETRY_MS;
    this.#until.set(key, Date.now() + ms);
  }
}

const targetKeyOf = (row: InboxRow) => `${row.organizationId}:${row.environment}`;
const waitingForBudget = (code = "RATE_LIMIT_EXCEEDED") => ({ result: "waiting_for_rate_budget", code, at: new Date().toISOString() });

export async function processRow(deps: WorkerDeps, row: InboxRow, hints: BudgetHints = new BudgetHints()): Promise<schema.WebhookOutcome | "retry"> {
  const { db, ctx } = deps;
  const target: Scope = { organizationId: row.organizationId, environment: row.environment };
  const event = row.event ?? "";
  if (!isHandledEvent(event)) {
    await finish(db, row, "unknown_event", { reason: "event_not_in_spec" });
    return "unknown_event";
  }
  // Either layout (payload.ts), read as the intake read it when it stored the row.
  const payload = webhookFields(parseBody(row.body));
  if (!payload) {
    await finish(db, row, "failed", { reason: "unreadable_body" });
    return "failed";
  }
  if (INFRACTION_EVENTS.includes(event)) return processInfractionRow(deps, row, event, payload, hints);
  if (await alreadyApplied(db, row)) {
    await finish(db, row, "duplicate", { reason: "already_applied" });
    return "duplicate";
  }
  const claimed = typeof EVENT_STATUS[event] === "string" ? EVENT_STATUS[event]! : null;

  // The intake keyed the row by a checked identifier: that one, never a field it did not check.
  const transactionId = row.objectId!;
  if (claimed && (await markReported(db, target, transactionId, claimed))) {
    await publish(db, row.organizationId, row.environment, "transaction", { transactionId, reportedStatus: claimed, verified: false });
  }

  const targetKey = targetKeyOf(row);
  if (hints.spent(targetKey)) {
    await retryLater(db, row, RATE_BUDGET_RETRY_MS, waitingForBudget(), true);
    return "retry";
  }
  let item: Transaction | null;
  let requestId: string | null = null;
  try {
    // No waiting for a budget slot: a full budget sends the row back to the inbox for later (below),
    // instead of holding a worker (and the database) while a burst of deliveries queues up.
    const res = await ctx.call(target, { userId: null }, (c) => c.transactions.list({ transaction_id: transactionId, page_size: 10 }).withResponse(), { budgetWaitMs: 0 });
    requestId = res.requestId;
    item = res.data.items.find((t) => t.transaction_id === transactionId) ?? null;
  } catch (e) {
    const code = (e as { code?: string }).code ?? "ERROR";
    if (code === "RATE_LIMIT_EXCEEDED") {
      // Our own budget (or the API's 429): not a failure of this delivery. The budget's window is a
      // minute: a burst larger than it is verified a window at a time, without churning meanwhile.
      hints.mark(targetKey, e);
      await retryLater(db, row, RATE_BUDGET_RETRY_MS, waitingForBudget(code), true);
      return "retry";
    }
    if (row.attempts >= MAX_ATTEMPTS) {
      await clearReported(db, target, transactionId);
      await finish(db, row, "failed", { reason: `read_back_failed:${code}`, verification: { result: "unreadable", code, at: new Date().toISOString() } });
      return "failed";
    }
    await retryLater(db, row, Math.min(300_000, 2_000 * 2 ** (row.attempts - 1)), { result: "unreadable", code, at: new Date().toISOString() });
    return "retry";
  }

  const apiStatus = item ? normalizeTransactionStatus(item.status) : null;
  const registration = event === BOLETO_REGISTERED ? boletoRegistration(item) : null;
  const agrees = item !== null && (claimed === null || apiStatus === claimed || statusRank(apiStatus) > statusRank(claimed)) && (registration === null || registration.agrees);
  const verification = {
    result: agrees ? "confirmed" : "contradicted",
    apiStatus: registration?.apiSays ?? apiStatus,
    claimedStatus: registration ? "registered" : claimed,
    ...(registration ? { registrationFrom: registration.from } : {}),
    requestId,
    at: new Date().toISOString(),
  };
  if (!agrees) {
    if (row.attempts < CONTRADICTION_TRIES) {
      await retryLater(db, row, 1_000 * row.attempts, { ...verification, result: "verifying" });
      return "retry";
    }
    if (item) await applyApiTransaction(db, target, item, "sync");
    await clearReported(db, target, transactionId);
    await finish(db, row, "contradicted", { reason: item ? `api_says_${verification.apiStatus}` : "not_found_at_api", verification });
    await openFinding(db, target, "contradicted_webhook", transactionId, { inboxId: row.id, event, claimedStatus: claimed, apiStatus });
    await publish(db, row.organizationId, row.environment, "transaction", { transactionId, status: apiStatus, verified: true });
    return "contradicted";
  }
  if (registration) return applyRegistration(deps, row, item!, verification);
  // The API's list leaves out what only the event says (a failed cash-out's error_code): the verified
  // webhook's own fields fill what the list did not carry (checked: they go to text columns).
  const errorCode = cleanText(payload.error_code, 100);
  const direction = cleanText(payload.direction, 20);
  const fromWebhook = {
    ...(item!.error_code == null && errorCode ? { error_code: errorCode } : {}),
    ...((item as { direction?: unknown }).direction == null && direction ? { direction } : {}),
  };
  // What the API said goes to the mirror first (idempotent: a twin writes the same, the status never
  // moves back); then the key, the outcome and the live events commit together. A process killed (or
  // a database lost) between the two leaves the key unclaimed, so the delivery is worked again when
  // its lease ends: never a key recorded for a change the mirror did not get.
  const { status } = await applyApiTransaction(db, target, { ...item!, ...fromWebhook }, "webhook", { event });
  const walletId = event === "wallet_deposit" || item!.source === "wallet_deposit" ? await linkWallet(db, target, transactionId, payload) : null;
  const outcome = await settle(db, row, verification, [
    { kind: "transaction", payload: { transactionId, status, verified: true, event, ...(walletId ? { walletId } : {}) } },
    { kind: "balance", payload: { reason: event } },
  ]);
  // Money moved: the shared copies of the balance and of the limits' use are stale now.
  if (outcome === "applied") await ctx.invalidateTarget(target, ["balance", "limits"]);
  return outcome;
}

type Registration = { agrees: boolean; apiSays: string; from: "api" | "webhook" };

/**
 * What the API says about a boleto's registration, for a `boleto.registered` read-back. The
 * transaction must be a boleto at the API; its registration is the list item's `boleto.registration`
 * (the spec's Transaction fields name the boleto block, the list's "not shown beyond" them; the
 * sandbox returns it). An API whose list carries no registration cannot contradict the event, and
 * the event is believed (registration moves no money; the payer's bank is the final judge of a
 * boleto): `from` says which of the two the mirror's "registered" rests on.
 */
export function boletoRegistration(item: Transaction | null): Registration | null {
  if (!item) return null;
  const method = item.payment_method ?? null;
  const block = (item as { boleto?: unknown }).boleto;
  const said = block && typeof block === "object" ? (block as { registration?: unknown }).registration : undefined;
  if (!BOLETO_METHODS.includes(String(method)) && typeof said !== "string") return { agrees: false, apiSays: `not_a_boleto:${String(method)}`, from: "api" };
  // A boleto paid (or otherwise final) was registered, whatever its block still says.
  if (said === "registered" || statusRank(normalizeTransactionStatus(item.status)) >= 1) return { agrees: true, apiSays: "registered", from: "api" };
  if (typeof said === "string") return { agrees: false, apiSays: said, from: "api" };
  return { agrees: true, apiSays: "registered", from: "webhook" };
}

/**
 * A verified `boleto.registered`: the mirror's row and the charge's boleto say "registered" (mirror.ts
 * keeps the charge in step with what the API said), then key, outcome and live event at once. Not a
 * status event: the row's webhook marker (which Reconciliation's "missed webhook" reads) is left to
 * the payment's own event, and no balance moved.
 */
async function applyRegistration(deps: WorkerDeps, row: InboxRow, item: Transaction, verification: object): Promise<"applied" | "duplicate"> {
  const target: Scope = { organizationId: row.organizationId, environment: row.environment };
  const block = (item as { boleto?: unknown }).boleto;
  const registered = { ...item, boleto: { ...(block && typeof block === "object" ? block : {}), registration: "registered" } } as Transaction;
  // The API's block with registration "registered": what it said (or, paid or silent, what it implies).
  const { status } = await applyApiTransaction(deps.db, target, registered, "webhook");
  return settle(deps.db, row, verification, [{ kind: "transaction", payload: { transactionId: item.transaction_id, status, verified: true, event: row.event, registration: "registered" } }]);
}

/**
 * One transaction: the event's key, the delivery's outcome and what the live streams are told
 * ("duplicate", and no live events, when a twin recorded the key first).
 */
async function settle(db: Db, row: InboxRow, verification: object, events: { kind: LiveKind; payload: Record<string, unknown> }[], key = row.dedupeKey!): Promise<"applied" | "duplicate"> {
  return db.transaction(async (tx) => {
    if (!(await claimKey(tx, row, key))) {
      await finish(tx, row, "duplicate", { reason: "already_applied" });
      return "duplicate";
    }
    await finish(tx, row, "applied", { verification });
    await publishMany(tx, row.organizationId, row.environment, events);
    return "applied";
  });
}

/** What an infraction event claims about its infraction's status. */
const INFRACTION_EVENT_STATUS: Record<string, string> = {
  "chargeback.opened": "open",
  "chargeback.won": "resolved",
  "chargeback.lost": "resolved",
  "chargeback.canceled": "resolved",
  refund_responded: "responded",
};

/**
 * An infraction event: the infraction is read back from the API (its detail) and only what the API
 * says goes to the infraction mirror, once; the same retries as a transaction's read-back.
 */
async function processInfractionRow(deps: WorkerDeps, row: InboxRow, event: string, payload: Record<string, unknown>, hints: BudgetHints): Promise<schema.WebhookOutcome | "retry"> {
  const { db, ctx } = deps;
  const target: Scope = { organizationId: row.organizationId, environment: row.environment };
  const infractionId = cleanIdentifier(payload.infraction_id) ?? row.objectId!;
  const claimed = INFRACTION_EVENT_STATUS[event] ?? null;
  // Keyed by the infraction, not by the disputed transaction the intake keys it by (a transaction
  // may have a second infraction once the first is resolved).
  const key = `${event}:${infractionId}`;
  if (await alreadyApplied(db, row, key)) {
    await finish(db, row, "duplicate", { reason: "already_applied" });
    return "duplicate";
  }
  // The infraction detail has a budget of its own (not the list's).
  const targetKey = `${targetKeyOf(row)}:infraction`;
  if (hints.spent(targetKey)) {
    await retryLater(db, row, RATE_BUDGET_RETRY_MS, waitingForBudget(), true);
    return "retry";
  }
  let detail: InfractionDetail;
  try {
    detail = await readInfraction(ctx, target, infractionId, { budgetWaitMs: 0 });
  } catch (e) {
    const code = (e as { code?: string }).code ?? "ERROR";
    if (code === "RATE_LIMIT_EXCEEDED") {
      hints.mark(targetKey, e);
      await retryLater(db, row, RATE_BUDGET_RETRY_MS, waitingForBudget(code), true);
      return "retry";
    }
    if (row.attempts >= MAX_ATTEMPTS) {
      await finish(db, row, "failed", { reason: `read_back_failed:${code}`, verification: { result: "unreadable", code, at: new Date().toISOString() } });
      return "failed";
    }
    await retryLater(db, row, Math.min(300_000, 2_000 * 2 ** (row.attempts - 1)), { result: "unreadable", code, at: new Date().toISOString() });
    return "retry";
  }
  const apiStatus = detail.status;
  const agrees = claimed === null || infractionStatusRank(apiStatus) >= infractionStatusRank(claimed);
  const verification = { result: agrees ? "confirmed" : "contradicted", apiStatus, claimedStatus: claimed, at: new Date().toISOString() };
  if (!agrees && row.attempts < CONTRADICTION_TRIES) {
    await retryLater(db, row, 1_000 * row.attempts, { ...verification, result: "verifying" });
    return "retry";
  }
  if (!agrees) {
    // The event is not believed (and its key not recorded); what the API says is still written.
    const { status } = await applyApiInfraction(db, target, detail, "webhook");
    await finish(db, row, "contradicted", { reason: `api_says_${apiStatus}`, verification });
    await publish(db, row.organizationId, row.environment, "infraction", { infractionId, event, status });
    return "contradicted";
  }
  // As for a transaction: the mirror first (idempotent), then key, outcome and live events at once.
  const { status } = await applyApiInfraction(db, target, detail, "webhook");
  const outcome = await settle(
    db,
    row,
    verification,
    [
      { kind: "infraction", payload: { infractionId, event, status } },
      { kind: "balance", payload: { reason: event } },
    ],
    key,
  );
  // An opening blocks money and a resolution releases or debits it: the shared balance is stale.
  if (outcome === "applied") await ctx.invalidateTarget(target, "balance");
  return outcome;
}

/**
 * Deliveries of transaction events whose target's read-back budget is known to be spent, in a few
 * statements for the lot instead of several each (what a burst of webhooks costs the database
 * while it waits): the same steps as processRow takes for each (duplicate, "reported, verifying",
 * back to the inbox for the budget's window, not counted as an attempt).
 */
async function deferForBudget(db: Db, rows: InboxRow[]): Promise<void> {
  const a = schema.webhookApplied;
  const i = schema.webhookInbox;
  const { organizationId, environment } = rows[0]!;
  const applied = new Set(
    (
      await db
        .select({ key: a.dedupeKey })
        .from(a)
        .where(and(eq(a.organizationId, organizationId), eq(a.environment, environment), inArray(a.dedupeKey, rows.map((r) => r.dedupeKey!))))
    ).map((r) => r.key),
  );
  const duplicates = rows.filter((r) => applied.has(r.dedupeKey!));
  const waiting = rows.filter((r) => !applied.has(r.dedupeKey!));
  if (duplicates.length) {
    await db
      .update(i)
      .set({ outcome: "duplicate", processedAt: new Date(), reason: "already_applied", verification: null })
      .where(and(inArray(i.id, duplicates.map((r) => r.id)), eq(i.outcome, "received")));
    await publishMany(db, organizationId, environment, duplicates.map((r) => ({ kind: "webhook", payload: { id: r.id, event: r.event, objectId: r.objectId, outcome: "duplicate" } })));
  }
  if (!waiting.length) return;
  // The newest claim per transaction is the one shown.
  const claims = new Map<string, string>();
  for (const r of waiting) {
    const claimed = EVENT_STATUS[r.event as keyof typeof EVENT_STATUS];
    if (typeof claimed === "string" && r.objectId) claims.set(r.objectId, claimed);
  }
  const reported = await markReportedMany(db, { organizationId, environment }, claims);
  await publishMany(db, organizationId, environment, reported.map((r) => ({ kind: "transaction", payload: { transactionId: r.transactionId, reportedStatus: r.reportedStatus, verified: false } })));
  await db
    .update(i)
    .set({ nextAttemptAt: new Date(Date.now() + RATE_BUDGET_RETRY_MS), verification: waitingForBudget(), attempts: sql`${i.attempts} - 1` })
    .where(inArray(i.id, waiting.map((r) => r.id)));
}

/**
 * A delivery whose processing throws goes back to the inbox when its lease ends; one that throws on
 * every claim must not come back for ever: after MAX_ATTEMPTS claims it ends as failed, kept with
 * its body (an admin may replay it from Settings → Webhooks once the cause is fixed).
 */
async function giveUpAfterAttempts(db: Db, row: InboxRow): Promise<void> {
  if (row.attempts >= MAX_ATTEMPTS) await finish(db, row, "failed", { reason: "processing_failed" });
}

/** Objects worked at once in a pass: enough to overlap read-backs, few enough that a spent budget is noticed early. */
const PASS_CONCURRENCY = 8;

/**
 * Hands claimed deliveries back at once (their lease ended now, the claim not counted as an
 * attempt): what a stopping worker had claimed but not begun goes to another instance without
 * waiting for the lease.
 */
export async function releaseClaims(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const i = schema.webhookInbox;
  await db
    .update(i)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`greatest(${i.attempts} - 1, 0)` })
    .where(and(inArray(i.id, ids), eq(i.outcome, "received")));
}

/**
 * One pass: claims up to `limit` due deliveries and processes them; returns how many it took.
 * `stopping`: once it says so (the process is shutting down), deliveries not yet begun are handed
 * back (releaseClaims) and the pass ends after the ones in progress.
 */
export async function processDue(deps: WorkerDeps, limit = 50, hints: BudgetHints = new BudgetHints(), stopping: () => boolean = () => false): Promise<number> {
  const rows = await claimDue(deps.db, limit, deps.leaseMs);
  // Transaction events of targets whose budget is spent: set aside together.
  const deferred = new Map<string, InboxRow[]>();
  const rest: InboxRow[] = [];
  for (const r of rows) {
    const key = targetKeyOf(r);
    if (hints.spent(key) && r.event && isHandledEvent(r.event) && !INFRACTION_EVENTS.includes(r.event) && r.dedupeKey) deferred.set(key, [...(deferred.get(key) ?? []), r]);
    else rest.push(r);
  }
  for (const list of deferred.values()) await deferForBudget(deps.db, list);
  // In order per object (a pending before its confirmed), objects a few at a time.
  const byObject = new Map<string, InboxRow[]>();
  for (const r of rest) byObject.set(r.objectId ?? String(r.id), [...(byObject.get(r.objectId ?? String(r.id)) ?? []), r]);
  const queue = [...byObject.values()];
  const handBack: number[] = [];
  await Promise.all(
    Array.from({ length: Math.min(PASS_CONCURRENCY, queue.length) }, async () => {
      for (let list = queue.shift(); list; list = queue.shift()) {
        for (const [k, r] of list.entries()) {
          if (stopping()) {
            // In order per object: the rest of this object's deliveries go back with it.
            handBack.push(...list.slice(k).map((x) => x.id));
            break;
          }
          const started = performance.now();
          try {
            recordProcessed(r, await processRow(deps, r, hints), performance.now() - started);
          } catch (e) {
            log("events").error({ inboxId: r.id, event: r.event, err: e }, "a webhook delivery could not be processed");
            await giveUpAfterAttempts(deps.db, r).catch(() => undefined);
          }
        }
      }
    }),
  );
  await releaseClaims(deps.db, handBack);
  return rows.length;
}
