/**
 * Who is on the other side of a transaction, as the list shows it in one line: the payer of money
 * in, the recipient of money out. The mirror carries the payer (and a transfer's usernames in the
 * API's raw answer); a payout sent from this dashboard knows its recipient in `payouts`, joined by
 * transaction id. A payout made elsewhere (the merchant's own integration) may name nobody: then
 * the list shows its description instead.
 */
import { and, inArray } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import { recipientText, type RecipientFields } from "@/lib/payouts/recipient";
import type { PayoutRecipient } from "@/lib/payouts/form";
import { maskDocument } from "@/lib/payments/documents";

export type Flow = "in" | "out" | null;

/** Money in (a charge paid, a deposit, a transfer received), out (a payout, a transfer sent), or neither (a conversion). */
export function flowOf(r: { type: string | null; source: string | null }): Flow {
  if (r.type === "conversion" || r.source === "conversion") return null;
  if (r.type === "cashin" || r.source === "wallet_deposit") return "in";
  if (r.type === "cashout") return "out";
  return null;
}

type Side = { type: string | null; source: string | null; payerName: string | null; payerDocument: string | null; raw: unknown };

const username = (raw: unknown, key: "from_user" | "to_user") => {
  const v = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[key] : null;
  return typeof v === "string" && v.trim() ? `@${v.trim()}` : null;
};

/**
 * The payer of money in, the recipient of money out (from its payout here, when it was sent from here), else null.
 * A payer known only by their CPF or CNPJ is shown masked ("***.982.247-**"), as the detail, the
 * search and the notifications show it: a list is read over a shoulder.
 */
export function counterpartyOf(r: Side, payout: RecipientFields | null): string | null {
  const flow = flowOf(r);
  if (flow === "in") return r.payerName ?? username(r.raw, "from_user") ?? (r.payerDocument ? maskDocument(r.payerDocument) : null);
  if (flow === "out") return (payout ? recipientText(payout) : null) ?? username(r.raw, "to_user") ?? r.payerName;
  return null;
}

export type PayoutSide = RecipientFields & { description: string | null };

/** The payouts sent from this dashboard among `transactionIds`, by transaction id (one indexed probe for a page). */
export async function payoutsByTransaction(db: Db, target: Scope, transactionIds: string[]): Promise<Map<string, PayoutSide>> {
  if (transactionIds.length === 0) return new Map();
  const p = schema.payouts;
  const rows = await db
    .select({ transactionId: p.transactionId, kind: p.kind, recipient: p.recipient, network: p.network, description: p.description })
    .from(p)
    .where(and(inScope(p, target), inArray(p.transactionId, transactionIds)));
  return new Map(rows.map((r) => [r.transactionId!, { kind: r.kind, recipient: (r.recipient ?? {}) as PayoutRecipient, network: r.network, description: r.description }]));
}
