"use server";
/**
 * Bulk payouts: check a CSV (every row, nothing sent), create the batch from it, approve or reject a
 * held batch. Each action checks the session, the organisation and the role itself (protectedAction);
 * creating and approving move money, so they also ask the member to prove it is them when their last
 * proof is older than a few minutes (`reauth`). Batches are looked up within the member's
 * organisation and environment: another organisation's id is "not found".
 */
import { z } from "zod";
import { getDb } from "@/lib/db";
import { memberScope } from "@/lib/api-context";
import { protectedAction } from "@/lib/actions/safe-action";
import { recordAudit } from "@/lib/audit/audit";
import { approveBatch, BULK_MAX_BYTES, createBatch, describeRowError, getBatch, rejectBatch, validateBulkCsv } from "@/lib/payouts/bulk";
import { kickBulkRunner } from "@/lib/payouts/bulk-runtime";
import { getApprovalPolicy, needsApproval } from "@/lib/payouts/service";
import { translateKeyOrText, type MessageKey, type Translate } from "@/lib/i18n/translate";
import { recipientText } from "@/lib/payouts/recipient";
import type { PayoutPlan } from "@/lib/payouts/form";
import { formatDocument } from "@/lib/payments/documents";

/**
 * A valid row's recipient as the batch page writes it (the SPEI holder and bank, the address and
 * network), a PIX key with its type and a CPF or CNPJ in its dots: the member checks their own file
 * against it, so nothing is masked here.
 */
function planRecipient(t: Translate, plan: PayoutPlan): string {
  if (plan.kind !== "pix") return recipientText(plan);
  const { keyType, key = "" } = plan.recipient;
  const shown = keyType === "cpf" || keyType === "cnpj" ? formatDocument(key) : key;
  return keyType && t.has(`send.form.keyTypes.${keyType}`) ? `${t(`send.form.keyTypes.${keyType}` as MessageKey)} ${shown}` : shown;
}

const fileSchema = z.object({
  fileName: z.string().max(300).nullable(),
  // a little over the limit, so that the member is told the limit in words rather than "invalid input"
  text: z.string().max(BULK_MAX_BYTES * 2),
});

/** A row as the preview shows it: a valid row's amount exact and its recipient as Send shows it; an invalid one as typed, with its errors in the member's words. */
export type PreviewRow = { line: number; kind: string; amount: string; currency: string | null; recipient: string; errors: string[] };
/** `totals`: per currency, the exact sum of the valid rows; `counts`: how many valid rows each has. */
export type Preview =
  | { ok: true; rows: PreviewRow[]; valid: number; invalid: number; totals: Record<string, string>; counts: Record<string, number>; held: boolean }
  | { ok: false; error: string };

/** Every row of the file checked and described in the member's words; nothing is written or sent. */
export const previewBulkAction = protectedAction("money.move", fileSchema, async ({ text }, { access, t }): Promise<Preview> => {
  const parsed = validateBulkCsv(text);
  if (!parsed.ok) return { ok: false, error: translateKeyOrText(t, parsed.error) };
  const db = await getDb();
  const held = parsed.valid > 0 && needsApproval(await getApprovalPolicy(db, access.organizationId), parsed.totals);
  const counts: Record<string, number> = {};
  for (const r of parsed.rows) if (r.plan) counts[r.plan.currency] = (counts[r.plan.currency] ?? 0) + 1;
  return {
    ok: true,
    valid: parsed.valid,
    invalid: parsed.invalid,
    totals: parsed.totals,
    counts,
    held,
    rows: parsed.rows.map((r) => ({
      line: r.line,
      kind: r.kind,
      amount: r.plan?.amount ?? r.amount,
      currency: r.currency,
      recipient: r.plan ? planRecipient(t, r.plan) : r.recipient,
      errors: r.errors.map((e) => describeRowError(t, e)),
    })),
  };
});

/** Writes the batch (the same upload confirmed twice is one batch: `token`) and starts sending unless the policy holds it. */
export const createBatchAction = protectedAction(
  "money.move",
  fileSchema.extend({ token: z.string().min(8).max(100) }),
  async ({ fileName, text, token }, { access, actor }) => {
    const target = await memberScope(access);
    const db = await getDb();
    const r = await createBatch({ db }, target, access.userId, { fileName, text, token });
    if (!r.replayed) {
      await recordAudit(db, {
        organizationId: access.organizationId,
        actor,
        action: "payout_batch.created",
        target: r.id,
        details: { reference: r.reference, fileName, rows: r.rows, skipped: r.skipped, state: r.state, environment: target.environment },
      });
    }
    if (r.state === "queued") kickBulkRunner();
    return { id: r.id, state: r.state };
  },
  { reauth: true },
);

const idSchema = z.object({ id: z.string().uuid() });

export const approveBatchAction = protectedAction(
  "money.approve",
  idSchema,
  async ({ id }, { access, actor }) => {
    const target = await memberScope(access);
    const db = await getDb();
    await approveBatch(db, target, access.userId, id);
    const batch = await getBatch(db, target, id);
    await recordAudit(db, { organizationId: access.organizationId, actor, action: "payout_batch.approved", target: id, details: { reference: batch?.reference, rows: batch?.rowCount, totals: batch?.totals } });
    kickBulkRunner();
    return { state: "queued" as const };
  },
  { reauth: true },
);

export const rejectBatchAction = protectedAction(
  "money.approve",
  z.object({ id: z.string().uuid(), reason: z.string().trim().min(1, "bulk.errors.reasonRequired").max(300) }),
  async ({ id, reason }, { access, actor }) => {
    const target = await memberScope(access);
    const db = await getDb();
    await rejectBatch(db, target, access.userId, id, reason);
    await recordAudit(db, { organizationId: access.organizationId, actor, action: "payout_batch.rejected", target: id, details: { reason } });
    return { state: "rejected" as const };
  },
);
