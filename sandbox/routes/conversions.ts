/**
 * POST /v2/conversions/rate, /simulate, /new (spec "Conversion"; /new is HMAC-signed).
 *
 * Rates: a deterministic table of USD values per currency (config.ts) gives the mid rate of any pair;
 * it drifts deterministically within ±0.5 % from one minute of the sandbox clock to the next (a hash
 * of pair and minute), so quotes visibly expire. The applied rate takes the spread off the mid rate:
 * rate = mid × (1 − spread/100), 10 significant digits. The fee (account configuration, operation
 * conversion, in the base currency) comes out of the amount:
 *   to_amount = (amount − fee) × rate, rounded down to the destination currency's scale.
 * /simulate stores a quote valid 30 s; /new honours the caller's latest unexpired quote for the same
 * pair and amount, otherwise it quotes afresh. /new debits the base currency and credits the
 * destination in one database transaction; the answer is 202 with status confirmed, and
 * conversion.confirmed goes to the credential's default webhook URL.
 */
import { createHash } from "node:crypto";
import type Decimal from "decimal.js";
import {
  conversionQuoteRequestSchema,
  conversionRequestSchema,
  type ConversionQuoteRequest,
  type ConversionRequest,
} from "@/lib/payment-api/schemas/conversions";
import { newId, type Account } from "../accounts";
import type { Sandbox } from "../context";
import { CONVERSION_SPREAD_PERCENT, QUOTE_TTL_SECONDS, RATE_DRIFT_MAX_PERCENT, RATE_WINDOW_SECONDS, USD_PRICES, type Currency } from "../config";
import { ApiError } from "../errors";
import { insertIdempotent, requestHash } from "../idempotency";
import { credit, debit } from "../ledger";
import { checkAmountBounds } from "../limits";
import { computeFee, dec, floorTo, num } from "../money";
import type { V2Route } from "../pipeline";
import { withOutbox } from "../webhooks/outbox";
import { amountOf, checkScale, inSeconds, createReserved, replayReply, reserveUsage } from "./common";

/** Mid rate of base → destination at a sandbox time (ms). */
export function midRate(base: Currency, dest: Currency, atMs: number): Decimal {
  const window = Math.floor(atMs / 1000 / RATE_WINDOW_SECONDS);
  const h = createHash("sha256").update(`${base}/${dest}/${window}`).digest().readUInt32BE(0);
  // drift in [-max, +max] percent, in steps of 0.0001 %
  const steps = Math.round(RATE_DRIFT_MAX_PERCENT * 10_000);
  const drift = dec((h % (2 * steps + 1)) - steps).dividedBy(1_000_000);
  return dec(USD_PRICES[base]).dividedBy(USD_PRICES[dest]).times(dec(1).plus(drift));
}

export type Quote = { rate: Decimal; spread: Decimal; fee: Decimal; toAmount: Decimal; amount: Decimal };

export async function quote(sb: Sandbox, account: Account, body: ConversionQuoteRequest): Promise<Quote> {
  const amount = amountOf(body.amount);
  checkScale(amount, body.base_currency);
  const spread = dec(CONVERSION_SPREAD_PERCENT);
  const rate = midRate(body.base_currency, body.destination_currency, sb.clock.now())
    .times(dec(1).minus(spread.dividedBy(100)))
    .toSignificantDigits(10);
  const fee = computeFee(await sb.configs.fee(account.id, "conversion", null, body.base_currency), amount, body.base_currency);
  const toAmount = floorTo(amount.minus(fee).times(rate), body.destination_currency);
  return { rate, spread, fee, toAmount, amount };
}

function ensurePositive(q: Quote, body: ConversionQuoteRequest) {
  if (!q.toAmount.greaterThan(0)) {
    throw new ApiError("BELOW_MIN_LIMIT", `the amount converts to less than one unit of ${body.destination_currency}`, {
      field: "amount",
      min_amount: num(q.fee.plus(dec(1).dividedBy(q.rate)).toSignificantDigits(6)),
    });
  }
}

export const conversionRateRoute: V2Route<ConversionQuoteRequest> = {
  method: "POST",
  path: "/v2/conversions/rate",
  schema: conversionQuoteRequestSchema,
  async handle({ sb, account, body }) {
    const q = await quote(sb, account, body);
    return { status: 200, data: { rate: num(q.rate), estimated_amount: num(q.toAmount), timestamp: sb.clock.iso() } };
  },
};

export const conversionSimulateRoute: V2Route<ConversionQuoteRequest> = {
  method: "POST",
  path: "/v2/conversions/simulate",
  schema: conversionQuoteRequestSchema,
  async handle({ sb, account, body, route }) {
    checkAmountBounds(await sb.configs.limit(account.id, body.base_currency, "conversion"), amountOf(body.amount), route);
    const q = await quote(sb, account, body);
    ensurePositive(q, body);
    const expiresAt = inSeconds(sb, QUOTE_TTL_SECONDS);
    const id = newId();
    await sb.db.query("delete from conversion_quotes where account_id = $1 and expires_at <= $2::timestamptz", [account.id, sb.clock.date()]);
    await sb.db.query(
      `insert into conversion_quotes (id, account_id, base_currency, destination_currency, amount, rate, spread, fee, to_amount, expires_at, created_at)
       values ($1, $2, $3, $4, $5::numeric, $6::numeric, $7::numeric, $8::numeric, $9::numeric, $10::timestamptz, $11::timestamptz)`,
      [id, account.id, body.base_currency, body.destination_currency, q.amount, q.rate, q.spread, q.fee, q.toAmount, expiresAt, sb.clock.date()],
    );
    return {
      status: 200,
      data: {
        quote_id: id,
        from_amount: num(q.amount),
        from_currency: body.base_currency,
        to_amount: num(q.toAmount),
        to_currency: body.destination_currency,
        rate: num(q.rate),
        spread: num(q.spread),
        fee: num(q.fee),
        expires_at: expiresAt.toISOString(),
      },
    };
  },
};

type QuoteRow = { rate: string; spread: string; fee: string; to_amount: string };

export const conversionNewRoute: V2Route<ConversionRequest> = {
  method: "POST",
  path: "/v2/conversions/new",
  permission: "can_convert",
  signed: true,
  schema: conversionRequestSchema,
  async handle({ sb, account, credential, body, route }) {
    const amount = amountOf(body.amount);
    checkScale(amount, body.base_currency);
    const limit = await sb.configs.limit(account.id, body.base_currency, "conversion");
    checkAmountBounds(limit, amount, route);
    const saved = await sb.db.query<QuoteRow>(
      `select rate, spread, fee, to_amount from conversion_quotes
        where account_id = $1 and base_currency = $2 and destination_currency = $3 and amount = $4::numeric and expires_at > $5::timestamptz
        order by created_at desc limit 1`,
      [account.id, body.base_currency, body.destination_currency, amount, sb.clock.date()],
    );
    const q: Quote = saved[0]
      ? { rate: dec(saved[0].rate), spread: dec(saved[0].spread), fee: dec(saved[0].fee), toAmount: dec(saved[0].to_amount), amount }
      : await quote(sb, account, body);
    ensurePositive(q, body);

    const id = newId();
    const data = {
      conversion_id: id,
      external_id: body.external_id ?? null,
      status: "confirmed",
      amount_from: num(amount),
      currency_from: body.base_currency,
      amount_to: num(q.toAmount),
      currency_to: body.destination_currency,
      rate: num(q.rate),
      spread: num(q.spread),
      fee: num(q.fee),
    };
    const hash = requestHash(route, body);
    const usage = await reserveUsage(sb, account.id, limit, amount, route, body.external_id ?? null, hash);
    if (usage.replay) return replayReply(usage.replay);
    return createReserved(usage.release, { status: 202, data }, () =>
      withOutbox(sb.db, sb.webhooks, async (tx, out) => {
        const o = await insertIdempotent(tx, {
          id,
          transactionId: id,
          accountId: account.id,
          externalId: body.external_id ?? null,
          requestHash: hash,
          type: "conversion",
          source: "conversion",
          method: "CONVERSION",
          limitOperation: "conversion",
          status: "confirmed",
          currency: body.base_currency,
          amount,
          fee: q.fee,
          amountNet: amount.minus(q.fee),
          counterCurrency: body.destination_currency,
          counterAmount: q.toAmount,
          details: { rate: q.rate.toFixed(), spread: q.spread.toFixed(), quoted: saved[0] !== undefined },
          responseStatus: 202,
          response: data,
          clientId: credential.clientId,
          createdAt: sb.clock.date(),
        });
        if (!o.created) return o;
        // conversion.confirmed to the credential's default webhook URL (a conversion has no postback_url)
        await out.add(tx, sb.clock.date(), {
          accountId: account.id,
          clientId: credential.clientId,
          event: "conversion.confirmed",
          transactionId: id,
          payload: { event: "conversion.confirmed", ...data },
        });
        // Same account, two rows: lock them in currency order.
        if (body.base_currency < body.destination_currency) {
          await debit(tx, account.id, body.base_currency, amount, { hold: false });
          await credit(tx, account.id, body.destination_currency, q.toAmount);
        } else {
          await credit(tx, account.id, body.destination_currency, q.toAmount);
          await debit(tx, account.id, body.base_currency, amount, { hold: false });
        }
        return o;
      }),
    );
  },
};
