/**
 * A new embedded database starts from its migrations folder's template (lib/db/pglite-templates.ts,
 * made by vitest's global setup): migrated, empty, without the template databases PGlite never uses;
 * in a data folder too, which then opens as any existing database. PGLITE_TEMPLATES=off runs initdb.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/driver";
import { pgliteTemplateFile } from "@/lib/db/pglite-templates";
import * as schema from "@/lib/db/schema";
import { DASHBOARD_MIGRATIONS } from "../support/templates";
import { patient } from "@/test/support/patience";

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const databasesOf = async (db: Database<typeof schema>) => rowsOf(await db.execute(sql`select datname from pg_database order by datname`)).map((r) => r.datname);

const folders: string[] = [];
afterEach(() => {
  delete process.env.PGLITE_TEMPLATES;
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

it("a new database loads the template: every migration applied, no row, only the postgres database; reopened from its folder, the same", async () => {
  expect(pgliteTemplateFile(DASHBOARD_MIGRATIONS)).toMatch(/node_modules\/\.cache\/pglite-templates\/lib-db-migrations-[0-9a-f]{16}\.tar$/);
  const dir = mkdtempSync(path.join(tmpdir(), "pglite-template-"));
  folders.push(dir);
  const first = await openDatabase({ dataDir: path.join(dir, "db"), schema, migrationsFolder: DASHBOARD_MIGRATIONS });
  expect(await databasesOf(first.db)).toEqual(["postgres"]);
  const [migrations] = rowsOf(await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  expect(migrations!.n).toBeGreaterThan(0);
  expect(await first.db.select().from(schema.organizations)).toEqual([]);
  await first.db.insert(schema.organizations).values({ name: "Kept" });
  await first.close();
  const again = await openDatabase({ dataDir: path.join(dir, "db"), schema, migrationsFolder: DASHBOARD_MIGRATIONS });
  expect((await again.db.select().from(schema.organizations)).map((o) => o.name)).toEqual(["Kept"]);
  await again.close();
});

it("PGLITE_TEMPLATES=off: initdb, with PostgreSQL's template databases", async () => {
  process.env.PGLITE_TEMPLATES = "off";
  const opened = await openDatabase({ schema, migrationsFolder: DASHBOARD_MIGRATIONS });
  expect(await databasesOf(opened.db)).toEqual(["postgres", "template0", "template1"]);
  await opened.close();
}, patient(60_000));
