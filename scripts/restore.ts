/**
 * `npm run restore -- <file> [--force]`: loads a backup made by `npm run backup` (lib/backup/backup.ts).
 * Embedded: into DATA_DIR/db with the dashboard stopped; a database already there is moved aside
 * (db.before-restore-<time>) with --force, else refused. PostgreSQL (DATABASE_URL set): pg_restore
 * replaces the tables, with --force, every instance stopped. The next `npm start` applies any
 * migration newer than the backup.
 */
import path from "node:path";
import { parseStorageEnv } from "../lib/config/env-schema";
import { BackupRefused, restoreEmbedded, restorePostgres } from "../lib/backup/backup";
import { log } from "../lib/observability/log";

const l = log("restore");

async function main() {
  const env = parseStorageEnv(process.env);
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) throw new BackupRefused("name the backup file: npm run restore -- backups/dashboard-<time>.tar.gz [--force]");
  if (env.DATABASE_URL) {
    await restorePostgres(env.DATABASE_URL, file, { force });
    l.info({ file }, `restored ${file} into DATABASE_URL (pg_restore)`);
  } else {
    const { rows, movedAside } = await restoreEmbedded(path.resolve(env.DATA_DIR), file, { force });
    if (movedAside) l.info({ movedAside }, `the database that was there is kept in ${movedAside}`);
    l.info({ file, rows }, `restored ${file} into ${path.join(env.DATA_DIR, "db")}`);
  }
}

main().catch((err: unknown) => {
  l.error(err instanceof BackupRefused ? { refused: true } : { err }, err instanceof Error ? err.message : String(err));
  process.exit(1);
});
