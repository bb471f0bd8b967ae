import type { Translate } from "@/lib/i18n/translate";
import type { WalletKind } from "@/lib/wallets/form-schema";
import { chainName } from "@/lib/payments/chain-names";

/** "PIX key", "CLABE", "Deposit address" */
export const kindName = (t: Translate, kind: WalletKind | null): string => (kind ? t(`wallets.kinds.${kind}`) : t("wallets.kinds.unknown"));

/** A wallet's name: its label, else "BRL · PIX key" / "USDT · Deposit address on Tron". */
export function walletName(t: Translate, w: { label: string | null; currency: string; kind: WalletKind | null; chain: string | null }): string {
  if (w.label) return w.label;
  const kind = kindName(t, w.kind);
  return `${w.currency} · ${w.chain ? t("wallets.onChain", { kind, chain: chainName(w.chain) }) : kind}`;
}
