/**
 * Conversions (Convert): the live rate, a quote (/simulate) and its execution (/new), never twice.
 *
 * A quote is the provider's /simulate answer, sealed by the server (an HMAC over its figures and the
 * organisation) so that the browser can hold it without being able to make one up. "Convert" executes
 * only while the quote is valid on the provider's clock (the sandbox's clock can be moved; the API's
 * answers say what time it is there): an expired quote is quoted again, and the new quote and the
 * difference go back to the member to confirm, nothing is executed.
 *
 * The conversion is written before the call, keyed by (organisation, environment, external_id), with
 * the exact body that will be sent. A double click, a resubmit after a reload or a retry after a lost
 * answer sends the same external_id with the same body, and the spec's rule 5 makes it one. What a
 * failed call may have done is decided in one place (lib/api-context/outcome.ts): a refusal the API
 * gave, or a request never sent (the provider not answering, the rate budget), marks it failed (it
 * may go again while its quote holds); an unknown outcome (timeout, 5xx, connection lost after
 * sending) keeps it "sending", and only that same body may follow. Whoever moves the row from "sending" to "done"
 * executed it; everyone else saw a replay (the audit log is written once).
 *
 * No Next.js imports: tests and scripts call it with a database and an API context of their own.
 */
import { Refusal } from "@/lib/refusal";
import { claim, sameRequest } from "@/lib/outbound/claim";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { byIdInScope, columnsOf, inScope, isRowId, type Db, type Scope } from "@/lib/db/scope";
import type { ApiContext } from "@/lib/api-context/context";
import { readBalanceFor } from "@/lib/api-context/balance";
import { callOutcome } from "@/lib/api-context/outcome";
import { isPaymentApiError, type ConversionResponse, type Transaction } from "@/lib/payment-api";
import { applyApiTransaction } from "@/lib/events/mirror";
import { publishMany } from "@/lib/events/live";
import { Money } from "@/lib/payments/money";
import type { ConversionQuote } from "./form";

/** `quoteKey`: the secret that seals quotes (derived from AUTH_SECRET by the dashboard). */
export type ConversionDeps = { db: Db; ctx: ApiContext; quoteKey: string };

/** A conversion refused by the dashboard itself (the API's own refusals come as PaymentApiError). */
export class ConversionRefused extends Refusal<"QUOTE_INVALID" | "QUOTE_MISMATCH" | "EXTERNAL_ID_USED" | "EXTERNAL_ID_PENDING" | "INTERNAL_CONFLICT"> {
  constructor(code: ConversionRefused["code"], field?: string) {
    super(code, `convert.errors.${code}`, undefined, field);
  }
}

/**
 * A quote this close to its expiry is treated as expired: /new must reach the provider while the quote
 * still holds there, or the provider would convert at the rate of the moment instead.
 */
export const QUOTE_MARGIN_MS = 2_000;

export type Pair = { base: string; destination: string; amount: string };

const str = (v: { toFixed(): string } | null | undefined) => (v == null ? null : v.toFixed());

// --- quotes -----------------------------------------------------------------------------------------

type Unsealed = Omit<ConversionQuote, "seal">;

function sealOf(key: string, target: Scope, q: Unsealed): string {
  const text = [target.organizationId, target.environment, q.base, q.destination, q.fromAmount, q.toAmount, q.rate, q.spread ?? "", q.fee ?? "", q.expiresAt].join("|");
  return createHmac("sha256", key).update(text).digest("hex");
}

export function sealQuote(key: string, target: Scope, q: Unsealed): ConversionQuote {
  return { ...q, seal: sealOf(key, target, q) };
}

/** Whether the server made this quote for this organisation (and nobody changed a figure since). */
export function quoteIsSealed(key: string, target: Scope, q: ConversionQuote): boolean {
  const { seal, ...rest } = q;
  const want = Buffer.from(sealOf(key, target, rest), "hex");
  const got = Buffer.from(/^[0-9a-f]{64}$/.test(seal) ? seal : "", "hex");
  return got.length === want.length && timingSafeEqual(got, want);
}

const body = (p: Pair) => ({ amount: p.amount, base_currency: p.base as never, destination_currency: p.destination as never });

export type RateView = { base: string; destination: string; amount: string; rate: string; estimatedAmount: string; at: string };

/** POST /v2/conversions/rate: the indicative rate of the moment (and what `amount` would give). */
export async function rate(deps: ConversionDeps, target: Scope, userId: string | null, pair: Pair): Promise<RateView> {
  // A read the page polls: a page's deadline, so a provider that does not answer is said quickly.
  const r = await deps.ctx.call(target, { userId }, (client) => client.conversions.rate(body(pair)), { deadline: "page" });
  const at = r.timestamp && !Number.isNaN(Date.parse(r.timestamp)) ? new Date(r.timestamp).toISOString() : (await deps.ctx.providerNow(target)).toISOString();
  return { ...pair, rate: r.rate.toFixed(), estimatedAmount: r.estimated_amount.toFixed(), at };
}

/** A quote with how long it still holds on the provider's clock (the browser counts down from it). */
export type QuoteView = { quote: ConversionQuote; msLeft: number };

/** POST /v2/conversions/simulate: from_amount, fee, spread, rate, to_amount and expires_at, sealed. */
export async function quote(deps: ConversionDeps, target: Scope, userId: string | null, pair: Pair): Promise<QuoteView> {
  const r = await deps.ctx.call(target, { userId }, (client) => client.conversions.simulate(body(pair)));
  const now = await deps.ctx.providerNow(target);
  // The spec leaves expires_at optional: without one, the sandbox's 30 s are assumed.
  const expires = r.expires_at && !Number.isNaN(Date.parse(r.expires_at)) ? new Date(r.expires_at) : new Date(now.getTime() + 30_000);
  const q = sealQuote(deps.quoteKey, target, {
    base: pair.base,
    destination: pair.destination,
    fromAmount: r.from_amount.toFixed(),
    toAmount: r.to_amount.toFixed(),
    rate: r.rate.toFixed(),
    spread: str(r.spread),
    fee: str(r.fee),
    expiresAt: expires.toISOString(),
  });
  return { quote: q, msLeft: Math.max(0, expires.getTime() - now.getTime()) };
}

/**
 * The provider's time now, asked of the provider itself: its clock may have moved since its last
 * answer (the sandbox's can be advanced), so the time an older answer showed is not enough to judge
 * a 30-second quote. A rate read (cheap, and a quote's own pair) answers with the provider's time;
 * when it cannot be made, the last known offset is used.
 */
export async function providerTime(deps: ConversionDeps, target: Scope, userId: string | null, pair: Pair): Promise<number> {
  try {
    return Date.parse((await rate(deps, target, userId, pair)).at);
  } catch {
    return (await deps.ctx.providerNow(target)).getTime();
  }
}

/** Whether the quote still holds on the provider's clock, with the margin. */
export async function quoteValid(deps: ConversionDeps, target: Scope, userId: string | null, q: ConversionQuote): Promise<boolean> {
  const now = await providerTime(deps, target, userId, { base: q.base, destination: q.destination, amount: q.fromAmount });
  return Date.parse(q.expiresAt) - now > QUOTE_MARGIN_MS;
}

/** A new quote for the same pair and amount, and what changed: to_amount new − old (destination currency). */
export async function requote(deps: ConversionDeps, target: Scope, userId: string | null, previous: ConversionQuote): Promise<Requoted> {
  const fresh = await quote(deps, target, userId, { base: previous.base, destination: previous.destination, amount: previous.fromAmount });
  return { kind: "requoted", ...fresh, previous, difference: new Money(fresh.quote.toAmount).minus(previous.toAmount).toFixed() };
}

// --- execution --------------------------------------------------------------------------------------

export type ConversionView = {
  id: string;
  externalId: string;
  baseCurrency: string;
  destinationCurrency: string;
  amount: string;
  quote: ConversionQuote | null;
  state: schema.ConversionState;
  errorCode: string | null;
  conversionId: string | null;
  amountFrom: string | null;
  amountTo: string | null;
  rate: string | null;
  fee: string | null;
  createdAt: string;
  /** the mirror's view of it */
  status: string | null;
};

/** The available amounts of both currencies after the conversion (null when the read failed). */
export type BalancesAfter = { base: string | null; destination: string | null; readAt: string } | null;

export type Executed = { kind: "done"; conversion: ConversionView; replayed: boolean; balances: BalancesAfter };
export type Requoted = { kind: "requoted"; quote: ConversionQuote; msLeft: number; previous: ConversionQuote; difference: string };

export type ExecuteInput = { externalId: string; base: string; destination: string; amount: string; quote: ConversionQuote };

/**
 * Executes the quote once, or re-quotes when it expired. Throws ConversionRefused for a quote that is
 * not the server's or does not match, and the PaymentApiError of a refusal or an unknown outcome.
 */
export async function executeConversion(deps: ConversionDeps, target: Scope, userId: string | null, input: ExecuteInput): Promise<Executed | Requoted> {
  const { db } = deps;
  const c = schema.conversions;
  const q = input.quote;
  if (!quoteIsSealed(deps.quoteKey, target, q)) throw new ConversionRefused("QUOTE_INVALID");
  if (q.base !== input.base || q.destination !== input.destination || !new Money(q.fromAmount).equals(input.amount)) throw new ConversionRefused("QUOTE_MISMATCH");
  const externalId = input.externalId.trim();
  const amount = new Money(input.amount).toFixed();
  const request = { amount, base_currency: input.base, destination_currency: input.destination, external_id: externalId };

  const existing = await byExternalId(db, target, externalId);
  if (existing) return again(deps, target, userId, existing, request, q);

  // Nothing sent yet under this reference: an expired quote is quoted again, not executed.
  if (!(await quoteValid(deps, target, userId, q))) return requote(deps, target, userId, q);

  const claimed = await claim(
    db,
    c,
    target,
    {
      organizationId: target.organizationId,
      environment: target.environment,
      externalId,
      baseCurrency: input.base,
      destinationCurrency: input.destination,
      amount,
      quote: q,
      request,
      requestedBy: userId,
    },
    () => new ConversionRefused("INTERNAL_CONFLICT"),
  );
  // Someone else wrote it between our read and our insert (a double click): theirs is the one.
  if (!claimed.fresh) return again(deps, target, userId, claimed.row, request, q);
  return send(deps, target, userId, claimed.id, request);
}

type Row = typeof schema.conversions.$inferSelect;
type Request = { amount: string; base_currency: string; destination_currency: string; external_id: string };

async function byExternalId(db: Db, target: Scope, externalId: string): Promise<Row | null> {
  const c = schema.conversions;
  const [row] = await db
    .select()
    .from(c)
    .where(and(inScope(c, target), eq(c.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/** A reference seen before: done → its result; sending → the same body again; failed → sent again while the quote holds. */
async function again(deps: ConversionDeps, target: Scope, userId: string | null, row: Row, request: Request, q: ConversionQuote): Promise<Executed | Requoted> {
  const same = sameRequest(row.request, request);
  if (row.state === "done") {
    if (!same) throw new ConversionRefused("EXTERNAL_ID_USED", "externalId");
    return { kind: "done", conversion: (await getConversion(deps.db, target, row.id))!, replayed: true, balances: await balancesAfter(deps, target, userId, row.baseCurrency, row.destinationCurrency, false) };
  }
  if (row.state === "sending") {
    // The API may hold this body under this reference: a different one would be refused there.
    if (!same) throw new ConversionRefused("EXTERNAL_ID_PENDING", "externalId");
    if (await quoteValid(deps, target, userId, q)) return send(deps, target, userId, row.id, request);
    // Expired meanwhile: if the lost request did reach the provider, the same body gives its answer
    // back; if it never did, sending it now would convert at the rate of the moment, unconfirmed.
    const known = await deps.ctx.call(target, { userId }, (client) => client.transactions.list({ external_id: row.externalId, page_size: 10 }));
    if (known.items.some((t) => t.external_id === row.externalId)) return send(deps, target, userId, row.id, request);
    await deps.db
      .update(schema.conversions)
      .set({ state: "failed", errorCode: "QUOTE_EXPIRED", updatedAt: new Date() })
      .where(and(eq(schema.conversions.id, row.id), eq(schema.conversions.state, "sending")));
    return requote(deps, target, userId, q);
  }
  // failed: the API refused it (nothing was made), so the same reference may go again, with a valid quote.
  if (!same) throw new ConversionRefused("EXTERNAL_ID_USED", "externalId");
  if (!(await quoteValid(deps, target, userId, q))) return requote(deps, target, userId, q);
  const reopened = await deps.db
    .update(schema.conversions)
    .set({ state: "sending", errorCode: null, quote: q, updatedAt: new Date() })
    .where(and(eq(schema.conversions.id, row.id), eq(schema.conversions.state, "failed")))
    .returning({ id: schema.conversions.id });
  if (!reopened.length) {
    const now = await byExternalId(deps.db, target, row.externalId);
    if (!now || now.state === "failed") throw new ConversionRefused("INTERNAL_CONFLICT");
    return again(deps, target, userId, now, request, q);
  }
  return send(deps, target, userId, row.id, request);
}

async function send(deps: ConversionDeps, target: Scope, userId: string | null, id: string, request: Request): Promise<Executed> {
  const { db, ctx } = deps;
  const c = schema.conversions;
  let r: ConversionResponse;
  try {
    r = await ctx.call(target, { userId }, (client) =>
      client.conversions.create({ amount: request.amount, base_currency: request.base_currency as never, destination_currency: request.destination_currency as never, external_id: request.external_id }),
    );
  } catch (e) {
    if (callOutcome(e) !== "unknown") {
      await db
        .update(c)
        .set({ state: "failed", errorCode: isPaymentApiError(e) ? e.code : "ERROR", updatedAt: new Date() })
        .where(and(eq(c.id, id), eq(c.state, "sending")));
    }
    throw e;
  }
  const fee = r.fee ?? null;
  // Only the writer that moves the row from "sending" executed it; a concurrent twin saw a replay.
  const moved = await db
    .update(c)
    .set({
      state: "done",
      errorCode: null,
      conversionId: r.conversion_id,
      amountFrom: r.amount_from.toFixed(),
      amountTo: r.amount_to.toFixed(),
      rate: r.rate.toFixed(),
      fee: fee?.toFixed() ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(c.id, id), eq(c.state, "sending")))
    .returning({ id: c.id });

  const at = await ctx.providerNow(target);
  const tx = {
    transaction_id: r.conversion_id,
    external_id: r.external_id ?? request.external_id,
    type: "conversion",
    source: "conversion",
    status: r.status ?? "confirmed",
    amount: r.amount_from,
    fee,
    amount_net: fee ? r.amount_from.minus(fee) : null,
    currency: r.currency_from,
    payment_method: "CONVERSION",
    counter_currency: r.currency_to,
    counter_amount: r.amount_to.toFixed(),
    rate: r.rate.toFixed(),
    created_at: at.toISOString(),
  } as unknown as Transaction;
  await applyApiTransaction(db, target, tx, "dashboard");
  if (moved.length) {
    await ctx.invalidateTarget(target, ["balance", "limits"]);
    await publishMany(db, target.organizationId, target.environment, [
      { kind: "transaction", payload: { transactionId: r.conversion_id, status: tx.status, conversionId: id } },
      { kind: "balance", payload: { reason: "conversion" } },
    ]);
  }
  return {
    kind: "done",
    conversion: (await getConversion(db, target, id))!,
    replayed: moved.length === 0,
    balances: await balancesAfter(deps, target, userId, r.currency_from, r.currency_to, true),
  };
}

/** Both currencies' available amounts, read through the shared balance read (fresh after money moved). */
async function balancesAfter(deps: ConversionDeps, target: Scope, userId: string | null, base: string, destination: string, fresh: boolean): Promise<BalancesAfter> {
  try {
    const read = await readBalanceFor(deps.ctx, target, { userId }, { fresh });
    const of = (cur: string) => read.data.find((b) => b.currency === cur)?.available ?? "0";
    return { base: of(base), destination: of(destination), readAt: read.readAt };
  } catch {
    return null;
  }
}

// --- reads ------------------------------------------------------------------------------------------

function baseQuery(db: Db) {
  const c = schema.conversions;
  const t = schema.transactions;
  return db
    .select({
      ...columnsOf(c, ["id", "externalId", "baseCurrency", "destinationCurrency", "amount", "quote", "state", "errorCode", "conversionId", "amountFrom", "amountTo", "rate", "fee", "createdAt"]),
      status: t.status,
    })
    .from(c)
    .leftJoin(t, and(inScope(t, c), eq(t.transactionId, c.conversionId)));
}

type ViewRow = Awaited<ReturnType<typeof baseQuery>>[number];
const toView = (r: ViewRow): ConversionView => ({
  ...r,
  amount: String(r.amount),
  quote: (r.quote as ConversionQuote | null) ?? null,
  createdAt: r.createdAt.toISOString(),
});

async function views(db: Db, where: SQL, limit: number): Promise<ConversionView[]> {
  const rows = await baseQuery(db).where(where).orderBy(desc(schema.conversions.createdAt)).limit(limit);
  return rows.map(toView);
}

export async function getConversion(db: Db, target: Scope, id: string): Promise<ConversionView | null> {
  if (!isRowId(id)) return null;
  const [view] = await views(db, byIdInScope(schema.conversions, target, id), 1);
  return view ?? null;
}

/** The organisation's latest conversions made from the dashboard, newest first, with the mirror's status. */
export async function listConversions(db: Db, target: Scope, limit = 10): Promise<ConversionView[]> {
  return views(db, inScope(schema.conversions, target), limit);
}
