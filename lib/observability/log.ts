/**
 * The process's structured log (pino): one JSON object per line on stdout, or a readable coloured
 * line on a terminal (pino-pretty, in this thread: no worker, nothing to download). LOG_FORMAT
 * (`json` | `pretty`) overrides the guess, LOG_LEVEL (`debug` … `error`, default `info`) the level.
 *
 * Every line written while a request is handled carries its `requestId` (and, once known, the
 * `organizationId` and `memberId`): the mixin reads them from the request context. Nothing logs a
 * body, a header value, a secret, a token or a document number: callers pass ids, names of things
 * and numbers, and errors are reduced to their type, code, message and stack frames (`errFields`),
 * never the statement parameters or the driver's detail a database error carries.
 *
 * One logger per process, on globalThis (scripts/server.ts and the bundles Next.js built share it).
 */
import { format } from "node:util";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { currentRequest } from "./context";

export type { Logger };

const KEY = Symbol.for("payment-dashboard.logger");
const g = globalThis as unknown as Record<typeof KEY, Logger | undefined>;

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

function levelFrom(value: string | undefined): (typeof LEVELS)[number] {
  return (LEVELS as readonly string[]).includes(value ?? "") ? (value as (typeof LEVELS)[number]) : "info";
}

/** `json` unless LOG_FORMAT says otherwise or stdout is a terminal. */
export function logFormat(env: NodeJS.ProcessEnv = process.env): "json" | "pretty" {
  if (env.LOG_FORMAT === "json" || env.LOG_FORMAT === "pretty") return env.LOG_FORMAT;
  return process.stdout.isTTY ? "pretty" : "json";
}

/** The fields an error is logged with: what it is and where, never what it carried. */
export function errFields(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { type: typeof e, message: String(e).slice(0, 500) };
  const out: Record<string, unknown> = { type: e.name || e.constructor?.name || "Error", message: e.message };
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  const digest = (e as { digest?: unknown }).digest;
  if (typeof digest === "string") out.digest = digest;
  // Frames only: the stack's first line repeats the message as it was when the error was made
  // (before lib/db/driver.ts took a statement's values out of it).
  const frames = (e.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l));
  if (frames.length) out.stack = frames.slice(0, 15).map((l) => l.trim());
  // A database error's cause is the driver's, with the values the statement was given: its reason
  // is in the message already (driver.ts). Other causes (a refused connection) are named.
  if (e.cause instanceof Error && !("params" in e)) {
    const c = e.cause as Error & { code?: unknown };
    out.cause = { type: c.name, message: c.message, ...(typeof c.code === "string" ? { code: c.code } : {}) };
  }
  return out;
}

function createLogger(): Logger {
  const instance = process.env.INSTANCE_NAME;
  const options: pino.LoggerOptions = {
    level: levelFrom(process.env.LOG_LEVEL),
    base: { pid: process.pid, ...(instance ? { instance } : {}) },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: errFields },
    mixin() {
      const ctx = currentRequest();
      if (!ctx) return {};
      return {
        requestId: ctx.requestId,
        ...(ctx.traceId ? { traceId: ctx.traceId } : {}),
        ...(ctx.organizationId ? { organizationId: ctx.organizationId } : {}),
        ...(ctx.memberId ? { memberId: ctx.memberId } : {}),
      };
    },
  };
  // JSON: written as they come, in order, without blocking the event loop on a slow reader (a pipe
  // to a log shipper); what is still queued is written synchronously when the process exits. Pretty
  // (a person at a terminal): synchronous.
  if (logFormat() === "pretty") return pino(options, pretty({ sync: true, colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }));
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

export function logger(): Logger {
  return (g[KEY] ??= createLogger());
}

/** A logger for one part of the program: `log("events").info(…)` writes `"component":"events"`. */
export function log(component: string): Logger {
  return logger().child({ component });
}

const CONSOLE_KEY = Symbol.for("payment-dashboard.console-to-log");

/**
 * Sends console.log/info/warn/error/debug (Next.js's own messages, libraries') and Node.js's process
 * warnings through the logger, so that stdout carries JSON lines only. An Error among the arguments
 * becomes the line's `err`.
 */
export function routeConsoleToLog(): void {
  const c = globalThis as unknown as Record<typeof CONSOLE_KEY, boolean | undefined>;
  if (c[CONSOLE_KEY]) return;
  c[CONSOLE_KEY] = true;
  const l = log("console");
  const route = (level: "debug" | "info" | "warn" | "error") => (...args: unknown[]) => {
    const err = args.find((a): a is Error => a instanceof Error);
    const rest = args.filter((a) => a !== err);
    const msg = rest.length ? format(...rest) : (err?.message ?? "");
    if (err) l[level]({ err }, msg);
    else l[level](msg);
  };
  // Node.js's own warnings (deprecations) too, instead of its plain-text line on stderr.
  process.removeAllListeners("warning");
  process.on("warning", (w) => l.warn({ err: w }, w.message));
  console.log = route("info");
  console.info = route("info");
  console.warn = route("warn");
  console.error = route("error");
  console.debug = route("debug");
}
