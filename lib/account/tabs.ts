/** The Account page's tabs, in order; the first is the default (./params.ts reads `?tab=` with nuqs on the server, the tabs' client imports only this). */
export const ACCOUNT_TABS = ["limits", "fees"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
