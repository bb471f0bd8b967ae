/**
 * Once per vitest run, before any worker starts: the dashboard's and the sandbox's databases,
 * migrated once, as templates that every suite clones instead of running initdb and every
 * migration again (test/support/setup.ts hands them to the driver).
 *
 * - PGlite: a migrated in-memory database dumped to a file (`dumpDataDir`); a suite's PGlite loads
 *   it. The dump depends only on the migrations and PGlite's version, so it is kept under
 *   node_modules/.cache by those (about 20 s saved on every later run, a one-file run included).
 * - PostgreSQL (when TEST_DATABASE_URL is set): a migrated database per program, cloned by
 *   `CREATE DATABASE … TEMPLATE` (test/support/databases.ts). A template may have no session open
 *   while it is cloned: nothing connects to it after this setup. The names are random, so runs of
 *   other worktrees on the same server never meet; both are dropped at the end.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { DASHBOARD_MIGRATIONS, SANDBOX_MIGRATIONS, type DatabaseTemplates } from "./templates";

const ROOT = path.resolve(__dirname, "../..");
const CACHE = path.join(ROOT, "node_modules/.cache/pglite-templates");

/** The dump's file: named by what it depends on, the migrations' files and PGlite's version. */
function pgliteTemplateFile(program: "dashboard" | "sandbox", migrationsFolder: string): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(path.join(ROOT, "node_modules/@electric-sql/pglite/package.json")));
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  return path.join(CACHE, `${program}-${hash.digest("hex").slice(0, 16)}.tar`);
}

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

  const dumpPGlite = async (program: "dashboard" | "sandbox", migrationsFolder: string) => {
    const file = pgliteTemplateFile(program, migrationsFolder);
    if (existsSync(file)) return file;
    const opened = await openDatabase({ schema: {}, migrationsFolder });
    const client = (opened.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    const dump = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    await opened.close();
    // Older dumps of this program go; the new one appears whole (a run in parallel may read it).
    mkdirSync(CACHE, { recursive: true });
    for (const old of readdirSync(CACHE)) if (old.startsWith(`${program}-`) && old.endsWith(".tar")) rmSync(path.join(CACHE, old), { force: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    return file;
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
    const [pglite] = await Promise.all([
      (async () => ({ dashboard: await dumpPGlite("dashboard", DASHBOARD_MIGRATIONS), sandbox: await dumpPGlite("sandbox", SANDBOX_MIGRATIONS) }))(),
      postgres && migratePostgres(postgres.dashboard, DASHBOARD_MIGRATIONS),
      postgres && migratePostgres(postgres.sandbox, SANDBOX_MIGRATIONS),
    ]);
    templates = { pglite, postgres };
  } catch (e) {
    await teardown().catch(() => undefined);
    throw e;
  }
  project.provide("databaseTemplates", templates);
  console.log(`[vitest] database templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return teardown;
}
