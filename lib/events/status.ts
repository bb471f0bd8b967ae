/**
 * What each webhook event says about its object, and the order of transaction statuses: a
 * transaction only moves forward (pending → a final status → refunded), so an event that arrives
 * late never moves it back.
 */
import type { WebhookEvent } from "@/lib/payment-api/schemas/webhooks";

/** The status a transaction event claims. Events not listed carry no status claim of their own. */
export const EVENT_STATUS: Partial<Record<WebhookEvent, string>> = {
  "cashin.confirmed": "confirmed",
  "cashin.refunded": "refunded",
  "cashin.expired": "expired",
  "cashout.confirmed": "confirmed",
  "cashout.failed": "failed",
  "cashout.refunded": "refunded",
  wallet_deposit: "confirmed",
  "transfer.confirmed": "confirmed",
  "conversion.confirmed": "confirmed",
  refund_confirmed: "refunded",
};

export const INFRACTION_EVENTS: readonly string[] = ["chargeback.opened", "chargeback.won", "chargeback.lost", "chargeback.canceled", "refund_responded"];

const RANK: Record<string, number> = { pending: 0, confirmed: 1, failed: 1, cancelled: 1, expired: 1, refunded: 2 };

/** 0 pending, 1 final, 2 refunded after being final; unknown statuses count as pending. */
export function statusRank(status: string | null | undefined): number {
  return RANK[status ?? ""] ?? 0;
}

export const isFinal = (status: string | null | undefined) => statusRank(status) >= 1;

/** May the mirror move from `current` to `next`? Never backwards; a different final status of the same rank only from the API. */
export function mayMove(current: string | null | undefined, next: string): boolean {
  if (current == null) return true;
  return statusRank(next) >= statusRank(current);
}
