/**
 * Write before the call, never twice: the one way a charge, a payout or a conversion is claimed.
 *
 * The row of an outbound call is written before the call goes out, under its external_id (unique
 * per organisation and environment). A second request under the same reference finds that row
 * instead of writing another: the caller then replays it (the same body: the row's state answers, or
 * the stored body goes out again, which the API's idempotency answers with the same transaction) or
 * refuses it (another body under a reference already used). Each service records the API's answer
 * on the row afterwards (`send` in lib/charges and lib/conversions, `sendPayout` in lib/payouts).
 */
import { and, eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";

/** The tables of outbound calls: each has an id, its tenant, an external_id and the request body. */
type OutboundTable = typeof schema.charges | typeof schema.payouts | typeof schema.conversions;

export type Claim<Row> = { fresh: true; id: string } | { fresh: false; row: Row; same: boolean };

/** Stable JSON of a request body (keys sorted), so two bodies compare by what they say. */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
}

/** Whether two request bodies ask for the same thing. */
export const sameRequest = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/**
 * Writes `values` (its scope and externalId included) unless a row of `scope` already holds that
 * external_id; then returns that row and whether it asked for the same (`same`, by default the same
 * request body). `vanished` is thrown in the one case left: the insert met a row that a read cannot
 * find (it was deleted in between).
 */
export async function claim<T extends OutboundTable>(
  db: Db,
  table: T,
  scope: Scope,
  values: T["$inferInsert"] & { externalId: string; request: unknown },
  vanished: () => Error,
  same: (row: T["$inferSelect"]) => boolean = (row) => sameRequest(row.request, values.request),
): Promise<Claim<T["$inferSelect"]>> {
  // The three tables share the columns used here; typed as one of them for Drizzle's builders.
  const t = table as typeof schema.charges;
  const inserted = await db
    .insert(t)
    .values(values as typeof schema.charges.$inferInsert)
    .onConflictDoNothing()
    .returning({ id: t.id });
  if (inserted[0]) return { fresh: true, id: inserted[0].id };
  const [row] = await db
    .select()
    .from(t)
    .where(and(inScope(t, scope), eq(t.externalId, values.externalId)))
    .limit(1);
  if (!row) throw vanished();
  const existing = row as T["$inferSelect"];
  return { fresh: false, row: existing, same: same(existing) };
}
