/** A cashout.failed error_code (or an API refusal's code) in the reader's words: the payout list's and the notifications'. */
import type { Translate } from "@/lib/i18n/translate";
import { PAYOUT_FAILURE_CODES, type PayoutFailureCode, type PayoutKind } from "@/lib/vocabulary";

const FAILURE_CODES: ReadonlySet<string> = new Set(PAYOUT_FAILURE_CODES);

export function payoutFailureText(code: string, t: Translate): string {
  return FAILURE_CODES.has(code) ? t(`send.failure.${code as "UNKNOWN"}`) : t("send.failure.other", { code });
}

/**
 * The failures the sandbox's payout tool offers for a payout: the spec lists cashout.failed's codes
 * without saying which method each belongs to, so the tool offers those that can happen to this
 * payout (a PIX key not found to a PIX payout, a reverted block to a crypto one, Tron's energy only
 * on Tron), then the ones any payout can meet; "the provider did not say" last.
 */
export function payoutFailureCodesFor(kind: PayoutKind, network: string | null): PayoutFailureCode[] {
  const own: PayoutFailureCode[] =
    kind === "pix" ? ["PIX_KEY_NOT_FOUND"] : kind === "crypto" ? [...(network === "tron" ? (["TRON_ENERGY_FAIL"] as const) : []), "INVALID_ADDRESS", "BLOCKCHAIN_REVERT", "BROADCAST_FAIL", "NO_HOT_WALLET"] : [];
  return [...own, "INSUFFICIENT_BALANCE", "PROVIDER_TIMEOUT", "BLACKLISTED", "UNKNOWN"];
}
