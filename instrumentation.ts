/** Next.js calls this once per server process: start the events machinery (webhook worker, sync, live hub) and the bulk payout runner. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { eventsRuntime } = await import("@/lib/events/runtime");
  await eventsRuntime().catch((e: Error) => console.error(`[events] could not start: ${e.message}`));
  const { bulkRuntime } = await import("@/lib/payouts/bulk-runtime");
  await bulkRuntime().catch((e: Error) => console.error(`[bulk] could not start: ${e.message}`));
}
