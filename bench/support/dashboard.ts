/**
 * Starts the production dashboard (scripts/start.ts) on a free port with a
 * throwaway data folder, for benchmarks; builds first when there is no build.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { patient } from "../../test/support/patience";
import { startNodeFlags } from "../../lib/config/node-flags";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * A port that is free with the `n - 1` after it (the balancer's and its instances' in cluster mode),
 * below the kernel's ephemeral range: the instances bind them only after the demo's history is made
 * (half a minute on a loaded machine), and a port from that range may meanwhile be the local end of
 * any outgoing connection (seen: EADDRINUSE on an instance's port during a full test run).
 */
export async function freePortRun(n: number): Promise<number> {
  const bindable = (port: number) =>
    new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || ephemeralLow;
  } catch {
    /* not Linux: the usual range */
  }
  const low = 10_000;
  const high = Math.max(low + 1_000, ephemeralLow - n);
  for (;;) {
    const base = low + Math.floor(Math.random() * (high - low));
    let all = true;
    for (let i = 0; i < n && all; i++) all = await bindable(base + i);
    if (all) return base;
  }
}

/**
 * `withSandbox`: the sandbox runs too, and the demo is connected to it (its history is seeded).
 * `databaseUrl`: PostgreSQL instead of the embedded PGlite; `env`: more environment variables;
 * `dataDir`: start on an existing data folder (kept at stop), e.g. one a bench filled while stopped;
 * restart it with the same `sandboxPort` (the demo's credential remembers the sandbox's address).
 * `root`: another checkout to run (a benchmark's "before", bench/support/before.ts), built there.
 */
export async function startBenchDashboard(opts: { withSandbox?: boolean; databaseUrl?: string; env?: Record<string, string>; dataDir?: string; keepData?: boolean; sandboxPort?: number; root?: string } = {}) {
  const root = opts.root ?? process.cwd();
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
    const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { cwd: root, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (r.status !== 0) throw new Error("next build failed");
  }
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), "bench-dashboard-"));
  const keep = opts.keepData || opts.dataDir !== undefined;
  // In cluster mode the instances listen on the ports after the balancer's.
  const port = await freePortRun(1 + Number(opts.env?.CLUSTER_INSTANCES ?? 1));
  const sandboxUrl = opts.withSandbox ? `http://127.0.0.1:${opts.sandboxPort ?? (await freePort())}` : null;
  const sandbox = sandboxUrl ? { SANDBOX: "on", PAYMENT_API_BASE_URL: sandboxUrl } : { SANDBOX: "off" };
  // tsx as a loader in start.ts's own process: `pid` is start.ts, and a signal reaches it directly.
  // With the Node.js flags that checkout's `npm start` gives (lib/config/node-flags.ts).
  const child = spawn(process.execPath, [...startNodeFlags(root), "--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: "1", DATABASE_URL: opts.databaseUrl ?? "", NEXT_TELEMETRY_DISABLED: "1", ...sandbox, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let started = false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dashboard did not start:\n${output}`)), patient(120_000));
    const onData = (d: Buffer) => {
      output += d.toString();
      // Searched until it has started only: the dashboard logs a line per request, and searching
      // the whole output again for every chunk cost this process (the load generator) seconds of
      // CPU under the webhook intake's rounds, which it counted as the dashboard's time to answer.
      if (!started && output.includes("Dashboard:") && (!opts.withSandbox || output.includes("Webhooks:"))) {
        started = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`dashboard exited (${code}):\n${output}`)));
  });
  const secrets = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
  return {
    url: `http://127.0.0.1:${port}`,
    /** the checkout it runs (its build's server actions: serverActionId) */
    root,
    dataDir,
    /** the processes of the dashboard (not the sandbox): for reading their memory */
    pid: child.pid!,
    /** everything it printed so far (its log lines) */
    output: () => output,
    admin: { email: "admin@demo.test", password: secrets.DEMO_ADMIN_PASSWORD! },
    /** the demo's webhook intake (printed at start when the sandbox runs) */
    webhookUrl: /Webhooks:\s+(\S+)/.exec(output)?.[1] ?? null,
    sandbox: sandboxUrl ? { url: sandboxUrl, port: Number(new URL(sandboxUrl).port), adminToken: secrets.SANDBOX_ADMIN_TOKEN! } : null,
    async stop() {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        /* already gone */
      }
      // Wait for the group to exit: PGlite's folder is free only then. A group still there after
      // 10 s is killed (once seen idle an hour after its stop), so that no run leaves a server behind.
      const gone = async (tenths: number) => {
        for (let i = 0; i < tenths; i++) {
          try {
            process.kill(-child.pid!, 0);
          } catch {
            return true;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
        return false;
      };
      if (!(await gone(100))) {
        process.stderr.write(`bench dashboard ${child.pid}: still running 10 s after SIGTERM; killed (SIGKILL)\n`);
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          /* gone meanwhile */
        }
        await gone(50);
      }
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through Auth.js's own endpoints, as the browser's form post would; returns the Cookie header. */
export async function signInCookie(url: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, v] = pair!.split("=");
      jar.set(k!, v ?? "");
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrfRes = await fetch(`${url}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${url}/overview` }),
    redirect: "manual",
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed (${res.status})`);
  return cookie();
}

/** A server action's id in the build's manifest (what the browser sends as `Next-Action`), by its exported name; `root`: whose build. */
export function serverActionId(exportedName: string, root = process.cwd()): string {
  const manifest = JSON.parse(readFileSync(path.join(root, ".next/server/server-reference-manifest.json"), "utf8")) as { node: Record<string, { exportedName?: string; filename?: string }> };
  const hit = Object.entries(manifest.node).find(([, e]) => e.exportedName === exportedName);
  if (!hit) throw new Error(`${exportedName} is not in the build's server-reference manifest`);
  return hit[0];
}
