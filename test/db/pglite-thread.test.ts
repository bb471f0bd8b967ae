/**
 * The dashboard's embedded database on a thread of its own (lib/db/pglite-thread-client.ts): Drizzle
 * sees the same database as with PGlite on its own thread (types, transactions, savepoints, errors
 * with PostgreSQL's fields, LISTEN/NOTIFY), the caller's thread keeps turning while a statement runs,
 * and a waiting call keeps the process alive until its answer.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import { DASHBOARD_MIGRATIONS } from "../support/templates";
import { patient } from "@/test/support/patience";

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

let dir: string;
let opened: OpenedDatabase<typeof schema>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "pglite-thread-"));
  opened = await openDatabase({ dataDir: path.join(dir, "db"), schema, migrationsFolder: DASHBOARD_MIGRATIONS, thread: true });
}, patient(60_000));
afterAll(async () => {
  await opened?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("reads and writes as Drizzle on PGlite does: timestamps as dates, JSON as objects, what it wrote found again after a reopen on this thread", async () => {
  const [org] = await opened.db.insert(schema.organizations).values({ name: "Threaded" }).returning();
  expect(org!.createdAt).toBeInstanceOf(Date);
  const typed = rowsOf(await opened.db.execute(sql`select 12.345::numeric(12,3) as amount, '{"a":[1,"b"]}'::jsonb as doc, true as yes, now() as at, 9007199254740993::int8 as big`))[0]!;
  expect(typed.amount).toBe("12.345");
  expect(typed.doc).toEqual({ a: [1, "b"] });
  expect(typed.yes).toBe(true);
  expect(typeof typed.at).toBe("string");
  expect(String(typed.big)).toBe("9007199254740993");
  const [back] = await opened.db.select().from(schema.organizations).where(eq(schema.organizations.id, org!.id));
  expect(back!.createdAt.getTime()).toBe(org!.createdAt.getTime());
});

it("a transaction commits when it returns, rolls back when it throws, and a savepoint inside it rolls back alone", async () => {
  const names = async () => (await opened.db.select({ name: schema.organizations.name }).from(schema.organizations)).map((o) => o.name).sort();
  await opened.db.transaction(async (tx) => {
    await tx.insert(schema.organizations).values({ name: "Committed" });
    await tx.transaction(async (inner) => {
      await inner.insert(schema.organizations).values({ name: "Savepoint undone" });
      throw new Error("undo the savepoint");
    }).catch(() => undefined);
  });
  await expect(
    opened.db.transaction(async (tx) => {
      await tx.insert(schema.organizations).values({ name: "Rolled back" });
      throw new Error("the caller's own failure");
    }),
  ).rejects.toThrow("the caller's own failure");
  expect(await names()).toContain("Committed");
  expect(await names()).not.toContain("Savepoint undone");
  expect(await names()).not.toContain("Rolled back");
});

it("a statement from outside waits for an open transaction, then sees what it committed", async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const transaction = opened.db.transaction(async (tx) => {
    await tx.insert(schema.organizations).values({ name: "Held" });
    await held;
  });
  await new Promise((r) => setTimeout(r, 50));
  let answered = false;
  const outside = opened.db.select().from(schema.organizations).where(eq(schema.organizations.name, "Held")).then((rows) => ((answered = true), rows));
  await new Promise((r) => setTimeout(r, 100));
  expect(answered).toBe(false);
  release();
  await transaction;
  expect(await outside).toHaveLength(1);
});

it("a failed statement carries PostgreSQL's code and constraint, as the idempotency checks read them", async () => {
  await opened.db.execute(sql`create table if not exists thread_unique (k text primary key)`);
  await opened.db.execute(sql`insert into thread_unique values ('once')`);
  const failure = await opened.db.execute(sql`insert into thread_unique values ('once')`).catch((e: unknown) => e);
  const cause = ((failure as { cause?: unknown }).cause ?? failure) as { code?: string; constraint?: string; message?: string };
  expect(failure).toBeInstanceOf(Error);
  expect(cause).toBeInstanceOf(Error);
  expect(cause.code).toBe("23505");
  expect(cause.constraint).toBe("thread_unique_pkey");
  expect(cause.message).toMatch(/duplicate key/);
});

it("LISTEN hears each NOTIFY until it stops listening", async () => {
  const heard: string[] = [];
  const stop = await opened.listen("thread_channel", (p) => heard.push(p));
  await opened.db.execute(sql`select pg_notify('thread_channel', 'one')`);
  await expect.poll(() => heard).toEqual(["one"]);
  await stop();
  await opened.db.execute(sql`select pg_notify('thread_channel', 'two')`);
  await opened.db.execute(sql`select 1`);
  await new Promise((r) => setTimeout(r, 50));
  expect(heard).toEqual(["one"]);
});

it("while a long statement runs, this thread's timers keep firing (on this thread's PGlite they wait for it)", async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const started = performance.now();
  await opened.db.execute(sql`select count(*) from generate_series(1, 3000000) as g(i) where i % 7 = 3`);
  const took = performance.now() - started;
  clearInterval(timer);
  expect(took).toBeGreaterThan(100);
  expect(ticks).toBeGreaterThanOrEqual(5);
});

it("a call waiting for its answer keeps a script alive; a closed database refuses with a reason", async () => {
  const script = `
    const { sql } = await import("drizzle-orm");
    const { openDatabase } = await import("./lib/db/driver.ts");
    const opened = await openDatabase({ schema: {}, migrationsFolder: ${JSON.stringify(DASHBOARD_MIGRATIONS)}, thread: true });
    const r = await opened.db.execute(sql.raw("select 41 + 1 as n"));
    console.log("answer", r.rows[0].n);
    await opened.close();
    console.log("after close:", await opened.db.execute(sql.raw("select 1")).then(() => "answered", (e) => e.message));
  `;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8", env: { ...process.env, LOG_LEVEL: "warn" } });
  expect(out).toContain("answer 42");
  expect(out).toMatch(/after close: [\s\S]*the embedded database's thread stopped/);
}, patient(60_000));

it("closing while a transaction is never ended stops the thread after its wait instead of hanging", async () => {
  const other = await openDatabase({ schema, migrationsFolder: DASHBOARD_MIGRATIONS, thread: true });
  const stuck = other.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await new Promise(() => undefined);
  });
  stuck.catch(() => undefined);
  await new Promise((r) => setTimeout(r, 50));
  const client = (other.db as unknown as { $client: { close(waitMs: number): Promise<void> } }).$client;
  const started = performance.now();
  await client.close(300);
  expect(performance.now() - started).toBeLessThan(5_000);
  await expect(other.db.execute(sql`select 1`)).rejects.toThrow(/stopped/);
}, patient(60_000));

