/**
 * The balance read, shared by the pages (through lib/api-context/index.ts) and by background work
 * (the balance reconciliation): one shape, one cache key, so a background read also refreshes what
 * the pages show.
 */
import type { ApiContext, ApiTarget, Caller, Read } from "./context";

export type BalanceDto = { currency: string; available: string; blocked: string; pending: string }[];

/** How long a balance answer is shared before the API is asked again. */
export const BALANCE_TTL_MS = 15_000;

export function readBalanceFor(ctx: ApiContext, target: ApiTarget, caller: Caller, opts: { fresh?: boolean } = {}): Promise<Read<BalanceDto>> {
  return ctx.read(
    target,
    caller,
    "balance",
    BALANCE_TTL_MS,
    async (client) =>
      (await client.account.balance()).balances.map((b) => ({
        currency: b.currency,
        available: b.available.toFixed(),
        blocked: b.blocked.toFixed(),
        pending: b.pending.toFixed(),
      })),
    opts,
  );
}
