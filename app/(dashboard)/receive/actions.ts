"use server";
/**
 * Receive: create a charge, turn its payment page on or off, and (sandbox credentials only) drive it.
 * Each action checks the session, the organisation and the role itself (protectedAction), and the
 * charge is looked up within the member's organisation and environment: an id of another
 * organisation is "not found".
 */
import { z } from "zod";
import { getDb } from "@/lib/db";
import { apiContext, memberScope } from "@/lib/api-context";
import { protectedAction } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import { recordAudit } from "@/lib/audit/audit";
import { apiFailure, type FailureWording } from "@/lib/outbound/failure";
import { publicBaseUrl } from "@/lib/env";
import { CHARGE_SIMULATIONS, chargeFormSchema, formFieldOf } from "@/lib/charges/form";
import { createCharge, getCharge, setPayEnabled } from "@/lib/charges/service";
import { sandboxControlFor } from "@/lib/sandbox-control/tools";
import { SandboxControlError } from "@/lib/sandbox-control/client";

/** API codes with a text of their own in the charge form; anything else is described generally. */
const FORM_CODES = new Set([
  "BELOW_MIN_LIMIT",
  "EXCEEDS_MAX_LIMIT",
  "LIMIT_EXCEEDED",
  "INVALID_DOCUMENT",
  "INVALID_SPLIT_CONFIG",
  "DUPLICATE_EXTERNAL_ID",
  "INVALID_AMOUNT",
  "INVALID_CURRENCY",
  "UNSUPPORTED_CHAIN",
  "UNSUPPORTED_CURRENCY",
  "MISSING_REQUIRED_FIELD",
  "INVALID_FORMAT",
  "INVALID_VALUE",
  "KYC_REQUIRED",
]);
const FIELD_OF_CODE: Record<string, string> = { INVALID_DOCUMENT: "payer.document", INVALID_SPLIT_CONFIG: "split", DUPLICATE_EXTERNAL_ID: "externalId", BELOW_MIN_LIMIT: "amount", EXCEEDS_MAX_LIMIT: "amount", INVALID_AMOUNT: "amount", UNSUPPORTED_CHAIN: "chain" };

/** The charge form's words for the API's refusals (lib/outbound/failure.ts). */
const CHARGE_WORDING: FailureWording = {
  page: "charges",
  codes: FORM_CODES,
  fieldOf: (e) => (e.field ? formFieldOf(e.field) : FIELD_OF_CODE[e.code]),
  vars: (e) => ({ supported: Array.isArray(e.details?.["supported"]) ? (e.details["supported"] as unknown[]).join(", ") : "" }),
};

export const createChargeAction = protectedAction("charges.create", chargeFormSchema, async (form, { access, actor }) => {
  const target = await memberScope(access);
  const { environment } = target;
  const db = await getDb();
  try {
    const r = await createCharge({ db, ctx: await apiContext(), publicBaseUrl: publicBaseUrl() }, target, access.userId, form);
    if (!r.replayed) {
      await recordAudit(db, {
        organizationId: access.organizationId,
        actor,
        action: "charge.created",
        target: r.id,
        details: { method: form.method, externalId: form.externalId, environment },
      });
    }
    return { id: r.id };
  } catch (e) {
    throw apiFailure(e, CHARGE_WORDING, { environment, moneyMayMove: true });
  }
});

const idSchema = z.string().uuid();

export const setPayLinkAction = protectedAction("charges.create", z.object({ id: idSchema, enabled: z.boolean() }), async ({ id, enabled }, { access, actor }) => {
  const scope = await memberScope(access);
  const db = await getDb();
  if (!(await setPayEnabled(db, scope, id, enabled))) throw new Refusal("NOT_FOUND", "charges.errors.notFound");
  await recordAudit(db, { organizationId: access.organizationId, actor, action: "charge.pay_link_changed", target: id, details: { enabled } });
  return { enabled };
});

export const simulateChargeAction = protectedAction(
  "charges.create",
  z.object({ id: idSchema, event: z.enum(CHARGE_SIMULATIONS) }),
  async ({ id, event }, { access, actor }) => {
    const scope = await memberScope(access);
    const { environment } = scope;
    const control = await sandboxControlFor(access, environment);
    if (!control) throw new Refusal("SANDBOX_ONLY", "charges.errors.sandboxOnly");
    const db = await getDb();
    const charge = await getCharge(db, scope, id);
    if (!charge?.transactionId) throw new Refusal("NOT_FOUND", "charges.errors.notFound");
    try {
      await control.simulate(charge.transactionId, { event });
    } catch (e) {
      if (e instanceof SandboxControlError) throw new Refusal(e.code, "charges.errors.simulateRefused", { code: e.code });
      throw e;
    }
    await recordAudit(db, { organizationId: access.organizationId, actor, action: "charge.simulated", target: id, details: { event, transactionId: charge.transactionId } });
    return { event };
  },
);
