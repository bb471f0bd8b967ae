/**
 * Once per vitest run, before any worker starts: the dashboard's and the sandbox's databases,
 * migrated once, as templates that every suite clones instead of running initdb and every
 * migration again (test/support/setup.ts hands them to the driver).
 *
 * - PGlite: a migrated in-memory database dumped to a file (`dumpDataDir`); a suite's PGlite loads it.
 * - PostgreSQL (when TEST_DATABASE_URL is set): a migrated database per program, cloned by
 *   `CREATE DATABASE … TEMPLATE` (test/support/databases.ts). A template may have no session open
 *   while it is cloned: nothing connects to it after this setup.
 *
 * Names are random, so runs of other worktrees on the same server never meet; all is dropped at the end.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { DASHBOARD_MIGRATIONS, SANDBOX_MIGRATIONS, type DatabaseTemplates } from "./templates";

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), "vitest-db-templates-"));
  const base = process.env.TEST_DATABASE_URL;
  const suffix = randomBytes(5).toString("hex");
  const postgres = base ? { url: base, dashboard: `dash_tmpl_${suffix}`, sandbox: `sandbox_tmpl_${suffix}` } : undefined;

  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };

  const dumpPGlite = async (migrationsFolder: string, file: string) => {
    const opened = await openDatabase({ schema: {}, migrationsFolder });
    const client = (opened.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    await opened.close();
  };

  const migratePostgres = async (name: string, migrationsFolder: string) => {
    await admin(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    let opened: OpenedDatabase<Record<string, never>> | undefined;
    try {
      opened = await openDatabase({ url: url.toString(), schema: {}, migrationsFolder, poolMax: 1 });
    } finally {
      await opened?.close();
    }
  };

  const templates: DatabaseTemplates = {
    pglite: { dashboard: path.join(dir, "dashboard.tar"), sandbox: path.join(dir, "sandbox.tar") },
    postgres,
  };
  const teardown = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgres) for (const name of [postgres.dashboard, postgres.sandbox]) await admin(`drop database if exists ${name} with (force)`);
  };
  try {
    // PGlite runs on this thread; PostgreSQL's migrations meanwhile on the server.
    await Promise.all([
      (async () => {
        await dumpPGlite(DASHBOARD_MIGRATIONS, templates.pglite.dashboard);
        await dumpPGlite(SANDBOX_MIGRATIONS, templates.pglite.sandbox);
      })(),
      postgres && migratePostgres(postgres.dashboard, DASHBOARD_MIGRATIONS),
      postgres && migratePostgres(postgres.sandbox, SANDBOX_MIGRATIONS),
    ]);
  } catch (e) {
    await teardown().catch(() => undefined);
    throw e;
  }
  project.provide("databaseTemplates", templates);
  console.log(`[vitest] database templates migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return teardown;
}
