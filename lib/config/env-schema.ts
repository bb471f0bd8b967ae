/**
 * The one validated view of the dashboard's configuration. Nothing else reads
 * `process.env` for these values. Validation happens on first use with a clear
 * message naming the variable. The app imports it through `lib/env.ts`
 * (server-only); the start scripts import this file directly.
 */
import { z } from "zod";

const ipList = z
  .string()
  .transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.union([z.ipv4(), z.ipv6()])));

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

const booleanish = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (npm start generates one into .data/secrets.json)"),
  CREDENTIALS_ENCRYPTION_KEY: z
    .string()
    .refine((s) => Buffer.from(s, "base64").length === 32, "must be 32 bytes, base64-encoded"),
  /** old keys, comma-separated, that still open what they sealed until `npm run credentials:reencrypt` */
  CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .optional()
    .refine((s) => !s || s.split(",").every((k) => !k.trim() || Buffer.from(k.trim(), "base64").length === 32), "each key must be 32 bytes, base64-encoded"),
  PAYMENT_API_BASE_URL: z.url().default("http://127.0.0.1:4010"),
  /**
   * Other base URLs a credential may point at, comma-separated (https; internal addresses are refused
   * all the same): PAYMENT_API_BASE_URL and the sandbox's are always allowed (lib/credentials/base-url-policy.ts).
   */
  PAYMENT_API_ALLOWED_BASE_URLS: z
    .string()
    .transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.url()))
    .optional(),
  /** the sandbox's control API token: enables "Sandbox in one click" and the sandbox tools */
  SANDBOX_ADMIN_TOKEN: z.string().optional(),
  /** where the sandbox runs (default: PAYMENT_API_BASE_URL, which `npm start` points at it) */
  SANDBOX_URL: z.url().optional(),
  WEBHOOK_SOURCE_IPS: ipList.default(["127.0.0.1", "::1"]),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** the dashboard's address as the provider reaches it: webhooks go to <PUBLIC_BASE_URL>/api/webhooks/payment/<token> */
  PUBLIC_BASE_URL: z
    .url()
    .optional()
    .refine((u) => !u || u.startsWith("https://") || LOOPBACK.test(new URL(u).hostname), "must be https:// (plain http only on a loopback address)"),
  /** how long a final transaction may wait for its webhook before Reconciliation reports it missing */
  RECONCILE_WEBHOOK_GRACE_SECONDS: z.coerce.number().int().min(0).default(600),
  /** how often the transaction mirror is synced with the API's list */
  SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(5).default(60),
  /** cash-outs per minute the bulk payout runner paces itself to (the spec allows 6,000; a lower figure leaves room for single payouts, or slows a batch down to watch it) */
  BULK_CASHOUT_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(6000),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** The demo organisation is seeded on the embedded database unless turned off; on PostgreSQL only when asked (benchmarks). */
  SEED_DEMO: booleanish.optional(),
  /**
   * Where invitations (and alerts) are mailed: smtp://user:pass@host:587 or smtps://…:465; unset,
   * the invitation link is shown to the admin who sent it (never written to the console).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * For the browser journeys only: a file holding seconds by which the clock that judges sessions
   * (idle time, 12-hour lifetime) runs ahead, so that a journey can see a session outlive its time.
   */
  SESSION_CLOCK_OFFSET_FILE: z.string().min(1).optional(),
  /** the sender of the dashboard's mail */
  MAIL_FROM: z.string().min(3).default("Payments Dashboard <no-reply@localhost>"),
  /** named on every log line (`instance`); `npm run start:cluster` names its instances instance-1… */
  INSTANCE_NAME: z.string().max(100).optional(),
  /** log lines at this level and above (lib/observability/log.ts, which reads it, and LOG_FORMAT, before this check runs) */
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  /** `json` (one object per line) or `pretty`; unset: pretty on a terminal, JSON otherwise */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** the Bearer token /metrics asks for; unset, /metrics is not served */
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters (a long random string)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** OpenTelemetry: traces are exported over OTLP to this collector when set (lib/observability/tracing.ts) */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** graceful shutdown: how long requests in flight and the workers get to finish after SIGTERM */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** graceful shutdown: how long /readyz says "not ready" before new connections are refused (a balancer's polling interval) */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid dashboard configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** Where the data is, and nothing else (`npm run backup`, `npm run restore`: no secret needed). */
export function parseStorageEnv(source: NodeJS.ProcessEnv): Pick<Env, "DATA_DIR" | "DATABASE_URL"> {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(source);
  if (!parsed.success) throw new Error(`Invalid dashboard configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  return parsed.data;
}

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The sandbox's address when the dashboard may drive it (its admin token is configured), else null. */
export function sandboxUrl(e: Env = env()): string | null {
  if (!e.SANDBOX_ADMIN_TOKEN) return null;
  return (e.SANDBOX_URL ?? e.PAYMENT_API_BASE_URL).replace(/\/+$/, "");
}

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]", "::1"];

/**
 * The sandbox credentials may point at although it is on an internal address: the one whose control
 * API the dashboard holds, else PAYMENT_API_BASE_URL when it is on this machine (no real provider is).
 */
export function configuredSandboxUrl(e: Env = env()): string | null {
  return sandboxUrl(e) ?? (LOOPBACK_HOSTS.includes(new URL(e.PAYMENT_API_BASE_URL).hostname) ? e.PAYMENT_API_BASE_URL.replace(/\/+$/, "") : null);
}

/** Where the provider reaches this dashboard (webhooks), and where links in mail point. */
export function publicBaseUrl(e: Env = env()): string {
  const host = e.HOST.includes(":") ? `[${e.HOST}]` : e.HOST;
  return (e.PUBLIC_BASE_URL ?? `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${e.PORT}`).replace(/\/+$/, "");
}

/**
 * Whether the demo organisation should exist: on the embedded database, beside a local sandbox, and
 * not turned off. Never into a DATABASE_URL database or beside a real provider unless SEED_DEMO asks.
 */
export function shouldSeedDemo(e: Env = env()): boolean {
  if (e.SEED_DEMO !== undefined) return e.SEED_DEMO;
  const { hostname } = new URL(e.PAYMENT_API_BASE_URL);
  return !e.DATABASE_URL && LOOPBACK_HOSTS.includes(hostname);
}
