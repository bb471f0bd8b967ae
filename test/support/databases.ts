/**
 * Runs a suite once on PGlite (in memory) and, when TEST_DATABASE_URL is set,
 * once more on PostgreSQL, in a database created for the run and dropped
 * after, so parallel test files never see each other's rows. Both start as
 * copies of this run's migrated templates (test/support/global-setup.ts).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDatabase } from "@/lib/db/driver";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import { DASHBOARD_MIGRATIONS } from "./templates";

export { DASHBOARD_MIGRATIONS, SANDBOX_MIGRATIONS } from "./templates";


export type TargetDatabase = { name: string; url?: string };

export function databaseTargets(): TargetDatabase[] {
  const targets: TargetDatabase[] = [{ name: "pglite" }];
  if (process.env.TEST_DATABASE_URL) targets.push({ name: "postgres", url: process.env.TEST_DATABASE_URL });
  return targets;
}

/**
 * Creates a throwaway database on the server of `baseUrl`, a copy of the migrated template of
 * `program` when this run made one there; returns its URL and a drop function.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string, program: "dashboard" | "sandbox" = "dashboard") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const templates = inject("databaseTemplates").postgres;
  const template = templates?.url === baseUrl ? ` template ${templates[program]}` : "";
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function describeEachDatabase(title: string, suite: (get: () => Db) => void) {
  for (const target of databaseTargets()) {
    describe(`${title} [${target.name}]`, () => {
      let db: Db | undefined;
      let close: (() => Promise<void>) | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        let url: string | undefined;
        if (target.url) {
          const scratch = await createScratchDatabase(target.url, "dash_test");
          url = scratch.url;
          drop = scratch.drop;
        }
        const opened = await openDatabase({ url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 4 });
        db = opened.db;
        close = opened.close;
      });
      afterAll(async () => {
        await close?.();
        await drop?.();
      });
      suite(() => {
        if (!db) throw new Error("database not open yet");
        return db;
      });
    });
  }
}
