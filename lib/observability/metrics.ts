/**
 * The process's metrics in the Prometheus text format (prom-client), served at /metrics behind
 * METRICS_TOKEN (scripts/server.ts). Counters and histograms are updated where things happen (the
 * HTTP server, the API context, the webhook intake and worker); the gauges that describe shared
 * state (rate budgets, the inbox, the mirror's sync, the notification outbox) are read from the
 * database when scraped, a few indexed statements each time.
 *
 * One registry per process, on globalThis (scripts/server.ts and the Next.js bundles share it).
 * Labels are bounded: a route pattern, never a path; an endpoint's name, never its URL.
 */
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "@/lib/db/scope";
import { ENDPOINT_BUDGETS } from "@/lib/api-context/endpoints";
import { BUDGET_WINDOW_SECONDS, rowsOf } from "@/lib/api-context/rate-budget";

function build() {
  const registry = new Registry();
  // Event loop lag (nodejs_eventloop_lag_*), heap, CPU, handles: prom-client's defaults.
  collectDefaultMetrics({ register: registry });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  return {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    apiDuration: new Histogram({
      name: "payment_api_call_duration_seconds",
      help: "Time the Payment API took to answer one HTTP attempt, by endpoint and status (0: no answer)",
      labelNames: ["endpoint", "status"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    apiErrors: new Counter({
      name: "payment_api_call_errors_total",
      help: "Payment API attempts that failed, by endpoint and error code (the API's, or TIMEOUT, CONNECTION_ERROR, CIRCUIT_OPEN, RATE_LIMIT_EXCEEDED when refused here)",
      labelNames: ["endpoint", "code"] as const,
      registers: [registry],
    }),
    budgetRefused: new Counter({
      name: "payment_api_rate_budget_refused_total",
      help: "Calls refused before sending because the shared rate budget was spent, by endpoint",
      labelNames: ["endpoint"] as const,
      registers: [registry],
    }),
    budgetUse: new Gauge({
      name: "payment_api_rate_budget_use_ratio",
      help: "Share of the spec's per-minute limit used in the current window, by endpoint (the busiest credential)",
      labelNames: ["endpoint"] as const,
      registers: [registry],
    }),
    webhooksReceived: new Counter({
      name: "webhook_deliveries_received_total",
      help: "Webhook deliveries answered by the intake, by result (stored, a refusal's reason, or unavailable: not stored, 503)",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
    webhookIntakeDuration: new Histogram({
      name: "webhook_intake_duration_seconds",
      help: "Time the intake took to store (or refuse) a delivery and answer",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    webhooksProcessed: new Counter({
      name: "webhook_deliveries_processed_total",
      help: "Deliveries the events worker finished, by outcome (applied, duplicate, contradicted, unknown_event, failed)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    workerLag: new Gauge({
      name: "webhook_worker_lag_seconds",
      help: "How long the oldest delivery that is due has waited for the events worker (0: none waiting)",
      registers: [registry],
    }),
    inboxDue: new Gauge({
      name: "webhook_inbox_due",
      help: "Deliveries due for the events worker now",
      registers: [registry],
    }),
    syncAge: new Gauge({
      name: "mirror_sync_age_seconds",
      help: "Time since the transaction mirror of a connected organisation and environment was last synced with the API (the oldest)",
      registers: [registry],
    }),
    outboxDepth: new Gauge({
      name: "notification_outbox_depth",
      help: "Notifications in the outbox due to go out now and not sent yet, by channel (email, digest)",
      labelNames: ["channel"] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof build>;

const KEY = Symbol.for("payment-dashboard.metrics");
const g = globalThis as unknown as Record<typeof KEY, Metrics | undefined>;

export function metrics(): Metrics {
  return (g[KEY] ??= build());
}

/** A number of seconds from a duration in milliseconds. */
export const toSeconds = (ms: number) => ms / 1000;

/**
 * The registry as Prometheus text. prom-client writes a NaN sample as "Nan" (the event loop lag's
 * mean before its first sample, for one); the exposition format spells it "NaN", which strict
 * parsers require, so the value is rewritten here.
 */
export async function metricsText(m: Metrics = metrics()): Promise<string> {
  return (await m.registry.metrics()).replace(/ Nan$/gm, " NaN");
}

const LIMITS = new Map(ENDPOINT_BUDGETS.map((b) => [b.name, b.limit]));

/** The gauges read from the shared database; one failing does not keep the others from the scrape. */
export async function readDatabaseGauges(db: Db): Promise<void> {
  const m = metrics();
  await Promise.all([
    (async () => {
      // Per bucket (credential × endpoint, or API host for the token), the calls of the current window.
      const rows = rowsOf<{ bucket: string; calls: number }>(
        await db.execute(sql`
          select bucket, sum(calls)::int as calls from api_rate_slots
          where second > floor(extract(epoch from clock_timestamp()))::int - ${BUDGET_WINDOW_SECONDS}
          group by bucket`),
      );
      const use = new Map<string, number>();
      for (const r of rows) {
        const endpoint = r.bucket.slice(r.bucket.lastIndexOf(":") + 1);
        const ratio = Number(r.calls) / (LIMITS.get(endpoint) ?? 60);
        use.set(endpoint, Math.max(use.get(endpoint) ?? 0, ratio));
      }
      m.budgetUse.reset();
      for (const name of LIMITS.keys()) m.budgetUse.set({ endpoint: name }, use.get(name) ?? 0);
    })(),
    (async () => {
      const [row] = rowsOf<{ due: number; lag: number | null }>(
        await db.execute(sql`
          select count(*)::int as due, extract(epoch from now() - min(received_at))::float8 as lag
          from webhook_inbox where outcome = 'received' and next_attempt_at <= now()`),
      );
      m.inboxDue.set(Number(row?.due ?? 0));
      m.workerLag.set(Math.max(0, Number(row?.lag ?? 0)));
    })(),
    (async () => {
      // Targets with an active credential: the ones the sync keeps (lib/events/sync.ts connectedTargets).
      const [row] = rowsOf<{ age: number | null }>(
        await db.execute(sql`
          select extract(epoch from now() - min(coalesce(s.last_sync_at, c.activated_at, c.created_at)))::float8 as age
          from api_credentials c left join sync_state s on s.organization_id = c.organization_id and s.environment = c.environment
          where c.status = 'active'`),
      );
      m.syncAge.set(Math.max(0, Number(row?.age ?? 0)));
    })(),
    (async () => {
      // The notification outbox's mail waiting for its worker (lib/notifications/delivery.ts); the
      // bell's rows are delivered as they are written.
      const rows = rowsOf<{ channel: string; n: number }>(
        await db.execute(sql`
          select channel, count(*)::int as n from notification_outbox
          where state = 'pending' and next_attempt_at <= now() group by channel`),
      );
      const depth = new Map(rows.map((r) => [r.channel, Number(r.n)]));
      for (const channel of ["email", "digest"]) m.outboxDepth.set({ channel }, depth.get(channel) ?? 0);
    })(),
  ].map((p) => p.catch(() => undefined)));
}
