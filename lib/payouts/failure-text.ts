/** A cashout.failed error_code (or an API refusal's code) in the reader's words: the payout list's and the notifications'. */
import type { Translate } from "@/lib/i18n/translate";
import { PAYOUT_FAILURE_CODES } from "@/lib/vocabulary";

const FAILURE_CODES: ReadonlySet<string> = new Set(PAYOUT_FAILURE_CODES);

export function payoutFailureText(code: string, t: Translate): string {
  return FAILURE_CODES.has(code) ? t(`send.failure.${code as "UNKNOWN"}`) : t("send.failure.other", { code });
}
