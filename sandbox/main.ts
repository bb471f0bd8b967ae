/**
 * `npm run sandbox`: the sandbox as its own process.
 *
 *   SANDBOX_ADMIN_TOKEN  required: Bearer token of the control API (/sandbox/*)
 *   SANDBOX_PORT         default 4010
 *   SANDBOX_HOST         default 127.0.0.1
 *   SANDBOX_DATA_DIR     default .data/sandbox (PGlite directory); ":memory:" keeps nothing on disk
 *   SANDBOX_DATABASE_URL when set, PostgreSQL instead of PGlite
 *   SANDBOX_PID_FILE     when set, this process's id is written there once it listens (`npm start`
 *                        runs the sandbox through tsx, whose own process is not this one)
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createSandbox } from "./server";
import { log, routeConsoleToLog } from "@/lib/observability/log";

// Its lines are log lines like the dashboard's (JSON, or pretty on a terminal; LOG_FORMAT, LOG_LEVEL).
routeConsoleToLog();
const l = log("sandbox");

function fail(message: string): never {
  l.fatal(message);
  process.exit(1);
}

const adminToken = process.env.SANDBOX_ADMIN_TOKEN?.trim();
if (!adminToken) {
  fail(
    "SANDBOX_ADMIN_TOKEN is not set. It is the Bearer token of the control API (/sandbox/*); " +
      "set it to any long random string, e.g. SANDBOX_ADMIN_TOKEN=$(openssl rand -hex 32) npm run sandbox",
  );
}
if (adminToken!.length < 32) fail("SANDBOX_ADMIN_TOKEN must be at least 32 characters, e.g. SANDBOX_ADMIN_TOKEN=$(openssl rand -hex 32) npm run sandbox");
const portText = process.env.SANDBOX_PORT ?? "4010";
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`SANDBOX_PORT must be a port number (0-65535), got "${portText}"`);
const host = process.env.SANDBOX_HOST || "127.0.0.1";
const databaseUrl = process.env.SANDBOX_DATABASE_URL || undefined;
const dataDirSetting = process.env.SANDBOX_DATA_DIR || ".data/sandbox";
const dataDir = databaseUrl || dataDirSetting === ":memory:" ? undefined : path.resolve(dataDirSetting);

const sandbox = await createSandbox({ port, host, adminToken, dataDir, databaseUrl }).catch((e: unknown) =>
  fail(`could not start: ${e instanceof Error ? e.message : String(e)}`),
);
if (process.env.SANDBOX_PID_FILE) writeFileSync(process.env.SANDBOX_PID_FILE, `${process.pid}\n`);
l.info(`Payment Service API v2 sandbox listening on ${sandbox.url} (${databaseUrl ? "PostgreSQL" : dataDir ? `PGlite in ${dataDir}` : "PGlite in memory"})`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    l.info(`${signal}: shutting down`);
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        l.error({ err }, "error while closing");
        process.exit(1);
      },
    );
  });
}
