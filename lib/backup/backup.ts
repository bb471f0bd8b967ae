/**
 * Backups of the dashboard's database (`npm run backup`, `npm run restore`; README "Operating it").
 *
 * - Embedded (PGlite, `DATA_DIR/db`): PGlite's own dump of its data directory (`dumpDataDir`, a
 *   gzipped tar of the PostgreSQL files), and its load into an empty directory (`loadDataDir`). PGlite
 *   is one process per directory: both refuse while the dashboard runs (its pid file), and a restore
 *   never overwrites a database (the one there is moved aside first, with `--force`).
 * - PostgreSQL (`DATABASE_URL`): `pg_dump --format=custom` and `pg_restore --clean --if-exists`, the
 *   documented way, run when they are on the PATH (Debian's postgresql-client); the database may stay
 *   in use meanwhile (pg_dump reads one consistent snapshot).
 *
 * A backup holds the credentials sealed with CREDENTIALS_ENCRYPTION_KEY, never the key: keep the key
 * (DATA_DIR/secrets.json, or wherever it is configured) apart from the backups, and with them both a
 * restore opens every credential again.
 */
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The process serving DATA_DIR (scripts/start.ts writes it), if it is alive. */
export function runningDashboard(dataDir: string): number | null {
  const file = path.join(dataDir, "dashboard.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export class BackupRefused extends Error {}

async function openPGlite(dir: string, loadDataDir?: Blob) {
  const { PGlite } = await import("@electric-sql/pglite");
  // The trigram index of the mirror (migration 0008) needs its extension loaded, as the dashboard does.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Rows of the tables a restore is checked by: members, organisations, credentials, the mirror. */
export async function countRows(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, number>> {
  const tables = ["organizations", "users", "memberships", "api_credentials", "transactions", "webhook_inbox", "audit_log"];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await query(`select count(*)::int as n from ${t}`)).rows[0]?.n ?? 0);
  return out;
}

/** Writes a dump of the embedded database in `dbDir` to `file` (mode 0600). */
export async function backupEmbedded(dataDir: string, file: string): Promise<{ bytes: number; rows: Record<string, number> }> {
  const dbDir = path.join(dataDir, "db");
  if (!existsSync(path.join(dbDir, "PG_VERSION"))) throw new BackupRefused(`there is no embedded database in ${dbDir}`);
  const pid = runningDashboard(dataDir);
  if (pid) throw new BackupRefused(`the dashboard is running (process ${pid}) on ${dataDir}: the embedded database serves one process at a time. Stop it (SIGTERM), back up, start it again; or run on PostgreSQL for backups while serving`);
  const pg = await openPGlite(dbDir);
  try {
    const rows = await countRows((text) => pg.query(text));
    const dump = await pg.dumpDataDir("gzip");
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, bytes, { mode: 0o600 });
    chmodSync(file, 0o600);
    return { bytes: bytes.length, rows };
  } finally {
    await pg.close();
  }
}

/**
 * Loads a dump into `DATA_DIR/db`. A database already there is refused, or with `force` moved aside
 * to `db.before-restore-<time>` (nothing is deleted). Returns the restored rows' counts.
 */
export async function restoreEmbedded(dataDir: string, file: string, opts: { force?: boolean } = {}): Promise<{ rows: Record<string, number>; movedAside: string | null }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupRefused(`no backup file at ${file}`);
  const pid = runningDashboard(dataDir);
  if (pid) throw new BackupRefused(`the dashboard is running (process ${pid}) on ${dataDir}: stop it before restoring`);
  const dbDir = path.join(dataDir, "db");
  let movedAside: string | null = null;
  if (existsSync(path.join(dbDir, "PG_VERSION"))) {
    if (!opts.force) throw new BackupRefused(`${dbDir} holds a database: restore with --force to move it aside (to db.before-restore-<time>) and load the backup`);
    movedAside = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dbDir, movedAside);
  }
  mkdirSync(dbDir, { recursive: true, mode: 0o700 });
  const pg = await openPGlite(dbDir, new Blob([readFileSync(file)]));
  try {
    return { rows: await countRows((text) => pg.query(text)), movedAside };
  } finally {
    await pg.close();
  }
}

async function onPath(command: string): Promise<boolean> {
  return run(command, ["--version"]).then(
    () => true,
    () => false,
  );
}

/** `pg_dump --format=custom` of DATABASE_URL into `file` (mode 0600). */
export async function backupPostgres(url: string, file: string): Promise<{ bytes: number }> {
  if (!(await onPath("pg_dump"))) throw new BackupRefused(`pg_dump is not installed (Debian: apt-get install postgresql-client). Run: pg_dump --format=custom --file=${file} "$DATABASE_URL"`);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, `--dbname=${url}`]);
  chmodSync(file, 0o600);
  return { bytes: statSync(file).size };
}

/** `pg_restore --clean --if-exists` of `file` into DATABASE_URL (`force`: its tables are replaced). */
export async function restorePostgres(url: string, file: string, opts: { force?: boolean } = {}): Promise<void> {
  if (!existsSync(file)) throw new BackupRefused(`no backup file at ${file}`);
  if (!opts.force) throw new BackupRefused("restoring into DATABASE_URL replaces its tables: stop every instance, then restore with --force");
  if (!(await onPath("pg_restore"))) throw new BackupRefused(`pg_restore is not installed (Debian: apt-get install postgresql-client). Run: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`);
  await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", `--dbname=${url}`, file]);
}
