/** The sandbox in its own process on a fresh PGlite folder, for benchmarks; and a small concurrency pool. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), "..", "..");

export async function startSandbox(adminToken: string): Promise<{ child: ChildProcess; url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-sandbox-"));
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_PORT: "0", SANDBOX_HOST: "127.0.0.1", SANDBOX_ADMIN_TOKEN: adminToken, SANDBOX_DATA_DIR: dataDir, SANDBOX_DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`sandbox did not start in 90 s:\n${out}`)), 90_000);
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited (${code}):\n${out}`));
    });
  }).catch(async (e) => {
    await stop();
    throw e;
  });
  return { child, url, stop };
}

/** Runs `fn` over `items`, `limit` at a time. */
export async function pool<T>(items: T[], limit: number, fn: (x: T, i: number) => Promise<unknown>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (i < items.length) {
        const k = i++;
        await fn(items[k]!, k);
      }
    }),
  );
}
