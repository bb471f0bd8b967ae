/**
 * Payouts (PIX, SPEI, crypto cash-outs) and internal transfers: requested, approved when the
 * organisation's policy asks, and sent through the organisation's API context, never twice.
 *
 * The payout is written before anything is sent, keyed by (organisation, environment, external_id),
 * with the exact body that will go out. Whatever happens next (a second member approves it hours
 * later, the answer is lost and the member retries, the page is reloaded and submitted again, a bulk
 * batch resumes after a crash) the same external_id goes out with the same body, and the spec's rule 5
 * ("the same external_id with the same body returns the original transaction") makes it one payout.
 * What a failed call may have done is decided in one place (lib/api-context/outcome.ts): a refusal
 * the API gave marks it failed; a request never sent (the provider not answering, the rate budget)
 * puts it back in the queue, to go when the member sends it again (or the bulk runner's next pass);
 * an unknown outcome (timeout, 5xx, connection lost after sending) leaves it "sending", and only the
 * same body may follow.
 *
 * No Next.js imports: tests, scripts and the bulk runner call it with a database and an API context of
 * their own.
 */
import { Refusal } from "@/lib/refusal";
import { claim, sameRequest } from "@/lib/outbound/claim";
import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { rowsOf } from "@/lib/api-context/rate-budget";
import { byIdInScope, columnsOf, inScope, isRowId, type Db, type Scope } from "@/lib/db/scope";
import type { ApiContext } from "@/lib/api-context/context";
import { callOutcome } from "@/lib/api-context/outcome";
import { isPaymentApiError, type Transaction } from "@/lib/payment-api";
import { applyApiTransaction } from "@/lib/events/mirror";
import { publish } from "@/lib/events/live";
import { postbackUrlFor } from "@/lib/events/intake";
import { Money } from "@/lib/payments/money";
import type { PayoutPlan, PayoutRecipient } from "./form";
import { NO_APPROVAL, needsApproval, type ApprovalPolicy } from "./policy";

export { NO_APPROVAL, needsApproval, type ApprovalPolicy };

export type PayoutDeps = { db: Db; ctx: ApiContext; publicBaseUrl: string };

/** A payout refused by the dashboard itself (the API's own refusals come as PaymentApiError). */
export class PayoutRefused extends Refusal<"INTERNAL_CONFLICT" | "EXTERNAL_ID_USED" | "EXTERNAL_ID_PENDING" | "NOT_FOUND" | "ALREADY_DECIDED" | "OWN_REQUEST"> {
  constructor(code: PayoutRefused["code"], field?: string) {
    super(code, `send.errors.${code}`, undefined, field);
  }
}

// --- the approval policy ------------------------------------------------------------------------

export async function getApprovalPolicy(db: Db, organizationId: string): Promise<ApprovalPolicy> {
  const p = schema.approvalPolicies;
  const [row] = await db.select({ mode: p.mode, thresholds: p.thresholds }).from(p).where(eq(p.organizationId, organizationId)).limit(1);
  return row ? { mode: row.mode, thresholds: (row.thresholds ?? {}) as Record<string, string> } : NO_APPROVAL;
}

export async function setApprovalPolicy(db: Db, organizationId: string, userId: string | null, policy: ApprovalPolicy): Promise<void> {
  const p = schema.approvalPolicies;
  await db
    .insert(p)
    .values({ organizationId, mode: policy.mode, thresholds: policy.thresholds, updatedBy: userId })
    .onConflictDoUpdate({ target: p.organizationId, set: { mode: policy.mode, thresholds: policy.thresholds, updatedBy: userId, updatedAt: new Date() } });
}

// --- request, approve, reject, send -------------------------------------------------------------

export type RequestResult = { id: string; state: schema.PayoutState; replayed: boolean };

/**
 * Writes the payout (or transfer) and sends it at once unless the policy holds it for approval. A
 * second request with the same external_id and body is the same payout: it is answered as it stands
 * (and sent again when its first answer was lost); another body under that reference is refused.
 */
export async function requestPayout(deps: PayoutDeps, target: Scope, userId: string | null, plan: PayoutPlan, policy?: ApprovalPolicy): Promise<RequestResult> {
  const { db } = deps;
  const p = schema.payouts;
  const held = needsApproval(policy ?? (await getApprovalPolicy(db, target.organizationId)), { [plan.currency]: plan.amount });
  const claimed = await claim(
    db,
    p,
    target,
    { ...payoutValuesOf(target, plan), state: held ? "awaiting_approval" : "queued", requestedBy: userId },
    () => new PayoutRefused("INTERNAL_CONFLICT"),
    (row) => sameRequest(row.request, plan.request) && row.kind === plan.kind,
  );
  if (claimed.fresh) {
    if (held) return { id: claimed.id, state: "awaiting_approval", replayed: false };
    return { id: claimed.id, state: await sendPayout(deps, target, userId, claimed.id), replayed: false };
  }
  const { row: existing, same } = claimed;
  if (!same) {
    if (existing.state === "failed" && !existing.batchId) {
      // The API refused the first body: a corrected one may go out under the same reference.
      await db
        .update(p)
        .set({ kind: plan.kind, currency: plan.currency, amount: plan.amount, network: plan.network, recipient: plan.recipient, request: plan.request, description: plan.description, state: held ? "awaiting_approval" : "queued", errorCode: null, requestedBy: userId, decidedBy: null, decidedAt: null, updatedAt: new Date() })
        .where(and(eq(p.id, existing.id), eq(p.state, "failed")));
      if (held) return { id: existing.id, state: "awaiting_approval", replayed: false };
      return { id: existing.id, state: await sendPayout(deps, target, userId, existing.id), replayed: false };
    }
    throw new PayoutRefused(existing.state === "sending" ? "EXTERNAL_ID_PENDING" : "EXTERNAL_ID_USED", "externalId");
  }
  // The same request again: a double click, a reload, a retry after a lost answer or after the
  // provider did not answer (queued: nothing was sent).
  if (existing.state === "sending" || existing.state === "queued") {
    return { id: existing.id, state: await sendPayout(deps, target, userId, existing.id), replayed: true };
  }
  return { id: existing.id, state: existing.state, replayed: true };
}

/**
 * Sends a queued (or unanswered "sending") payout with its stored body; returns its new state.
 * Concurrent calls for one payout may both reach the API: they carry the same external_id and body,
 * which the API answers with one transaction.
 */
export async function sendPayout(deps: PayoutDeps, target: Scope, userId: string | null, id: string): Promise<schema.PayoutState> {
  const { db, ctx } = deps;
  const p = schema.payouts;
  const [row] = await db
    .update(p)
    .set({ state: "sending", updatedAt: new Date() })
    .where(and(byIdInScope(p, target, id), inArray(p.state, ["queued", "sending"])))
    .returning();
  if (!row) {
    const [now] = await db.select({ state: p.state }).from(p).where(eq(p.id, id)).limit(1);
    if (!now) throw new PayoutRefused("NOT_FOUND");
    return now.state;
  }
  const request = row.request as Record<string, unknown>;
  let tx: Transaction;
  try {
    if (row.kind === "transfer") {
      const r = await ctx.call(target, { userId }, (client) => client.transfers.create(request as never));
      tx = {
        transaction_id: r.transaction_id,
        external_id: row.externalId,
        type: "cashout",
        source: "internal_transfer",
        status: r.status,
        amount: new Money(row.amount),
        currency: row.currency,
        direction: "sent",
        description: row.description,
        created_at: new Date().toISOString(),
      } as unknown as Transaction;
    } else {
      const postback_url = await postbackUrlFor(db, target.organizationId, target.environment, deps.publicBaseUrl);
      const r = await ctx.call(target, { userId }, (client) => client.cashout.create({ ...request, postback_url } as never));
      tx = {
        transaction_id: r.transaction_id,
        external_id: row.externalId,
        type: "cashout",
        source: "cashout",
        status: r.status,
        amount: new Money(row.amount),
        currency: row.currency,
        network: row.network,
        chain: row.network,
        payment_method: row.kind === "pix" ? "PIX" : row.kind === "spei" ? "SPEI" : "CRYPTO",
        description: row.description,
        created_at: new Date().toISOString(),
      } as unknown as Transaction;
    }
  } catch (e) {
    const outcome = callOutcome(e);
    if (outcome === "sent") {
      await db
        .update(p)
        .set({ state: "failed", errorCode: isPaymentApiError(e) ? e.code : "ERROR", updatedAt: new Date() })
        .where(and(eq(p.id, id), eq(p.state, "sending")));
    } else if (outcome === "not-sent") {
      // Nothing reached the API: back to the queue, with its body and reference unchanged.
      await db.update(p).set({ state: "queued", updatedAt: new Date() }).where(and(eq(p.id, id), eq(p.state, "sending")));
    }
    throw e;
  }
  await db.update(p).set({ state: "sent", errorCode: null, transactionId: tx.transaction_id, sentAt: new Date(), updatedAt: new Date() }).where(eq(p.id, id));
  await applyApiTransaction(db, target, tx, "dashboard");
  await publish(db, target.organizationId, target.environment, "transaction", { transactionId: tx.transaction_id, status: tx.status, payoutId: id });
  return "sent";
}

/**
 * A second member approves a held payout: it is queued and sent with the body (and external_id) fixed
 * when it was requested. The requester can never approve their own (checked in the same statement).
 */
export async function approvePayout(deps: PayoutDeps, target: Scope, approverId: string, id: string): Promise<schema.PayoutState> {
  const p = schema.payouts;
  const [row] = await deps.db
    .update(p)
    .set({ state: "queued", decidedBy: approverId, decidedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(p.id, id),
        eq(p.organizationId, target.organizationId),
        eq(p.environment, target.environment),
        eq(p.state, "awaiting_approval"),
        isNull(p.batchId),
        or(isNull(p.requestedBy), ne(p.requestedBy, approverId)),
      ),
    )
    .returning({ id: p.id });
  if (!row) throw await whyNotDecidable(deps.db, target, id, approverId);
  return sendPayout(deps, target, approverId, id);
}

export async function rejectPayout(db: Db, target: Scope, userId: string, id: string, reason: string): Promise<void> {
  const p = schema.payouts;
  const [row] = await db
    .update(p)
    .set({ state: "rejected", decidedBy: userId, decidedAt: new Date(), rejectReason: reason, updatedAt: new Date() })
    .where(and(byIdInScope(p, target, id), eq(p.state, "awaiting_approval"), isNull(p.batchId)))
    .returning({ id: p.id });
  if (!row) throw await whyNotDecidable(db, target, id, null);
}

async function whyNotDecidable(db: Db, target: Scope, id: string, approverId: string | null): Promise<PayoutRefused> {
  const p = schema.payouts;
  const [row] = await db
    .select({ state: p.state, requestedBy: p.requestedBy })
    .from(p)
    .where(and(byIdInScope(p, target, id), isNull(p.batchId)))
    .limit(1);
  if (!row) return new PayoutRefused("NOT_FOUND");
  if (row.state !== "awaiting_approval") return new PayoutRefused("ALREADY_DECIDED");
  if (approverId && row.requestedBy === approverId) return new PayoutRefused("OWN_REQUEST");
  return new PayoutRefused("NOT_FOUND");
}

// --- reads ----------------------------------------------------------------------------------------

export type PayoutView = {
  id: string;
  externalId: string;
  kind: schema.PayoutKind;
  currency: string;
  amount: string;
  network: string | null;
  recipient: PayoutRecipient;
  description: string | null;
  state: schema.PayoutState;
  errorCode: string | null;
  transactionId: string | null;
  batchId: string | null;
  requestedBy: string | null;
  requestedByName: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
  createdAt: string;
  /** the mirror's view of it */
  status: string | null;
  mirrorErrorCode: string | null;
  fee: string | null;
  amountNet: string | null;
  e2eId: string | null;
  txHash: string | null;
  direction: string | null;
  reportedStatus: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns every view of a payout reads: the payout's own, and its transaction's in the mirror (left-joined). */
export function payoutViewColumns() {
  const p = schema.payouts;
  const t = schema.transactions;
  return {
    ...columnsOf(p, ["id", "externalId", "kind", "currency", "amount", "network", "recipient", "description", "state", "errorCode", "transactionId"]),
    status: t.status,
    mirrorErrorCode: t.errorCode,
    fee: t.fee,
  };
}

/** What a payout row holds of its plan, in the organisation's scope (the caller adds its reference, state and author). */
export function payoutValuesOf(target: Scope, plan: PayoutPlan) {
  return {
    organizationId: target.organizationId,
    environment: target.environment,
    externalId: String(plan.request.external_id),
    kind: plan.kind,
    currency: plan.currency,
    amount: plan.amount,
    network: plan.network,
    recipient: plan.recipient,
    request: plan.request,
    description: plan.description,
  };
}

function baseQuery(db: Db) {
  const p = schema.payouts;
  const t = schema.transactions;
  const requester = sql<string | null>`(select coalesce(u.name, u.email) from users u where u.id = ${p.requestedBy})`;
  const decider = sql<string | null>`(select coalesce(u.name, u.email) from users u where u.id = ${p.decidedBy})`;
  return db
    .select({
      ...payoutViewColumns(),
      batchId: p.batchId,
      requestedBy: p.requestedBy,
      requestedByName: requester,
      decidedByName: decider,
      decidedAt: p.decidedAt,
      rejectReason: p.rejectReason,
      createdAt: p.createdAt,
      amountNet: t.amountNet,
      e2eId: t.e2eId,
      txHash: t.txHash,
      direction: t.direction,
      reportedStatus: t.reportedStatus,
    })
    .from(p)
    .leftJoin(t, and(inScope(t, p), eq(t.transactionId, p.transactionId)));
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number];
function toView(r: Row): PayoutView {
  return {
    ...r,
    amount: String(r.amount),
    fee: r.fee === null ? null : String(r.fee),
    amountNet: r.amountNet === null ? null : String(r.amountNet),
    recipient: (r.recipient ?? {}) as PayoutRecipient,
    decidedAt: iso(r.decidedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

async function views(db: Db, where: SQL | undefined, limit: number): Promise<PayoutView[]> {
  const rows = await baseQuery(db).where(where).orderBy(desc(schema.payouts.createdAt)).limit(limit);
  return rows.map(toView);
}

export async function getPayout(db: Db, target: Scope, id: string): Promise<PayoutView | null> {
  if (!isRowId(id)) return null;
  const [view] = await views(db, byIdInScope(schema.payouts, target, id), 1);
  return view ?? null;
}

/** The latest single payouts and transfers (bulk rows are shown with their batch). */
export async function listPayouts(db: Db, target: Scope, opts: { states?: schema.PayoutState[]; limit?: number } = {}): Promise<PayoutView[]> {
  const p = schema.payouts;
  return views(db, and(inScope(p, target), isNull(p.batchId), opts.states ? inArray(p.state, opts.states) : undefined), opts.limit ?? 20);
}

/** How many requests wait for a second member (single payouts and bulk batches): the menu's badge. */
export async function pendingApprovalCount(db: Db, target: Scope): Promise<number> {
  const p = schema.payouts;
  const b = schema.payoutBatches;
  // Single payouts and batches waiting, in one statement.
  const single = db
    .select({ n: sql<number>`count(*)` })
    .from(p)
    .where(and(inScope(p, target), eq(p.state, "awaiting_approval"), isNull(p.batchId)));
  const batches = db
    .select({ n: sql<number>`count(*)` })
    .from(b)
    .where(and(inScope(b, target), eq(b.state, "awaiting_approval")));
  const rows = await db.execute(sql`select ((${single}) + (${batches}))::int as n`);
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

export type AwaitingBatch = { id: string; fileName: string | null; rowCount: number; totals: Record<string, string>; requestedBy: string | null; requestedByName: string | null; createdAt: string };

/** Bulk batches held for approval (each is decided on its own page). */
export async function awaitingBatches(db: Db, target: Scope): Promise<AwaitingBatch[]> {
  const b = schema.payoutBatches;
  const rows = await db
    .select({
      id: b.id,
      fileName: b.fileName,
      rowCount: b.rowCount,
      totals: b.totals,
      requestedBy: b.requestedBy,
      requestedByName: sql<string | null>`(select coalesce(u.name, u.email) from users u where u.id = ${b.requestedBy})`,
      createdAt: b.createdAt,
    })
    .from(b)
    .where(and(inScope(b, target), eq(b.state, "awaiting_approval")))
    .orderBy(desc(b.createdAt))
    .limit(50);
  return rows.map((r) => ({ ...r, totals: (r.totals ?? {}) as Record<string, string>, createdAt: r.createdAt.toISOString() }));
}

/** Single payouts and transfers decided lately (approved or rejected), newest first. */
export async function recentlyDecided(db: Db, target: Scope, limit = 10): Promise<PayoutView[]> {
  const p = schema.payouts;
  const rows = await baseQuery(db)
    .where(and(inScope(p, target), isNull(p.batchId), sql`${p.decidedAt} is not null`))
    .orderBy(desc(p.decidedAt))
    .limit(limit);
  return rows.map(toView);
}
