/**
 * Background work (the webhook worker, the sync) never holds up a request's statements: on PGlite,
 * which runs one statement at a time on the process's thread, a background statement waits while
 * request statements are queued; on PostgreSQL the same order holds for the pool. And on PGlite a
 * request's statement waits a turn of the event loop, so that what is already due (another request
 * arrived, an answer to write) runs first instead of behind a whole queue of statements.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { inBackground } from "@/lib/db/driver";
import { describeEachDatabase } from "../support/databases";

describeEachDatabase("statement priority", (db) => {
  it("runs queued request statements before a background statement issued first", async () => {
    const order: string[] = [];
    const background = inBackground(async () => {
      await db().execute(sql`select 1`);
      order.push("background");
    });
    const requests = Array.from({ length: 5 }, (_, i) =>
      db()
        .execute(sql`select pg_sleep(0.01)`)
        .then(() => order.push(`request ${i}`)),
    );
    await Promise.all([background, ...requests]);
    expect(order.at(-1)).toBe("background");
    expect(order).toHaveLength(6);
  });

  it("does not starve background work under a steady stream of requests", async () => {
    let stop = false;
    const stream = (async () => {
      while (!stop) await db().execute(sql`select pg_sleep(0.005)`);
    })();
    const started = Date.now();
    await inBackground(() => db().execute(sql`select 1`));
    const waited = Date.now() - started;
    stop = true;
    await stream;
    expect(waited).toBeLessThan(2_000);
  });

  it("lets what is already due run before a request's statement", async () => {
    const order: string[] = [];
    // Due before the statement is issued: on PGlite, without a turn first, the statement (and the
    // next ones queued behind it) would run in this turn, ahead of it.
    setImmediate(() => order.push("due first"));
    await db()
      .execute(sql`select 1`)
      .then(() => order.push("statement"));
    expect(order).toEqual(["due first", "statement"]);
  });
});
