/** Reading batches: the list, and one batch with each row joined to the mirror. */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { byIdInScope, inScope, isRowId, type Db, type Scope } from "@/lib/db/scope";
import { type PayoutRecipient } from "../form";
import { payoutViewColumns, type PayoutView } from "../service";
import { SkippedRow } from "./batches";

export type BatchCounts = { total: number; awaiting: number; queued: number; sending: number; sent: number; failed: number; rejected: number; confirmed: number; settledFailed: number };

export type BatchSummary = {
  id: string;
  reference: string;
  fileName: string | null;
  state: schema.PayoutBatchState;
  rowCount: number;
  skippedCount: number;
  totals: Record<string, string>;
  requestedBy: string | null;
  requestedByName: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
  createdAt: string;
  finishedAt: string | null;
  counts: BatchCounts;
};

/** A row of a batch: the payout as the single payouts show it (with the mirror's status, error_code and fee), and its CSV line. */
export type BatchRowView = Pick<
  PayoutView,
  "id" | "externalId" | "kind" | "currency" | "amount" | "network" | "recipient" | "description" | "state" | "errorCode" | "transactionId" | "status" | "mirrorErrorCode" | "fee"
> & { line: number };

export type BatchView = BatchSummary & { rows: BatchRowView[]; skipped: SkippedRow[] };

function summarySelect() {
  const b = schema.payoutBatches;
  const count = (cond: ReturnType<typeof sql>) => sql<number>`(select count(*)::int from payouts p where p.batch_id = "payout_batches"."id" and ${cond})`;
  return {
    id: b.id,
    reference: b.reference,
    fileName: b.fileName,
    state: b.state,
    rowCount: b.rowCount,
    skipped: b.skipped,
    totals: b.totals,
    requestedBy: b.requestedBy,
    requestedByName: sql<string | null>`(select coalesce(u.name, u.email) from users u where u.id = "payout_batches"."requested_by")`,
    decidedByName: sql<string | null>`(select coalesce(u.name, u.email) from users u where u.id = "payout_batches"."decided_by")`,
    decidedAt: b.decidedAt,
    rejectReason: b.rejectReason,
    createdAt: b.createdAt,
    finishedAt: b.finishedAt,
    awaiting: count(sql`p.state = 'awaiting_approval'`),
    queued: count(sql`p.state = 'queued'`),
    sending: count(sql`p.state = 'sending'`),
    sent: count(sql`p.state = 'sent'`),
    failed: count(sql`p.state = 'failed'`),
    rejected: count(sql`p.state = 'rejected'`),
    confirmed: sql<number>`(select count(*)::int from payouts p join transactions t on t.organization_id = p.organization_id and t.environment = p.environment and t.transaction_id = p.transaction_id where p.batch_id = "payout_batches"."id" and t.status = 'confirmed')`,
    settledFailed: sql<number>`(select count(*)::int from payouts p join transactions t on t.organization_id = p.organization_id and t.environment = p.environment and t.transaction_id = p.transaction_id where p.batch_id = "payout_batches"."id" and t.status in ('failed', 'refunded'))`,
  };
}

type SummaryRow = { [K in keyof ReturnType<typeof summarySelect>]: unknown };

function toSummary(r: SummaryRow): BatchSummary {
  const n = (v: unknown) => Number(v ?? 0);
  const d = (v: unknown) => (v ? new Date(v as Date).toISOString() : null);
  return {
    id: r.id as string,
    reference: r.reference as string,
    fileName: r.fileName as string | null,
    state: r.state as schema.PayoutBatchState,
    rowCount: n(r.rowCount),
    skippedCount: ((r.skipped ?? []) as unknown[]).length,
    totals: (r.totals ?? {}) as Record<string, string>,
    requestedBy: r.requestedBy as string | null,
    requestedByName: r.requestedByName as string | null,
    decidedByName: r.decidedByName as string | null,
    decidedAt: d(r.decidedAt),
    rejectReason: r.rejectReason as string | null,
    createdAt: d(r.createdAt)!,
    finishedAt: d(r.finishedAt),
    counts: {
      total: n(r.rowCount),
      awaiting: n(r.awaiting),
      queued: n(r.queued),
      sending: n(r.sending),
      sent: n(r.sent),
      failed: n(r.failed),
      rejected: n(r.rejected),
      confirmed: n(r.confirmed),
      settledFailed: n(r.settledFailed),
    },
  };
}

export async function listBatches(db: Db, target: Scope, limit = 20): Promise<BatchSummary[]> {
  const b = schema.payoutBatches;
  const rows = await db
    .select(summarySelect())
    .from(b)
    .where(inScope(b, target))
    .orderBy(desc(b.createdAt))
    .limit(limit);
  return rows.map((r) => toSummary(r as SummaryRow));
}

/** A batch with each row's state joined to the mirror (status, error code, fee); null when not the organisation's. */
export async function getBatch(db: Db, target: Scope, id: string): Promise<BatchView | null> {
  if (!isRowId(id)) return null;
  const b = schema.payoutBatches;
  const [row] = await db
    .select(summarySelect())
    .from(b)
    .where(byIdInScope(b, target, id))
    .limit(1);
  if (!row) return null;
  const p = schema.payouts;
  const t = schema.transactions;
  const rows = await db
    .select({ ...payoutViewColumns(), line: p.rowNumber })
    .from(p)
    .leftJoin(t, and(inScope(t, p), eq(t.transactionId, p.transactionId)))
    .where(eq(p.batchId, id))
    .orderBy(asc(p.rowNumber));
  return {
    ...toSummary(row as SummaryRow),
    skipped: (row.skipped ?? []) as SkippedRow[],
    rows: rows.map((r) => ({
      ...r,
      line: Number(r.line ?? 0),
      amount: String(r.amount),
      fee: r.fee === null ? null : String(r.fee),
      recipient: (r.recipient ?? {}) as PayoutRecipient,
    })),
  };
}
