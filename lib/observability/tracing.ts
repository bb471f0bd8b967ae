/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set: instrumentation.ts imports this module only then, so without it nothing of the SDK is
 * loaded. The Node SDK with its HTTP instrumentation (each request to the dashboard is a server
 * span: a page, a server action, a webhook), pg (every SQL statement on PostgreSQL) and undici
 * (each call to the Payment API, made with fetch), plus the spans Next.js itself emits for
 * rendering: a request's render, its statements and its API calls land in one trace.
 *
 * Configured by the standard variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_PROTOCOL,
 * OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER…); only traces are exported (the metrics are
 * Prometheus's, at /metrics; the logs are on stdout).
 */
import type { NodeSDK } from "@opentelemetry/sdk-node";
import { log } from "./log";

const KEY = Symbol.for("payment-dashboard.tracing");
const g = globalThis as unknown as Record<typeof KEY, NodeSDK | undefined>;

/** Requests not worth a span: the probes a balancer sends every few seconds, and static files. */
const UNTRACED = /^\/(healthz|readyz|metrics)\/?$|^\/_next\/static\//;

export async function startTracing(): Promise<void> {
  if (g[KEY]) return;
  // Traces only, unless the operator asked for more.
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
    import("@opentelemetry/instrumentation-undici"),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? "payment-dashboard",
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test((req.url ?? "/").split("?")[0]!),
        // The OTLP exporter's own requests are not traced.
        ignoreOutgoingRequestHook: () => true,
      }),
      // Statements are recorded with their text, never their parameters (a token, a document).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  g[KEY] = sdk;
  const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? "";
  // Its origin only: a URL may carry credentials.
  log("tracing").info({ collector: URL.canParse(endpoint) ? new URL(endpoint).origin : "(set)" }, "tracing on: spans are exported over OTLP");
}

/** Sends the spans still buffered and stops (graceful shutdown). */
export async function stopTracing(): Promise<void> {
  const sdk = g[KEY];
  g[KEY] = undefined;
  await sdk?.shutdown();
}
