/**
 * Who or where a payout's money went, in one line (the PIX key, the SPEI account holder and bank,
 * the shortened address and its network's name, the @username): shown by Send, bulk batches, approvals and the
 * Transactions list. Pure, so client components and server queries share it.
 */
import type { PayoutKind } from "@/lib/vocabulary";
import type { PayoutRecipient } from "./form";
import { chainName } from "@/lib/payments/chain-names";

export type RecipientFields = { kind: PayoutKind; recipient: PayoutRecipient; network: string | null };

export function recipientText(p: RecipientFields): string {
  const r = p.recipient;
  if (p.kind === "pix") return `${r.key ?? ""}`;
  if (p.kind === "spei") return `${r.name ?? ""} · ${r.bankName ?? r.bankCode ?? ""}`;
  if (p.kind === "transfer") return `@${r.username ?? ""}`;
  const a = r.address ?? "";
  return `${a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a} · ${p.network ? chainName(p.network) : ""}`;
}
