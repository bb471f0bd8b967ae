/**
 * Next.js calls this once per server process: tracing first (only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: otherwise not even loaded), so that it sees the modules loaded after it (pg, the HTTP
 * server's requests, fetch); then the events machinery (webhook worker, sync, live hub) and the bulk
 * payout runner; on PGlite, table maintenance (vacuum and analyze).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { log } = await import("@/lib/observability/log");
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    const { startTracing } = await import("@/lib/observability/tracing");
    await startTracing().catch((err: Error) => log("tracing").error({ err }, "tracing could not start"));
  }
  const { eventsRuntime } = await import("@/lib/events/runtime");
  await eventsRuntime().catch((err: Error) => log("events").error({ err }, "the events worker could not start"));
  const { bulkRuntime } = await import("@/lib/payouts/bulk-runtime");
  await bulkRuntime().catch((err: Error) => log("bulk").error({ err }, "the bulk payout runner could not start"));
  // PGlite has no autovacuum: the dashboard vacuums and analyzes its tables itself (lib/db/maintenance.ts).
  const { maintenanceRuntime } = await import("@/lib/db/maintenance");
  await maintenanceRuntime().catch((err: Error) => log("db").error({ err }, "table maintenance could not start"));
}
