/**
 * What each webhook event says about its object, and the order of transaction statuses: a
 * transaction only moves forward (pending → a final status → refunded), so an event that arrives
 * late never moves it back.
 */
import { WEBHOOK_EVENTS } from "@/lib/payment-api/schemas/webhooks";

/** The status a transaction event claims. Events not listed carry no status claim of their own. */
export const EVENT_STATUS: Readonly<Partial<Record<string, string>>> = {
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

/**
 * The sandbox's name for the spec's "registration moves from pending to registered (a webhook
 * updates it)" (spec "States and transitions", Boleto): it claims no status, only the registration.
 */
export const BOLETO_REGISTERED = "boleto.registered";

/** Every event the worker applies: the spec's, and the boleto's registration. */
export const HANDLED_EVENTS: readonly string[] = [...WEBHOOK_EVENTS, BOLETO_REGISTERED];
export const isHandledEvent = (event: string): boolean => HANDLED_EVENTS.includes(event);

export const INFRACTION_EVENTS: readonly string[] = ["chargeback.opened", "chargeback.won", "chargeback.lost", "chargeback.canceled", "refund_responded"];

const RANK: Record<string, number> = { pending: 0, confirmed: 1, failed: 1, cancelled: 1, expired: 1, refunded: 2 };

/** 0 pending, 1 final, 2 refunded after being final; unknown statuses count as pending. */
export function statusRank(status: string | null | undefined): number {
  return RANK[status ?? ""] ?? 0;
}

export const isFinal = (status: string | null | undefined) => statusRank(status) >= 1;

