/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, on a free port), so that a
 * test can stop and restart a real server without touching the one other tests share. Needs the
 * server's binaries (PG_BIN, else /usr/lib/postgresql/<version>/bin, Debian's layout); as root, the
 * server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export function postgresBinaries(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  return candidates.find((dir) => existsSync(path.join(dir, "pg_ctl")) && existsSync(path.join(dir, "initdb"))) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** `stop`/`start` do not block this process meanwhile (its connections see the server go and come back). */
export type OwnPostgres = { url: string; stop(): Promise<void>; start(): Promise<void>; dispose(): void };

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "pg-own-"));
  const data = path.join(dir, "data");
  const root = process.getuid?.() === 0;
  const command = (cmd: string, args: string[]): [string, string[]] => (root ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args]);
  const run = (cmd: string, args: string[]) => void execFileSync(...command(cmd, args), { stdio: ["ignore", "ignore", "pipe"] });
  const runAsync = async (cmd: string, args: string[]) => void (await promisify(execFile)(...command(cmd, args)));
  if (root) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => runAsync("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  const stop = () => runAsync("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    dispose() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
