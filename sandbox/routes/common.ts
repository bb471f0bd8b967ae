/** Helpers shared by the money-moving routes. */
import type Decimal from "decimal.js";
import type { Sandbox } from "../context";
import type { Reply } from "../pipeline";
import { findReplay, type InsertOutcome, type Replay } from "../idempotency";
import type { LimitRow } from "../limits";
import { ApiError, fieldError } from "../errors";
import { dec, scaleOf } from "../money";

/** A JSON number from the request, as an exact decimal (its shortest round-trip form). */
export const amountOf = (n: number): Decimal => dec(n);

/** More decimal places than the currency has → INVALID_AMOUNT (sandbox-side rule). */
export function checkScale(amount: Decimal, currency: string, field = "amount"): void {
  const scale = scaleOf(currency);
  if (amount.decimalPlaces() > scale) {
    throw fieldError("INVALID_AMOUNT", field, `${currency} amounts take at most ${scale} decimal places`, { max_decimals: scale });
  }
}

export const inSeconds = (sb: Sandbox, seconds: number): Date => new Date(sb.clock.now() + seconds * 1000);

/** The original answer of an idempotent replay (same status code and data). */
export const replayReply = (r: Replay): Reply => ({ status: r.status, data: r.data, headers: { "x-idempotent-replay": "true" } });

/**
 * Takes the daily / monthly budget for an operation. When the budget is spent but the request is the
 * replay of one already accepted, the original answer wins over LIMIT_EXCEEDED (case rule 5).
 */
export async function reserveUsage(
  sb: Sandbox,
  accountId: string,
  limit: LimitRow | undefined,
  amount: Decimal,
  route: string,
  externalId: string | null,
  hash: string,
): Promise<{ release: () => void; replay?: undefined } | { replay: Replay; release?: undefined }> {
  try {
    return { release: sb.usage.reserve(accountId, limit, amount, route) };
  } catch (e) {
    if (e instanceof ApiError && e.code === "LIMIT_EXCEEDED") {
      const replay = await findReplay(sb.db, accountId, externalId, hash);
      if (replay) return { replay };
    }
    throw e;
  }
}

/**
 * Finishes an idempotent creation whose limit usage was reserved beforehand (reserveUsage): a replay
 * (the external_id was already used with this body) or a failure gives the reservation back, so only
 * a new operation counts against the daily and monthly limits.
 */
export async function createReserved(release: () => void, created: Reply, create: () => Promise<InsertOutcome>): Promise<Reply> {
  try {
    const outcome = await create();
    if (outcome.created) return created;
    release();
    return replayReply(outcome.replay);
  } catch (e) {
    release();
    throw e;
  }
}
