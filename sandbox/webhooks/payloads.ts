/**
 * Webhook bodies (ARCHITECTURE: "the event's fields at the top level: event, transaction_id or
 * conversion_id or infraction_id, status, and the fields the spec names for that event"; spec
 * "Events": payer_name, payer_document, e2e_id, tx_hash, error_code, direction, outcome, source,
 * payment_method). Amounts are JSON numbers.
 */
import { num } from "../money";
import type { TxRecord } from "../tx-record";

const BOLETO_METHODS = new Set(["BOLETO", "PIX_BOLETO"]);
export const isBoletoMethod = (m: string | null): boolean => m !== null && BOLETO_METHODS.has(m);

/** cashin.*, cashout.*, wallet_deposit, boleto.registered. */
export function transactionPayload(event: string, r: TxRecord): Record<string, unknown> {
  const d = r.details ?? {};
  const p: Record<string, unknown> = {
    event,
    transaction_id: r.transaction_id,
    external_id: r.external_id,
    status: r.status,
    amount: num(r.amount),
    amount_net: num(r.amount_net),
    fee: num(r.fee),
    currency: r.currency,
  };
  if (r.type === "cashin") {
    const payer = (d.payer ?? {}) as { name?: string; document?: string };
    // spec "source": dynamic_qr (charge created via API) or static (fixed wallet)
    p.source = d.origin === "static" ? "static" : "dynamic_qr";
    // spec "POST /v2/boleto": "On payment, cashin.confirmed is sent with payment_method BOLETO"
    p.payment_method = isBoletoMethod(r.method) ? "BOLETO" : r.method;
    p.payer_name = payer.name ?? null;
    p.payer_document = payer.document ?? null;
    if (r.chain !== null) {
      p.chain = r.chain;
      p.deposit_address = (d.deposit_address as string | undefined) ?? null;
    }
    if (d.wallet_id !== undefined) {
      p.wallet_id = d.wallet_id;
      for (const k of ["pix_key", "clabe", "address"]) if (d[k] !== undefined) p[k] = d[k];
    }
  } else {
    p.payment_method = r.method;
    if (r.network !== null) p.network = r.network;
    if (d.error_code !== undefined) p.error_code = d.error_code;
  }
  if (r.e2e_id !== null) p.e2e_id = r.e2e_id;
  if (r.tx_hash !== null) p.tx_hash = r.tx_hash;
  return p;
}

/** transfer.confirmed: one per side, direction sent (sender) or received (recipient). */
export function transferPayload(t: {
  transactionId: string;
  externalId: string | null;
  direction: "sent" | "received";
  fromUser: string;
  toUser: string;
  amount: number;
  amountNet: number;
  fee: number;
  currency: string;
  description: string | null;
}): Record<string, unknown> {
  return {
    event: "transfer.confirmed",
    transaction_id: t.transactionId,
    external_id: t.direction === "sent" ? t.externalId : null,
    status: "confirmed",
    direction: t.direction,
    from_user: t.fromUser,
    to_user: t.toUser,
    amount: t.amount,
    amount_net: t.amountNet,
    fee: t.fee,
    currency: t.currency,
    description: t.description,
  };
}

export type InfractionRecord = {
  infraction_id: string;
  transaction_id: string;
  type: string;
  status: string;
  amount: string;
  currency: string;
  e2e_id: string | null;
  reason: string | null;
  deadline_at: Date;
  outcome: string | null;
};

/** chargeback.opened / .won / .lost / .canceled. */
export function chargebackPayload(event: string, i: InfractionRecord): Record<string, unknown> {
  return {
    event,
    infraction_id: i.infraction_id,
    transaction_id: i.transaction_id,
    status: i.status,
    type: i.type,
    amount: num(i.amount),
    currency: i.currency,
    e2e_id: i.e2e_id,
    reason: i.reason,
    deadline_at: new Date(i.deadline_at).toISOString(),
    ...(i.outcome !== null && { outcome: i.outcome }),
  };
}
