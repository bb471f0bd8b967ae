/**
 * `npm run backup [-- --out <file>]`: a backup of the dashboard's database (lib/backup/backup.ts).
 * Embedded (PGlite): its data directory as a gzipped tar, with the dashboard stopped. PostgreSQL
 * (DATABASE_URL set): pg_dump's custom format, while it serves. Default file:
 * backups/dashboard-<time>.tar.gz (embedded) or .dump (PostgreSQL), mode 0600.
 */
import path from "node:path";
import { parseStorageEnv } from "../lib/config/env-schema";
import { backupEmbedded, BackupRefused, backupPostgres } from "../lib/backup/backup";
import { log } from "../lib/observability/log";

const l = log("backup");

async function main() {
  const env = parseStorageEnv(process.env);
  const at = process.argv.indexOf("--out");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : path.join("backups", `dashboard-${stamp}.${env.DATABASE_URL ? "dump" : "tar.gz"}`);
  if (env.DATABASE_URL) {
    const { bytes } = await backupPostgres(env.DATABASE_URL, out);
    l.info({ file: out, bytes }, `backed up PostgreSQL (pg_dump, custom format) to ${out}`);
  } else {
    const { bytes, rows } = await backupEmbedded(path.resolve(env.DATA_DIR), out);
    l.info({ file: out, bytes, rows }, `backed up the embedded database to ${out}`);
  }
  l.info("the backup holds credentials sealed with CREDENTIALS_ENCRYPTION_KEY, not the key: keep the key (secrets.json) safe and apart from it");
}

main().catch((err: unknown) => {
  l.error(err instanceof BackupRefused ? { refused: true } : { err }, err instanceof Error ? err.message : String(err));
  process.exit(1);
});
