/**
 * Drizzle's migrator applies a journal entry only when it is dated after the newest migration the
 * database has run: an entry dated before an earlier one is skipped on every database that had run
 * that earlier one. 0016 was once dated before 0015, so a dashboard migrated to 0015 never got the
 * cache's triggers. Every journal is in order now, and a database from either past state comes up
 * to date (PGlite; the migrator's rule is the same on PostgreSQL).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { openDatabase } from "@/lib/db/driver";
import { rowsOf } from "@/lib/api-context/rate-budget";
import { DASHBOARD_MIGRATIONS, SANDBOX_MIGRATIONS } from "../support/databases";

type Journal = { entries: { idx: number; tag: string; when: number }[] };
const journalOf = (folder: string) => JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;

const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** The dashboard's migrations as they stood at an earlier time: the journal up to `lastTag`, dated as given. */
function pastFolder(lastTag: string, dates: Record<string, number> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  folders.push(dir);
  cpSync(DASHBOARD_MIGRATIONS, dir, { recursive: true });
  const journal = journalOf(DASHBOARD_MIGRATIONS);
  const upTo = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(upTo).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, upTo + 1).map((e) => ({ ...e, when: dates[e.tag] ?? e.when }));
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}

const tag = (prefix: string) => journalOf(DASHBOARD_MIGRATIONS).entries.find((e) => e.tag.startsWith(prefix))!.tag;

/** The database as a past dashboard left it, then migrated by today's: its cache triggers, and how many migrations it has run. */
async function upgraded(past: string) {
  const opened = await openDatabase({ schema, migrationsFolder: past });
  try {
    await migrate(opened.db as never, { migrationsFolder: DASHBOARD_MIGRATIONS });
    const triggers = rowsOf<{ tgname: string }>(await opened.db.execute(sql`select tgname from pg_trigger where not tgisinternal order by tgname`)).map((r) => r.tgname);
    return { triggers };
  } finally {
    await opened.close();
  }
}

describe("migrations in the order they were written", () => {
  for (const [name, folder] of [["dashboard", DASHBOARD_MIGRATIONS], ["sandbox", SANDBOX_MIGRATIONS]] as const) {
    it(`the ${name}'s journal is dated in its own order`, () => {
      const whens = journalOf(folder).entries.map((e) => e.when);
      expect(whens.every((w, i) => i === 0 || w > whens[i - 1]!)).toBe(true);
    });
  }

  it("a dashboard migrated to 0015 gets the cache's triggers (0016) and the finer tags (0017)", async () => {
    const { triggers } = await upgraded(pastFolder(tag("0015")));
    expect(triggers).toEqual(expect.arrayContaining(["api_credentials_cache", "api_read_cache_cache", "transactions_cache", "charges_cache", "transactions_settled_cache"]));
  });

  it("a dashboard that ran 0016 when it was dated before 0015 runs it again harmlessly, then 0017", async () => {
    const { triggers } = await upgraded(pastFolder(tag("0016"), { [tag("0016")]: 1795689229205 }));
    expect(triggers).toEqual(expect.arrayContaining(["api_credentials_cache", "sync_state_cache", "charges_cache", "transactions_settled_cache"]));
  });
});
