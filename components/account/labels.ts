import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { humanizeKey } from "@/lib/account/normalize";

/** An operation in the member's words; one the dashboard does not know, as the API named it. */
export function operationLabel(t: Translate, operation: string | null): string {
  if (!operation) return t("account.operations.unnamed");
  const key = `account.operations.${operation}`;
  return t.has(key) ? t(key as MessageKey) : humanizeKey(operation);
}

/** A payment method: PIX and SPEI are names; Boleto and Crypto have words of their own. */
export function methodLabel(t: Translate, method: string | null): string | null {
  if (!method) return null;
  const key = `account.methods.${method}`;
  return t.has(key) ? t(key as MessageKey) : method;
}
