/**
 * The name members read for each event the worker applies (Settings → Webhooks, a transaction's
 * timeline, an infraction's events), beside the provider's own name. Message keys cannot hold dots,
 * so each event has a key of its own here; an event without one is shown by its provider name only.
 */
import type { Translate } from "@/lib/i18n/translate";

const KEYS = {
  "cashin.confirmed": "cashinConfirmed",
  "cashin.refunded": "cashinRefunded",
  "cashin.expired": "cashinExpired",
  "cashout.confirmed": "cashoutConfirmed",
  "cashout.failed": "cashoutFailed",
  "cashout.refunded": "cashoutRefunded",
  wallet_deposit: "walletDeposit",
  "transfer.confirmed": "transferConfirmed",
  "conversion.confirmed": "conversionConfirmed",
  "chargeback.opened": "chargebackOpened",
  "chargeback.won": "chargebackWon",
  "chargeback.lost": "chargebackLost",
  "chargeback.canceled": "chargebackCanceled",
  refund_confirmed: "refundConfirmed",
  refund_responded: "refundResponded",
  "boleto.registered": "boletoRegistered",
} as const;

/** Every handled event has a name (checked by test/events/event-names.test.ts). */
export const EVENT_NAME_KEYS: Readonly<Record<string, (typeof KEYS)[keyof typeof KEYS]>> = KEYS;

export function eventLabel(t: Translate, event: string | null | undefined): string | null {
  const key = event && Object.hasOwn(KEYS, event) ? EVENT_NAME_KEYS[event] : undefined;
  return key ? t(`webhooks.eventNames.${key}`) : null;
}
