/** The infractions inbox's filters in the URL. */
import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { INFRACTION_MIRROR_STATUSES } from "@/lib/vocabulary";

/** The kinds of infraction the inbox names and filters by (the spec's `type`). */
export const INFRACTION_TYPES = ["REFUND_REQUEST", "FRAUD"] as const;

export const infractionSearchParams = {
  status: parseAsStringLiteral(INFRACTION_MIRROR_STATUSES),
  type: parseAsStringLiteral(INFRACTION_TYPES),
  /** "me": assigned to the member reading; "none": to nobody */
  assignee: parseAsStringLiteral(["me", "none"] as const),
};

export const loadInfractionSearchParams = createLoader(infractionSearchParams);
