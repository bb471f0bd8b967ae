/** What the live stream (/api/events) carries: each event's name. Shared by the server and the browser's hub. */
export const LIVE_KINDS = ["transaction", "balance", "webhook", "infraction", "reconciliation", "notification"] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];
