/**
 * A transaction's kind in words ("Cash-in · PIX", "Internal transfer sent", "Conversion") from the
 * mirror's type, source and method, instead of the API's codes. The words live in the `txKinds`
 * messages; a code the dashboard has no word for is shown as the API sent it rather than hidden.
 */
import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** A transaction's kind as a row holds it (a field left out of a row sent to the browser reads as unknown). */
export type KindFields = { type?: string | null; source?: string | null; method?: string | null };

const TYPES = ["cashin", "cashout", "conversion"] as const;
const METHODS = ["PIX", "BOLETO", "PIX_BOLETO", "SPEI", "CRYPTO", "SPLIT", "INTERNAL", "CONVERSION"] as const;

function word(t: Translate, group: "type" | "method" | "source", code: string | null | undefined, known: readonly string[]): string | null {
  if (!code) return null;
  return known.includes(code) ? t(`txKinds.${group}.${code}` as MessageKey) : code;
}

export function kindLabel(t: Translate, row: KindFields): string {
  const { type, source } = row;
  if (type === "conversion" || source === "conversion") return t("txKinds.type.conversion");
  // Both sides of an internal transfer carry the source internal_transfer; the type tells the direction.
  if (source === "internal_transfer") {
    if (type === "cashin") return t("txKinds.transferReceived");
    if (type === "cashout") return t("txKinds.transferSent");
    return t("txKinds.source.internal_transfer");
  }
  const method = row.method === "INTERNAL" || row.method === "CONVERSION" ? null : word(t, "method", row.method, METHODS);
  const kind =
    source === "wallet_deposit" ? t("txKinds.source.wallet_deposit") : (word(t, "type", type, TYPES) ?? t("txKinds.type.unknown"));
  return method ? t("txKinds.withMethod", { kind, method }) : kind;
}
