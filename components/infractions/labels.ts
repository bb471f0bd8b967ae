/**
 * The merchant's words for what the API names with codes: an infraction's outcome ("won", "lost",
 * "canceled") and the fields of a party (name, document, username). A value the dashboard does not
 * know is shown as a neutral word, never as the API's token.
 */
import type { Translate } from "@/lib/i18n/translate";

const OUTCOMES = ["won", "lost", "canceled"] as const;
const PARTY_FIELDS = ["name", "document", "username", "bank", "ispb", "key"] as const;

export function outcomeLabel(t: Translate, outcome: string): string {
  return (OUTCOMES as readonly string[]).includes(outcome) ? t(`infractions.outcomes.${outcome as (typeof OUTCOMES)[number]}`) : t("infractions.outcomes.other");
}

export function partyFieldLabel(t: Translate, field: string): string {
  return (PARTY_FIELDS as readonly string[]).includes(field) ? t(`infractions.party.${field as (typeof PARTY_FIELDS)[number]}`) : t("infractions.party.other");
}

export function infractionTypeLabel(t: Translate, type: string | null): string {
  return type === "REFUND_REQUEST" || type === "FRAUD" ? t(`infractions.types.${type}`) : (type ?? "—");
}

export function infractionStatusLabel(t: Translate, status: string): string {
  return status === "open" || status === "responded" || status === "resolved" ? t(`infractions.statuses.${status}`) : status;
}
