/**
 * Once per vitest run, before any worker starts: the dashboard's and the sandbox's databases,
 * migrated once, as templates that every suite clones instead of running initdb and every
 * migration again.
 *
 * - PGlite: the templates of new embedded databases (lib/db/pglite-templates.ts, made here when
 *   `npm test` has not made them yet): every PGlite database a test opens, in process or in a child
 *   process it starts, loads its folder's template instead of running initdb and the migrations.
 * - PostgreSQL (when TEST_DATABASE_URL is set): a migrated database per program, cloned by
 *   `CREATE DATABASE … TEMPLATE` (test/support/databases.ts). A template may have no session open
 *   while it is cloned: nothing connects to it after this setup. The names are random, so runs of
 *   other worktrees on the same server never meet; both are dropped at the end.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { makePGliteTemplates, openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { DASHBOARD_MIGRATIONS, SANDBOX_MIGRATIONS, type DatabaseTemplates } from "./templates";

export default async function setup(project: TestProject) {
  const started = Date.now();
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

  const teardown = async () => {
    if (postgres) for (const name of [postgres.dashboard, postgres.sandbox]) await admin(`drop database if exists ${name} with (force)`);
  };
  let templates: DatabaseTemplates;
  try {
    // PGlite runs on this thread (one after the other: the second reuses the compiled WASM);
    // PostgreSQL's migrations meanwhile on the server.
    await Promise.all([
      makePGliteTemplates([DASHBOARD_MIGRATIONS, SANDBOX_MIGRATIONS]),
      postgres && migratePostgres(postgres.dashboard, DASHBOARD_MIGRATIONS),
      postgres && migratePostgres(postgres.sandbox, SANDBOX_MIGRATIONS),
    ]);
    templates = { postgres };
  } catch (e) {
    await teardown().catch(() => undefined);
    throw e;
  }
  project.provide("databaseTemplates", templates);
  console.log(`[vitest] database templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return teardown;
}
