/**
 * The Account page's URL state (read with nuqs, like every page's; written by components/account/account-tabs.tsx
 * with the router): `?tab=fees` opens the fees; the limits
 * are the default and leave the parameter out, so a tab can be linked to and reloaded.
 */
import { createLoader, parseAsStringLiteral } from "nuqs/server";
import { ACCOUNT_TABS } from "./tabs";

export { ACCOUNT_TABS, type AccountTab } from "./tabs";

export const accountSearchParams = {
  tab: parseAsStringLiteral(ACCOUNT_TABS).withDefault("limits"),
};

export const loadAccountSearchParams = createLoader(accountSearchParams);
