/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts), run as commands:
 * a database with members, credentials (sealed) and mirror rows is backed up, restored elsewhere,
 * and every member, credential and mirror row is found again, the same in every column; the
 * credentials still open with the key the backup did not hold. On the embedded database (PGlite),
 * and on PostgreSQL through pg_dump and pg_restore when TEST_DATABASE_URL is set and they are
 * installed. A backup or restore of the embedded database the dashboard is using is refused.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import { createKeyring, open, secretAad } from "@/lib/security/sealing";
import { registerCredential } from "@/lib/credentials/service";
import { createScratchDatabase, DASHBOARD_MIGRATIONS } from "../support/databases";
import { createOrganization } from "../support/connect";
import { patient } from "@/test/support/patience";

const root = path.resolve(__dirname, "../..");
const exec = promisify(execFile);

/** `npm run backup` / `npm run restore`, as package.json runs them, with this environment. */
function npmRun(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return exec(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { cwd: root, env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_FORMAT: "json", ...env } }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? 1, out: (e.stdout ?? "") + (e.stderr ?? "") }),
  );
}

const keyring = createKeyring(randomBytes(32).toString("base64"));

/** Two organisations' members, a sealed credential each, and mirror rows with exact amounts. */
async function fill(db: Db) {
  for (const name of ["Backup A", "Backup B"]) {
    const { organizationId, members } = await createOrganization(db, name, ["admin", "operator", "viewer"]);
    await registerCredential(db, keyring, organizationId, { userId: members[0]!.userId, address: "127.0.0.1" }, {
      name: `${name} sandbox`,
      environment: "sandbox",
      baseUrl: "http://127.0.0.1:4010",
      clientId: `client-${randomBytes(4).toString("hex")}`,
      clientSecret: `cs_${randomBytes(24).toString("base64url")}`,
      signingKey: `sk_${randomBytes(32).toString("hex")}`,
    });
    await db.insert(schema.transactions).values(
      Array.from({ length: 25 }, (_, i) => ({
        organizationId,
        environment: "sandbox" as const,
        transactionId: `${name.at(-1)}-tx-${i}`,
        type: i % 2 ? "cashin" : "cashout",
        status: i % 3 ? "confirmed" : "pending",
        amount: `${i}.${String(i).padStart(2, "0")}`,
        fee: "0.38",
        currency: "BRL",
        payerName: `Payer ${i}`,
        apiCreatedAt: new Date(Date.UTC(2026, 10, 1 + i)),
        origin: "sync",
        raw: { transaction_id: `${name.at(-1)}-tx-${i}`, amount: i + 0.5 },
      })),
    );
  }
}

/** Every member, credential and mirror row, in a stable order. */
async function snapshot(db: Db) {
  return {
    organizations: await db.select().from(schema.organizations).orderBy(asc(schema.organizations.id)),
    users: await db.select().from(schema.users).orderBy(asc(schema.users.id)),
    memberships: await db.select().from(schema.memberships).orderBy(asc(schema.memberships.userId)),
    credentials: await db.select().from(schema.apiCredentials).orderBy(asc(schema.apiCredentials.id)),
    transactions: await db.select().from(schema.transactions).orderBy(asc(schema.transactions.organizationId), asc(schema.transactions.transactionId)),
  };
}

async function expectSameAndOpenable(restored: Db, before: Awaited<ReturnType<typeof snapshot>>) {
  const after = await snapshot(restored);
  expect(after.users).toHaveLength(6);
  expect(after.credentials).toHaveLength(2);
  expect(after.transactions).toHaveLength(50);
  expect(after).toEqual(before);
  // The sealed secrets open with the key (kept apart from the backup).
  for (const c of after.credentials) expect(open(keyring, c.clientSecretCiphertext!, secretAad(c.id, "client_secret"))).toMatch(/^cs_/);
  const [one] = await restored.select({ amount: schema.transactions.amount }).from(schema.transactions).where(eq(schema.transactions.transactionId, "A-tx-12"));
  expect(one!.amount).toBe("12.12");
}

describe("npm run backup / npm run restore", () => {
  const cleanup: (() => void | Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it("embedded: a backup restored has every member, credential and mirror row; a database in use, or one in the way, is refused", async () => {
    const source = tempDir("backup-src-");
    const opened = await openDatabase({ dataDir: path.join(source, "db"), schema, migrationsFolder: DASHBOARD_MIGRATIONS });
    await fill(opened.db);
    const before = await snapshot(opened.db);
    await opened.close();

    // The dashboard serving this folder (its pid file names a live process): refused, nothing written.
    const file = path.join(tempDir("backup-out-"), "dashboard.tar.gz");
    writeFileSync(path.join(source, "dashboard.pid"), `${process.pid}\n`);
    const refused = await npmRun("backup", ["--out", file], { DATA_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("the dashboard is running");
    expect(existsSync(file)).toBe(false);
    rmSync(path.join(source, "dashboard.pid"));

    const backup = await npmRun("backup", ["--out", file], { DATA_DIR: source });
    expect(backup.code, backup.out).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Restored over the database it came from (lost, say): refused without --force; with it, the
    // one there is kept aside and the backup loaded in its place.
    const target = source;
    const over = await npmRun("restore", [file], { DATA_DIR: target });
    expect([over.code, over.out.includes("--force")]).toEqual([1, true]);
    const restore = await npmRun("restore", [file, "--force"], { DATA_DIR: target });
    expect(restore.code, restore.out).toBe(0);
    expect(readdirSync(target).some((d) => d.startsWith("db.before-restore-"))).toBe(true);

    const restored = await openDatabase({ dataDir: path.join(target, "db"), schema, migrationsFolder: DASHBOARD_MIGRATIONS });
    try {
      await expectSameAndOpenable(restored.db, before);
    } finally {
      await restored.close();
    }
  }, patient(120_000));

  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgTools = pgUrl ? Promise.all(["pg_dump", "pg_restore"].map((c) => exec(c, ["--version"]).then(() => true, () => false))).then((ok) => ok.every(Boolean)) : Promise.resolve(false);

  it("PostgreSQL: pg_dump's backup restored with pg_restore into another database has every member, credential and mirror row", async (ctx) => {
    if (!(await pgTools)) return ctx.skip("needs TEST_DATABASE_URL and pg_dump/pg_restore");
    const from = await createScratchDatabase(pgUrl!, "backup_src");
    const to = await createScratchDatabase(pgUrl!, "backup_dst");
    cleanup.push(from.drop, to.drop);
    const source = await openDatabase({ url: from.url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 2 });
    await fill(source.db);
    const before = await snapshot(source.db);
    await source.close();
    const file = path.join(tempDir("backup-pg-"), "dashboard.dump");
    const backup = await npmRun("backup", ["--out", file], { DATABASE_URL: from.url });
    expect(backup.code, backup.out).toBe(0);
    expect((await npmRun("restore", [file], { DATABASE_URL: to.url })).out).toContain("--force");
    const restore = await npmRun("restore", [file, "--force"], { DATABASE_URL: to.url });
    expect(restore.code, restore.out).toBe(0);
    const restored = await openDatabase({ url: to.url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 2 });
    try {
      await expectSameAndOpenable(restored.db, before);
    } finally {
      await restored.close();
    }
  }, patient(120_000));
});
