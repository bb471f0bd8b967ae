/**
 * A real sandbox in a process of its own (`sandbox/main.ts`, PGlite in memory, a free port), so a
 * test can stop it with SIGSTOP: the kernel still accepts connections and takes requests, nobody
 * answers them, as with a provider that hangs. SIGCONT lets it answer again.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { SandboxControl } from "@/lib/sandbox-control/client";
import { patient } from "./patience";

export const PROCESS_SANDBOX_ADMIN = "process-sandbox-admin-token-0123456789abcdef";

export type SandboxProcess = {
  url: string;
  pid: number;
  control: SandboxControl;
  /** SIGSTOP: the provider hangs */
  stop(): void;
  /** SIGCONT: it answers again */
  resume(): void;
  close(): Promise<void>;
};

export async function startSandboxProcess(): Promise<SandboxProcess> {
  const root = path.resolve(__dirname, "../..");
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
    cwd: root,
    env: { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH ?? "", SANDBOX_ADMIN_TOKEN: PROCESS_SANDBOX_ADMIN, SANDBOX_PORT: "0", SANDBOX_HOST: "127.0.0.1", SANDBOX_DATA_DIR: ":memory:" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      // Not left running behind the failed test (a slow start on a loaded machine still starts later).
      child.kill("SIGKILL");
      reject(new Error(`the sandbox process did not start within ${patient(60)} s: ${out}`));
    }, patient(60_000));
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`the sandbox process exited (${code}): ${out}`)));
  });
  child.stdout!.resume();
  const signal = (s: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(s);
  };
  return {
    url,
    pid: child.pid!,
    control: new SandboxControl(url, PROCESS_SANDBOX_ADMIN),
    stop: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      signal("SIGCONT");
      signal("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      signal("SIGKILL");
    },
  };
}
