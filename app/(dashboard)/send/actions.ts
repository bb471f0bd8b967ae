"use server";
/**
 * Send: payouts (PIX, SPEI, crypto), internal transfers, approvals and the approval policy. Each action
 * checks the session, the organisation and the role itself (protectedAction); money moving and
 * approving also ask the member to prove it is them when their last proof is older than a few minutes
 * (`reauth`). Payouts are looked up within the member's organisation and environment: an id of
 * another organisation is "not found".
 */
import { z } from "zod";
import { getDb } from "@/lib/db";
import { apiContext, memberScope } from "@/lib/api-context";
import { protectedAction } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import { recordAudit } from "@/lib/audit/audit";
import { apiFailure, type FailureWording } from "@/lib/outbound/failure";
import { publicBaseUrl } from "@/lib/env";
import { APPROVAL_MODES } from "@/lib/vocabulary";
import { CURRENCIES } from "@/lib/payments/currencies";
import { normalizeAmount } from "@/lib/charges/form";
import { PAYOUT_FAILURE_CODES } from "@/lib/vocabulary";
import { payoutFieldOf, payoutFormSchema, toPayoutPlan, toTransferPlan, transferFormSchema, type PayoutPlan } from "@/lib/payouts/form";
import { approvePayout, getPayout, PayoutRefused, rejectPayout, requestPayout, sendPayout } from "@/lib/payouts/service";
import { changeApprovalPolicy, decidePolicyChange } from "@/lib/payouts/policy-changes";
import { readPixCode } from "@/lib/payouts/pix-code";
import { sandboxControlFor } from "@/lib/sandbox-control/tools";
import { SandboxControlError } from "@/lib/sandbox-control/client";
import type { Access } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/audit/audit";

/** API codes with a text of their own on the Send page; anything else is described generally. */
const SEND_CODES = new Set([
  "INVALID_PIX_KEY",
  "INVALID_CRYPTO_ADDRESS",
  "INSUFFICIENT_BALANCE",
  "INSUFFICIENT_FUNDS",
  "BELOW_MIN_LIMIT",
  "EXCEEDS_MAX_LIMIT",
  "LIMIT_EXCEEDED",
  "SELF_TRANSFER_BLOCKED",
  "NOT_FOUND",
  "INVALID_CURRENCY",
  "UNSUPPORTED_CURRENCY",
  "MISSING_REQUIRED_FIELD",
  "INVALID_FORMAT",
  "INVALID_VALUE",
  "INVALID_AMOUNT",
  "KYC_REQUIRED",
  "DUPLICATE_EXTERNAL_ID",
  "PENDING_APPROVAL",
]);
const FIELD_OF_CODE: Record<string, string> = {
  INVALID_PIX_KEY: "key",
  INVALID_CRYPTO_ADDRESS: "key",
  BELOW_MIN_LIMIT: "amount",
  EXCEEDS_MAX_LIMIT: "amount",
  INVALID_AMOUNT: "amount",
  INSUFFICIENT_BALANCE: "amount",
  INSUFFICIENT_FUNDS: "amount",
  SELF_TRANSFER_BLOCKED: "username",
  DUPLICATE_EXTERNAL_ID: "external_id",
};

/** The Send page's words for the API's refusals of a payout of `kind` (lib/outbound/failure.ts). */
function sendWording(kind: string): FailureWording {
  return {
    page: "send",
    codes: SEND_CODES,
    fieldOf: (e) => {
      const apiField = e.field ?? FIELD_OF_CODE[e.code];
      return apiField ? payoutFieldOf(apiField, kind) : undefined;
    },
    vars: (e) => ({ network: String(e.details?.["network"] ?? "") }),
  };
}
const sendFailure = (e: unknown, environment: string, kind: string) => apiFailure(e, sendWording(kind), { environment, moneyMayMove: true });

async function request(plan: PayoutPlan, access: Access, actor: Actor) {
  const target = await memberScope(access);
  const db = await getDb();
  const deps = { db, ctx: await apiContext(), publicBaseUrl: publicBaseUrl() };
  try {
    const r = await requestPayout(deps, target, access.userId, plan);
    if (!r.replayed) {
      await recordAudit(db, {
        organizationId: access.organizationId,
        actor,
        action: r.state === "awaiting_approval" ? "payout.requested" : plan.kind === "transfer" ? "transfer.sent" : "payout.sent",
        target: r.id,
        details: { kind: plan.kind, amount: plan.amount, currency: plan.currency, externalId: plan.request.external_id, environment: target.environment },
      });
    }
    return { id: r.id, state: r.state };
  } catch (e) {
    throw sendFailure(e, target.environment, plan.kind);
  }
}

export const requestPayoutAction = protectedAction("money.move", payoutFormSchema, async (form, { access, actor }) => request(toPayoutPlan(form), access, actor), { reauth: true });

export const requestTransferAction = protectedAction("money.move", transferFormSchema, async (form, { access, actor }) => request(toTransferPlan(form), access, actor), { reauth: true });

/** A pasted PIX code read before paying it: who receives it and how much (nothing is sent). */
export const readPixCodeAction = protectedAction("money.move", z.object({ code: z.string().trim().min(1).max(1000) }), async ({ code }, { access }) => {
  const target = await memberScope(access);
  try {
    return await readPixCode(await apiContext(), target, access.userId, code);
  } catch (e) {
    throw apiFailure(e, sendWording("pix"), { environment: target.environment, moneyMayMove: false });
  }
});

const idSchema = z.object({ id: z.string().uuid() });

/** A payout whose answer was lost ("sending") or never sent ("queued"): sent again with the same body, which the API makes one. */
export const resendPayoutAction = protectedAction(
  "money.move",
  idSchema,
  async ({ id }, { access }) => {
    const target = await memberScope(access);
    const db = await getDb();
    const payout = await getPayout(db, target, id);
    if (!payout) throw new Refusal("NOT_FOUND", "send.errors.NOT_FOUND");
    try {
      return { state: await sendPayout({ db, ctx: await apiContext(), publicBaseUrl: publicBaseUrl() }, target, access.userId, id) };
    } catch (e) {
      throw sendFailure(e, target.environment, payout.kind);
    }
  },
  { reauth: true },
);

export const approvePayoutAction = protectedAction(
  "money.approve",
  idSchema,
  async ({ id }, { access, actor }) => {
    const target = await memberScope(access);
    const db = await getDb();
    const payout = await getPayout(db, target, id);
    try {
      const state = await approvePayout({ db, ctx: await apiContext(), publicBaseUrl: publicBaseUrl() }, target, access.userId, id);
      await recordAudit(db, { organizationId: access.organizationId, actor, action: "payout.approved", target: id, details: { state, amount: payout?.amount, currency: payout?.currency } });
      return { state };
    } catch (e) {
      if (!(e instanceof PayoutRefused) && payout) {
        // Approved, then the send failed: the approval stands (the payout is "failed" or still "sending").
        await recordAudit(db, { organizationId: access.organizationId, actor, action: "payout.approved", target: id, details: { state: "send_failed", amount: payout.amount, currency: payout.currency } });
      }
      throw sendFailure(e, target.environment, payout?.kind ?? "pix");
    }
  },
  { reauth: true },
);

export const rejectPayoutAction = protectedAction(
  "money.approve",
  z.object({ id: z.string().uuid(), reason: z.string().trim().min(3, "send.errors.reasonRequired").max(300, "send.errors.tooLong") }),
  async ({ id, reason }, { access, actor }) => {
    const target = await memberScope(access);
    const db = await getDb();
    try {
      await rejectPayout(db, target, access.userId, id, reason);
    } catch (e) {
      throw sendFailure(e, target.environment, "pix");
    }
    await recordAudit(db, { organizationId: access.organizationId, actor, action: "payout.rejected", target: id, details: { reason } });
    return { state: "rejected" as const };
  },
);

const amountText = z
  .string()
  .trim()
  .refine((s) => s === "" || (normalizeAmount(s) !== null && Number(normalizeAmount(s)) > 0), "send.errors.thresholdInvalid");

/**
 * The approval policy (admins). A change that lets more through waits for another admin when there
 * is one (lib/payouts/policy-changes.ts); `applied` says which happened.
 */
export const setApprovalPolicyAction = protectedAction(
  "organization.manage",
  z.object({ mode: z.enum(APPROVAL_MODES), thresholds: z.partialRecord(z.enum(CURRENCIES), amountText) }),
  async ({ mode, thresholds }, { access, actor }) => {
    const clean: Record<string, string> = {};
    for (const [c, v] of Object.entries(thresholds)) if (v) clean[c] = normalizeAmount(v)!;
    if (mode === "above" && Object.keys(clean).length === 0) throw new Refusal("INVALID_INPUT", "send.errors.thresholdMissing", undefined, "thresholds");
    const db = await getDb();
    const { applied } = await changeApprovalPolicy(db, access.organizationId, actor, { mode, thresholds: clean });
    return { mode, thresholds: clean, applied };
  },
  { reauth: true },
);

/** Another admin approves or rejects a waiting change of the policy; its proposer may withdraw it (reject). */
export const decidePolicyChangeAction = protectedAction(
  "organization.manage",
  z.object({ decision: z.enum(["approve", "reject"]) }),
  async ({ decision }, { access, actor }) => {
    const db = await getDb();
    return decidePolicyChange(db, access.organizationId, actor, decision);
  },
  { reauth: true },
);

/** Sandbox credentials only: settle or fail a pending payout (the sandbox then sends its webhook). */
export const simulatePayoutAction = protectedAction(
  "money.move",
  z.object({ id: z.string().uuid(), event: z.enum(["cashout.confirmed", "cashout.failed"]), errorCode: z.enum(PAYOUT_FAILURE_CODES).optional() }),
  async ({ id, event, errorCode }, { access, actor }) => {
    const target = await memberScope(access);
    const control = await sandboxControlFor(access, target.environment);
    if (!control) throw new Refusal("SANDBOX_ONLY", "charges.errors.sandboxOnly");
    const db = await getDb();
    const payout = await getPayout(db, target, id);
    if (!payout?.transactionId || payout.kind === "transfer") throw new Refusal("NOT_FOUND", "send.errors.NOT_FOUND");
    try {
      await control.simulate(payout.transactionId, { event, ...(event === "cashout.failed" ? { error_code: errorCode ?? "UNKNOWN" } : {}) });
    } catch (e) {
      if (e instanceof SandboxControlError) throw new Refusal(e.code, "charges.errors.simulateRefused", { code: e.code });
      throw e;
    }
    await recordAudit(db, { organizationId: access.organizationId, actor, action: "payout.simulated", target: id, details: { event, errorCode, transactionId: payout.transactionId } });
    return { event };
  },
);
