/** Batches: written once per file (never twice), approved or rejected as one by the organisation's policy. */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, ne, or } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { byIdInScope, inScope, type Db, type Scope } from "@/lib/db/scope";
import { publish } from "@/lib/events/live";
import { getApprovalPolicy, needsApproval, payoutValuesOf, type PayoutDeps } from "../service";
import { RowError, validateBulkCsv } from "./validate";
import { Refusal } from "@/lib/refusal";
import type { MessageKey } from "@/lib/i18n/translate";

/** A batch refused: its words are `bulk.errors.<code>`, or for FILE_INVALID the file's problem ("key|name=value", on the file field). */
export class BulkRefused extends Refusal<"FILE_INVALID" | "NO_VALID_ROWS" | "NOT_FOUND" | "ALREADY_DECIDED" | "OWN_REQUEST"> {
  constructor(code: BulkRefused["code"], problem?: string) {
    const [key, ...pairs] = code === "FILE_INVALID" && problem ? problem.split("|") : [`bulk.errors.${code}`];
    super(code, key as MessageKey, pairs.length ? Object.fromEntries(pairs.map((p) => p.split("=") as [string, string])) : undefined, problem ? "file" : undefined);
  }
}

const BASE32 = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/**
 * The batch's reference: 10 characters, derived from the upload's one-time token, so that the same
 * upload confirmed twice (a double click, a resubmit) is the same batch.
 */
export function batchReference(target: Scope, token: string): string {
  const h = createHash("sha256").update(`${target.organizationId}|${target.environment}|${token}`).digest();
  let out = "B";
  for (let i = 0; i < 9; i++) out += BASE32[h[i]! % BASE32.length];
  return out;
}

export type SkippedRow = { line: number; kind: string; amount: string; recipient: string; errors: RowError[] };
export type CreateBatchResult = { id: string; reference: string; state: schema.PayoutBatchState; rows: number; skipped: number; replayed: boolean };

/**
 * Writes the batch and its valid rows (as payouts with their exact bodies). Rows with errors are kept
 * on the batch (for the results file), never sent. The whole batch waits for approval when the
 * policy holds its totals per currency; otherwise its rows are queued for the runner.
 */
export async function createBatch(
  deps: Pick<PayoutDeps, "db">,
  target: Scope,
  userId: string | null,
  file: { fileName: string | null; text: string; token?: string },
): Promise<CreateBatchResult> {
  const { db } = deps;
  const reference = batchReference(target, file.token ?? randomBytes(16).toString("hex"));
  const b = schema.payoutBatches;
  const [existing] = await db
    .select({ id: b.id, state: b.state, rowCount: b.rowCount, skipped: b.skipped })
    .from(b)
    .where(and(inScope(b, target), eq(b.reference, reference)))
    .limit(1);
  if (existing) return { id: existing.id, reference, state: existing.state, rows: existing.rowCount, skipped: (existing.skipped as unknown[]).length, replayed: true };

  const parsed = validateBulkCsv(file.text, reference);
  if (!parsed.ok) throw new BulkRefused("FILE_INVALID", parsed.error);
  if (parsed.valid === 0) throw new BulkRefused("NO_VALID_ROWS");
  const held = needsApproval(await getApprovalPolicy(db, target.organizationId), parsed.totals);
  const skipped: SkippedRow[] = parsed.rows.filter((r) => !r.plan).map((r) => ({ line: r.line, kind: r.kind, amount: r.amount, recipient: r.recipient, errors: r.errors }));
  const fileName = file.fileName ? file.fileName.slice(0, 200) : null;

  const result = await db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(b)
      .values({
        organizationId: target.organizationId,
        environment: target.environment,
        reference,
        fileName,
        state: held ? "awaiting_approval" : "queued",
        rowCount: parsed.valid,
        skipped,
        totals: parsed.totals,
        requestedBy: userId,
      })
      .onConflictDoNothing()
      .returning({ id: b.id, state: b.state });
    if (!batch) return null;
    const rows = parsed.rows.filter((r) => r.plan);
    for (let i = 0; i < rows.length; i += 200) {
      await tx.insert(schema.payouts).values(
        rows.slice(i, i + 200).map((r) => {
          const plan = r.plan!;
          return {
            ...payoutValuesOf(target, plan),
            state: (held ? "awaiting_approval" : "queued") as schema.PayoutState,
            batchId: batch.id,
            rowNumber: r.line,
            requestedBy: userId,
          };
        }),
      );
    }
    return batch;
  });
  if (!result) {
    // The same upload confirmed twice at once: the other request wrote it.
    const [again] = await db
      .select({ id: b.id, state: b.state })
      .from(b)
      .where(and(inScope(b, target), eq(b.reference, reference)))
      .limit(1);
    if (!again) throw new BulkRefused("NOT_FOUND");
    return { id: again.id, reference, state: again.state, rows: parsed.valid, skipped: skipped.length, replayed: true };
  }
  await publish(db, target.organizationId, target.environment, "transaction", { batchId: result.id, state: result.state });
  return { id: result.id, reference, state: result.state, rows: parsed.valid, skipped: skipped.length, replayed: false };
}

/**
 * A second member approves a held batch: every row is queued for the runner with the body (and
 * external_id) fixed at upload. The requester never approves their own (checked in the statement).
 */
export async function approveBatch(db: Db, target: Scope, approverId: string, id: string): Promise<void> {
  const b = schema.payoutBatches;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(b)
      .set({ state: "queued", decidedBy: approverId, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(byIdInScope(b, target, id), eq(b.state, "awaiting_approval"), or(isNull(b.requestedBy), ne(b.requestedBy, approverId))))
      .returning({ id: b.id });
    if (!row) return false;
    const p = schema.payouts;
    await tx
      .update(p)
      .set({ state: "queued", decidedBy: approverId, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(p.batchId, id), eq(p.state, "awaiting_approval")));
    return true;
  });
  if (!done) throw await whyNotDecidable(db, target, id, approverId);
  await publish(db, target.organizationId, target.environment, "transaction", { batchId: id, state: "queued" });
}

/** A member with the right declines a held batch, with a reason: none of its rows is ever sent. */
export async function rejectBatch(db: Db, target: Scope, userId: string, id: string, reason: string): Promise<void> {
  const b = schema.payoutBatches;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(b)
      .set({ state: "rejected", decidedBy: userId, decidedAt: new Date(), rejectReason: reason, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(byIdInScope(b, target, id), eq(b.state, "awaiting_approval")))
      .returning({ id: b.id });
    if (!row) return false;
    const p = schema.payouts;
    await tx
      .update(p)
      .set({ state: "rejected", decidedBy: userId, decidedAt: new Date(), rejectReason: reason, updatedAt: new Date() })
      .where(and(eq(p.batchId, id), eq(p.state, "awaiting_approval")));
    return true;
  });
  if (!done) throw await whyNotDecidable(db, target, id, null);
  await publish(db, target.organizationId, target.environment, "transaction", { batchId: id, state: "rejected" });
}

async function whyNotDecidable(db: Db, target: Scope, id: string, approverId: string | null): Promise<BulkRefused> {
  const b = schema.payoutBatches;
  const [row] = await db
    .select({ state: b.state, requestedBy: b.requestedBy })
    .from(b)
    .where(byIdInScope(b, target, id))
    .limit(1);
  if (!row) return new BulkRefused("NOT_FOUND");
  if (row.state !== "awaiting_approval") return new BulkRefused("ALREADY_DECIDED");
  if (approverId && row.requestedBy === approverId) return new BulkRefused("OWN_REQUEST");
  return new BulkRefused("NOT_FOUND");
}
