/**
 * Sandbox cash-in throughput: POST /v2/transactions/cashin (BRL → dynamic PIX BR Code) creations per
 * second and p50 / p99 latency, against the sandbox on PGlite (a fresh temporary data directory, the
 * same storage `npm run sandbox` uses), driven over HTTP by autocannon.
 *
 * The sandbox runs in its own process (`node --import tsx sandbox/main.ts`), so the load generator and
 * the server each get one core of a 2-core machine. Every request carries a unique external_id; the
 * requests rotate over 4 credentials, because the spec's cash-in rate limit (12,000/min per
 * credential) would otherwise answer 429 after 12,000 requests. Any non-2xx answer is reported.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import type { Benchmark, BenchRow } from "./types";

const ROOT = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), "..");
const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
const CREDENTIALS = 4;

function startSandbox(dataDir: string, adminToken: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_PORT: "0", SANDBOX_HOST: "127.0.0.1", SANDBOX_ADMIN_TOKEN: adminToken, SANDBOX_DATA_DIR: dataDir, SANDBOX_DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`sandbox did not start in 90 s:\n${out}`)), 90_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited (${code}):\n${out}`));
    });
  });
}

/** CPU time (user + system, ms) the sandbox process has used, from /proc on Linux; null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms (USER_HZ 100)
}

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const body = (await res.json()) as { success: boolean; data: Record<string, unknown> };
  if (!body.success) throw new Error(`${init.method ?? "GET"} ${url}: ${JSON.stringify(body)}`);
  return body.data;
}

async function tokenFor(base: string, admin: string, username: string): Promise<string> {
  const json = { "content-type": "application/json" };
  const created = await call(`${base}/sandbox/accounts`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${admin}` },
    body: JSON.stringify({ username }),
  });
  const cred = created.credential as { client_id: string; client_secret: string };
  await call(`${base}/sandbox/credentials/${cred.client_id}/activate`, { method: "POST", headers: { authorization: `Bearer ${admin}` } });
  const tok = await call(`${base}/v2/oauth/token`, {
    method: "POST",
    headers: { ...json, authorization: `Basic ${Buffer.from(`${cred.client_id}:${cred.client_secret}`).toString("base64")}` },
    body: JSON.stringify({ grant_type: "client_credentials" }),
  });
  return tok.access_token as string;
}

function load(url: string, tokens: string[], prefix: string, seconds: number) {
  let n = 0;
  return autocannon({
    url: `${url}/v2/transactions/cashin`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${tokens[i % tokens.length]}` },
            body: JSON.stringify({
              amount: 10 + (i % 90),
              currency: "BRL",
              external_id: `${prefix}-${i}`,
              payer: { name: "Bench Payer", document: "52998224725" },
            }),
          };
        },
      },
    ],
  });
}

const benchmark: Benchmark = {
  name: "sandbox cash-in (PGlite)",
  budgetSeconds: 150,
  async run(): Promise<BenchRow[]> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "sandbox-bench-"));
    const admin = randomBytes(16).toString("hex");
    const { child, url } = await startSandbox(dataDir, admin);
    try {
      const tokens: string[] = [];
      for (let i = 0; i < CREDENTIALS; i++) tokens.push(await tokenFor(url, admin, `bench_${i}`));
      await load(url, tokens, "warmup", 3); // JIT and PGlite caches
      const cpu0 = cpuMs(child.pid);
      const r = await load(url, tokens, "run", DURATION_SECONDS);
      const cpu1 = cpuMs(child.pid);
      const created = r.statusCodeStats["201"]?.count ?? 0;
      const perSecond = created / r.duration;
      const note = `${CONNECTIONS} connections, ${r.duration.toFixed(1)} s, ${created} created, non-2xx ${r.non2xx}, errors ${r.errors}`;
      const rows: BenchRow[] = [
        { metric: "cash-in creations/s", value: Math.round(perSecond), unit: "req/s", note },
        { metric: "cash-in latency p50", value: r.latency.p50, unit: "ms" },
        { metric: "cash-in latency p99", value: r.latency.p99, unit: "ms", note: `max ${r.latency.max} ms` },
      ];
      // Server CPU per creation: independent of other load on the machine; 1000 / value is the
      // throughput one dedicated core would sustain.
      if (cpu0 !== null && cpu1 !== null && created > 0) {
        const perReq = (cpu1 - cpu0) / created;
        rows.push({ metric: "sandbox CPU per cash-in", value: Number(perReq.toFixed(3)), unit: "ms", note: `≈ ${Math.round(1000 / perReq)}/s per dedicated core` });
      }
      return rows;
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
