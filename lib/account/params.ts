/**
 * The Account page's URL state (nuqs, like every page's): `?tab=fees` opens the fees; the limits
 * are the default and leave the parameter out, so a tab can be linked to and reloaded.
 */
import { createLoader, parseAsStringLiteral } from "nuqs/server";

export const ACCOUNT_TABS = ["limits", "fees"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const accountSearchParams = {
  tab: parseAsStringLiteral(ACCOUNT_TABS).withDefault("limits"),
};

export const loadAccountSearchParams = createLoader(accountSearchParams);
