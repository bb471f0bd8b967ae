/**
 * Runs a suite once on PGlite (in memory) and, when TEST_DATABASE_URL is set,
 * once more on PostgreSQL, in a database created for the run and dropped
 * after, so parallel test files never see each other's rows.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase, type Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";

export type TestDb = Database<typeof schema>;

export const DASHBOARD_MIGRATIONS = path.resolve(__dirname, "../../lib/db/migrations");

export type TargetDatabase = { name: string; url?: string };

export function databaseTargets(): TargetDatabase[] {
  const targets: TargetDatabase[] = [{ name: "pglite" }];
  if (process.env.TEST_DATABASE_URL) targets.push({ name: "postgres", url: process.env.TEST_DATABASE_URL });
  return targets;
}

/** Creates a throwaway database on the server of `baseUrl`; returns its URL and a drop function. */
export async function createScratchDatabase(baseUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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

export function describeEachDatabase(title: string, suite: (get: () => TestDb) => void) {
  for (const target of databaseTargets()) {
    describe(`${title} [${target.name}]`, () => {
      let db: TestDb | undefined;
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
