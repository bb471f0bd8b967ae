/**
 * Balance reconciliation: does the mirror explain how the API's balances moved?
 *
 * The API's total per currency (available + blocked + pending) is compared with the total the
 * mirror explains: every final transaction's effect on the balance, plus MED losses. The two never
 * start equal (an opening balance, history older than the mirror), so the check keeps a baseline
 * per currency (both totals when it first looked) and compares movements since then:
 *
 *     unexplained = (API total − API baseline) − (mirror total − mirror baseline)
 *
 * A check runs after a sync, only when the mirror is quiet (no delivery waiting for the worker, no
 * transaction "reported, verifying"): money the API already moved and the mirror is about to learn
 * is not a discrepancy. A non-zero amount becomes a finding when two checks in a row find the same
 * amount (a payment landing between the balance read and the mirror read moves it). It clears
 * itself when a later check explains everything; resolving it by hand (with a note) re-baselines the
 * currency: the movement is accepted.
 *
 * The effects assumed, since the spec does not show how the balance moves (README "Choices where
 * the spec is open"): a confirmed cash-in credits amount_net (less the split shares of charges this
 * dashboard created, a percentage of amount_net rounded down, or a fixed amount); a refunded
 * cash-in credits nothing; a confirmed cash-out debits amount (its fee included); a cash-out
 * refunded after it settled (it has an e2e_id or tx_hash) debits its fee, before that nothing; a
 * conversion debits amount in its currency and credits counter_amount in counter_currency; a lost
 * infraction debits what left the account (debited_amount: what was blocked and any shortfall
 * taken from available; else blocked_amount, else amount). Pending operations move money between available, blocked and pending, not out.
 */
import { and, eq, sql } from "drizzle-orm";
import { Decimal } from "decimal.js";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import type { ApiContext } from "@/lib/api-context/context";
import { readBalanceFor } from "@/lib/api-context/balance";
import { CURRENCY_DECIMALS, type Currency } from "@/lib/payments/currencies";
import { openFinding } from "./findings";
import { publish } from "./live";

/** The finding's key in reconciliation_findings.transaction_id: one open finding per currency. */
export const balanceFindingKey = (currency: string) => `balance:${currency}`;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []));

/** Whether money may be moving between what the API says and what the mirror knows. */
async function busy(db: Db, target: Scope): Promise<boolean> {
  const r = await db.execute(sql`
    select exists (select 1 from webhook_inbox where organization_id = ${target.organizationId} and environment = ${target.environment} and outcome = 'received')
        or exists (select 1 from transactions where organization_id = ${target.organizationId} and environment = ${target.environment} and reported_status is not null) as busy`);
  return rowsOf<{ busy: boolean }>(r)[0]?.busy === true;
}

type SplitEntry = { username?: string; percentage?: number | string; type?: string; amount?: number | string };

/** The split shares of a settled charge, out of amount_net, in the order given, never more than amount_net. */
export function splitShares(amountNet: Decimal.Value, currency: string, split: SplitEntry[]): Decimal {
  const decimals = CURRENCY_DECIMALS[currency as Currency] ?? 8;
  const net = new Decimal(amountNet);
  let left = net;
  for (const s of split) {
    const share = s.percentage !== undefined ? net.times(s.percentage).dividedBy(100).toDecimalPlaces(decimals, Decimal.ROUND_DOWN) : new Decimal(s.amount ?? 0);
    left = left.minus(Decimal.min(share, left));
  }
  return net.minus(left);
}

/** What the mirror explains, per currency: the sum of every transaction's effect (see above). */
export async function mirrorTotals(db: Db, target: Scope): Promise<Map<string, Decimal>> {
  const { organizationId: org, environment: env } = target;
  const r = await db.execute(sql`
    with effects as (
      select currency, case
          when type = 'cashin' and status = 'confirmed' then coalesce(amount_net, amount - coalesce(fee, 0))
          when type = 'cashout' and status = 'confirmed' then -amount
          when type = 'cashout' and status = 'refunded' and (e2e_id is not null or tx_hash is not null) then -coalesce(fee, 0)
          when (type = 'conversion' or source = 'conversion') and status = 'confirmed' then -amount
          else 0 end as effect
        from transactions where organization_id = ${org} and environment = ${env}
      union all
      select raw ->> 'counter_currency', (raw ->> 'counter_amount')::numeric
        from transactions
        where organization_id = ${org} and environment = ${env} and (type = 'conversion' or source = 'conversion') and status = 'confirmed'
          and raw ->> 'counter_currency' is not null and raw ->> 'counter_amount' is not null
      union all
      select currency, -coalesce(debited_amount, blocked_amount, amount, 0)
        from infractions where organization_id = ${org} and environment = ${env} and outcome = 'lost'
    )
    select currency, sum(effect)::text as total from effects where currency is not null and effect is not null group by currency`);
  const totals = new Map(rowsOf<{ currency: string; total: string }>(r).map((x) => [x.currency, new Decimal(x.total)]));
  // Split shares of the charges this dashboard created and that settled: paid to others.
  const c = schema.charges;
  const t = schema.transactions;
  const split = await db
    .select({ request: c.request, amountNet: t.amountNet, currency: t.currency })
    .from(c)
    .innerJoin(t, and(inScope(t, c), eq(t.transactionId, c.transactionId)))
    .where(and(eq(c.organizationId, org), eq(c.environment, env), eq(t.status, "confirmed"), sql`jsonb_array_length(coalesce(${c.request} -> 'split', '[]'::jsonb)) > 0`));
  for (const s of split) {
    if (!s.currency || s.amountNet === null) continue;
    const shares = splitShares(s.amountNet, s.currency, ((s.request as { split?: SplitEntry[] }).split ?? []) as SplitEntry[]);
    totals.set(s.currency, (totals.get(s.currency) ?? new Decimal(0)).minus(shares));
  }
  return totals;
}

export type BalanceCheckResult = { checked: false; reason: "busy" | "unreadable" } | { checked: true; opened: number; unexplained: Record<string, string> };

/** How many checks in a row must find the same amount before it is reported. */
const SEEN_BEFORE_FINDING = 2;

export async function checkBalances(deps: { db: Db; ctx: ApiContext }, target: Scope): Promise<BalanceCheckResult> {
  const { db, ctx } = deps;
  if (await busy(db, target)) return { checked: false, reason: "busy" };
  let api: Map<string, Decimal>;
  try {
    const read = await readBalanceFor(ctx, target, { userId: null }, { fresh: true });
    api = new Map(read.data.map((b) => [b.currency, new Decimal(b.available).plus(b.blocked).plus(b.pending)]));
  } catch {
    return { checked: false, reason: "unreadable" };
  }
  const mirror = await mirrorTotals(db, target);
  // A delivery that arrived while the balance was read may be money the mirror does not know yet.
  if (await busy(db, target)) return { checked: false, reason: "busy" };

  const b = schema.balanceBaselines;
  const mine = inScope(b, target);
  const baselines = new Map((await db.select().from(b).where(mine)).map((r) => [r.currency, r]));
  const now = new Date();
  const unexplained: Record<string, string> = {};
  let opened = 0;
  for (const currency of new Set([...api.keys(), ...mirror.keys()])) {
    const apiTotal = api.get(currency) ?? new Decimal(0);
    const mirrorTotal = mirror.get(currency) ?? new Decimal(0);
    const base = baselines.get(currency);
    if (!base) {
      await db
        .insert(b)
        .values({ ...target, currency, apiTotal: apiTotal.toFixed(), mirrorTotal: mirrorTotal.toFixed(), setAt: now, checkedAt: now, unexplained: "0", seen: 0 })
        .onConflictDoNothing();
      continue;
    }
    const diff = apiTotal.minus(base.apiTotal).minus(mirrorTotal.minus(base.mirrorTotal));
    const where = and(mine, eq(b.currency, currency));
    if (diff.isZero()) {
      await db.update(b).set({ checkedAt: now, unexplained: "0", seen: 0 }).where(where);
      await clearFinding(db, target, currency);
      continue;
    }
    unexplained[currency] = diff.toFixed();
    const seen = base.unexplained !== null && new Decimal(base.unexplained).equals(diff) ? base.seen + 1 : 1;
    await db.update(b).set({ checkedAt: now, unexplained: diff.toFixed(), seen }).where(where);
    if (seen >= SEEN_BEFORE_FINDING) {
      const details = { currency, amount: diff.toFixed(), apiTotal: apiTotal.toFixed(), mirrorTotal: mirrorTotal.toFixed(), since: base.setAt.toISOString() };
      if (await openFinding(db, target, "unexplained_balance", balanceFindingKey(currency), details)) opened++;
    }
  }
  return { checked: true, opened, unexplained };
}

async function clearFinding(db: Db, target: Scope, currency: string): Promise<void> {
  const f = schema.reconciliationFindings;
  const cleared = await db
    .update(f)
    .set({ status: "resolved", resolvedAt: new Date(), resolution: "cleared_by_sync" })
    .where(
      and(
        eq(f.organizationId, target.organizationId),
        eq(f.environment, target.environment),
        eq(f.kind, "unexplained_balance"),
        eq(f.transactionId, balanceFindingKey(currency)),
        eq(f.status, "open"),
      ),
    )
    .returning({ id: f.id });
  if (cleared.length) await publish(db, target.organizationId, target.environment, "reconciliation", { kind: "unexplained_balance", currency });
}

/** A resolved balance finding is an accepted movement: the currency starts again from the next check. */
export async function rebaseline(db: Db, target: Scope, currency: string): Promise<void> {
  const b = schema.balanceBaselines;
  await db.delete(b).where(and(inScope(b, target), eq(b.currency, currency)));
}

export type BalanceCheckDto = { currency: string; since: string; checkedAt: string | null; unexplained: string | null };

export async function balanceChecks(db: Db, target: Scope): Promise<BalanceCheckDto[]> {
  const b = schema.balanceBaselines;
  const rows = await db
    .select()
    .from(b)
    .where(inScope(b, target))
    .orderBy(b.currency);
  return rows.map((r) => ({ currency: r.currency, since: r.setAt.toISOString(), checkedAt: r.checkedAt?.toISOString() ?? null, unexplained: r.unexplained }));
}
