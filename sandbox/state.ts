/** The sandbox's own key/value state (table sandbox_state): JWT secret, clock offset, settings. */
import type { Sql } from "./db/sql";

export async function readState<T>(q: Sql, key: string): Promise<T | undefined> {
  const rows = await q.query<{ value: T }>("select value from sandbox_state where key = $1", [key]);
  return rows[0]?.value;
}

export async function writeState(q: Sql, key: string, value: unknown): Promise<void> {
  await q.query(
    "insert into sandbox_state (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value",
    [key, JSON.stringify(value)],
  );
}

/** Reads a value, creating it with `init()` the first time (first writer wins under concurrency). */
export async function readOrInitState<T>(q: Sql, key: string, init: () => T): Promise<T> {
  await q.query("insert into sandbox_state (key, value) values ($1, $2::jsonb) on conflict (key) do nothing", [key, JSON.stringify(init())]);
  const v = await readState<T>(q, key);
  if (v === undefined) throw new Error(`sandbox_state ${key} missing after init`);
  return v;
}
