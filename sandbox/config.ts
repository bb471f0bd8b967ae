/**
 * The sandbox's tables of numbers: the spec's where it gives them, and documented choices where it
 * says "not shown" (sandbox/README.md lists every one).
 */
import { CURRENCIES, type Currency } from "@/lib/payment-api/schemas/common";

export { CURRENCIES };
export type { Currency };

// ------------------------------------------------------------------------------------------------
// Permissions ("Credential permissions": only can_cashin is named; the others are our choice)
// ------------------------------------------------------------------------------------------------
export const PERMISSIONS = ["can_cashin", "can_cashout", "can_transfer", "can_convert"] as const;
export type Permission = (typeof PERMISSIONS)[number];

// ------------------------------------------------------------------------------------------------
// Lifetimes
// ------------------------------------------------------------------------------------------------
export const ACCESS_TOKEN_TTL_SECONDS = 3600; // spec
export const SIGNATURE_WINDOW_SECONDS = 300; // spec: ±5 min, nonce memory 5 min
export const CRYPTO_CASHIN_TTL_SECONDS = 30 * 60; // spec: 30 minutes
export const PIX_CASHIN_TTL_SECONDS = 60 * 60; // choice: 1 hour (the usual dynamic QR expiry)
export const SPEI_CASHIN_TTL_SECONDS = 24 * 60 * 60; // choice: 24 hours
export const BOLETO_DEFAULT_DUE_DAYS = 3; // spec: today plus 3 days
export const QUOTE_TTL_SECONDS = 30; // choice: conversion quotes live 30 s
export const RATE_WINDOW_SECONDS = 60; // choice: a conversion mid-rate holds for one minute of the sandbox clock

// ------------------------------------------------------------------------------------------------
// Anti-abuse (spec "Anti-abuse blocks")
// ------------------------------------------------------------------------------------------------
export const AUTH_FAILURE_LIMIT = 5; // spec: 5 errors …
export const AUTH_FAILURE_WINDOW_SECONDS = 300; // … in 5 minutes
export const IP_BLOCK_SECONDS = 300; // spec: IP_BLOCKED_TEMPORARILY for 5 minutes
export const CLIENT_ERROR_LIMIT = 15; // spec: 15 errors/min per credential
export const CLIENT_ERROR_WINDOW_SECONDS = 60;
export const CREDENTIAL_BLOCK_SECONDS = 60; // choice: the credential answers 429 for 60 s

// ------------------------------------------------------------------------------------------------
// Rate limits per endpoint and credential (per IP for the token), requests per minute
// ------------------------------------------------------------------------------------------------
export const RATE_LIMITS = {
  "POST /v2/oauth/token": 30, // spec, per IP
  "GET /v2/account/balance": 120,
  "GET /v2/account/info/profile": 60,
  "GET /v2/account/limits": 60,
  "GET /v2/account/fees": 60,
  "POST /v2/transactions/cashin": 12000,
  "POST /v2/transactions/cashout": 6000,
  "POST /v2/transactions/wallet": 30,
  "POST /v2/internal_transfers/payment": 10,
  "POST /v2/conversions/rate": 120,
  "POST /v2/conversions/simulate": 60,
  "POST /v2/conversions/new": 30,
  "POST /v2/account/transactions/list": 300,
  "GET /v2/account/infractions": 60, // spec
  "POST /v2/account/infractions/reply": 10, // spec
  // not listed by the spec: choices
  "POST /v2/boleto": 60,
  "POST /v2/pix/decode": 120,
  "POST /v2/pix/payment": 6000, // legacy alias of a cash-out: the cash-out's budget, its own counter
  "GET /v2/account/infractions/detail": 120, // choice: twice the list's budget (a list is followed by details)
  other: 60, // unknown routes (404), per credential or per IP
} as const;
export type RateLimitedEndpoint = keyof typeof RATE_LIMITS;

// ------------------------------------------------------------------------------------------------
// Fees (default configuration copied into each new account). percentage is in percent.
// A fee never exceeds the amount (amount_net >= 0). PIX_BOLETO uses the BOLETO fee.
// ------------------------------------------------------------------------------------------------
export type FeeRow = { operation: string; method: string | null; currency: Currency; percentage: string; fixed: string; minimum: string };

const CRYPTO: Currency[] = ["USDT", "USDC", "BTC", "ETH", "SOL", "BNB"];
const CRYPTO_WITHDRAWAL_FEE: Record<string, string> = { USDT: "1", USDC: "1", BTC: "0.00005", ETH: "0.0005", SOL: "0.005", BNB: "0.0005" };

export const DEFAULT_FEES: FeeRow[] = [
  { operation: "cashin", method: "PIX", currency: "BRL", percentage: "1.5", fixed: "0", minimum: "0.10" },
  { operation: "cashin", method: "BOLETO", currency: "BRL", percentage: "1", fixed: "0.50", minimum: "0" },
  { operation: "cashin", method: "SPEI", currency: "MXN", percentage: "1", fixed: "0", minimum: "1" },
  ...CRYPTO.map((c): FeeRow => ({ operation: "cashin", method: "CRYPTO", currency: c, percentage: "0.5", fixed: "0", minimum: "0" })),
  { operation: "cashout", method: "PIX", currency: "BRL", percentage: "0", fixed: "0.50", minimum: "0" },
  { operation: "cashout", method: "SPEI", currency: "MXN", percentage: "0", fixed: "5", minimum: "0" },
  ...CRYPTO.map((c): FeeRow => ({ operation: "cashout", method: "CRYPTO", currency: c, percentage: "0", fixed: CRYPTO_WITHDRAWAL_FEE[c]!, minimum: "0" })),
  ...CURRENCIES.map((c): FeeRow => ({ operation: "transfer", method: null, currency: c, percentage: "0", fixed: "0", minimum: "0" })),
  ...CURRENCIES.map((c): FeeRow => ({ operation: "conversion", method: null, currency: c, percentage: "0.2", fixed: "0", minimum: "0" })),
];

// ------------------------------------------------------------------------------------------------
// Limits (default configuration copied into each new account)
// ------------------------------------------------------------------------------------------------
export const LIMIT_OPERATIONS = ["cashin", "cashout", "transfer", "conversion"] as const;
export type LimitOperation = (typeof LIMIT_OPERATIONS)[number];

type CurrencyLimits = { min: Record<LimitOperation, string>; max: string; daily: string; monthly: string };
const L = (cashin: string, cashout: string, transfer: string, conversion: string, max: string, daily: string, monthly: string): CurrencyLimits => ({
  min: { cashin, cashout, transfer, conversion },
  max,
  daily,
  monthly,
});
/** Cash-in minimums 1.00 BRL, 2.00 USDT, 0.0001 BTC are the spec's; everything else is a choice. */
export const DEFAULT_LIMITS: Record<Currency, CurrencyLimits> = {
  BRL: L("1.00", "1.00", "0.01", "1.00", "100000", "1000000", "10000000"),
  MXN: L("10.00", "10.00", "0.01", "10.00", "500000", "5000000", "50000000"),
  USDT: L("2.00", "2.00", "0.01", "1.00", "100000", "1000000", "10000000"),
  USDC: L("2.00", "2.00", "0.01", "1.00", "100000", "1000000", "10000000"),
  BTC: L("0.0001", "0.0001", "0.00000001", "0.0001", "10", "100", "1000"),
  ETH: L("0.001", "0.001", "0.000001", "0.001", "200", "2000", "20000"),
  SOL: L("0.01", "0.05", "0.000001", "0.01", "10000", "100000", "1000000"),
  BNB: L("0.01", "0.01", "0.000001", "0.01", "1000", "10000", "100000"),
};
/** Boleto: spec minimum 1.00; the barcode holds at most 99,999,999.99; the BRL cash-in limits apply. */
export const BOLETO_MIN_AMOUNT = "1.00";

// ------------------------------------------------------------------------------------------------
// Conversion rates: USD value of one unit (deterministic table), spread
// ------------------------------------------------------------------------------------------------
export const USD_PRICES: Record<Currency, string> = {
  USDT: "1",
  USDC: "1",
  BRL: "0.19607843137254901961", // 1 USD = 5.10 BRL
  MXN: "0.05494505494505494505", // 1 USD = 18.20 MXN
  BTC: "65000",
  ETH: "3200",
  SOL: "150",
  BNB: "580",
};
/** Spread in percent, taken off the mid rate: applied rate = mid × (1 − spread/100). */
export const CONVERSION_SPREAD_PERCENT = "0.5";
/** The mid rate moves deterministically within ±0.5 % from one rate window to the next. */
export const RATE_DRIFT_MAX_PERCENT = 0.5;

// ------------------------------------------------------------------------------------------------
// Account defaults
// ------------------------------------------------------------------------------------------------
export const DEFAULT_KYC_LEVEL = 2;
export const DEFAULT_KYC_STATUS = "approved";
export const DEFAULT_ACCOUNT_STATUS = "active";
export const PIX_MERCHANT_CITY = "SAO PAULO";
/** Location host of the sandbox's dynamic BR Codes (no scheme: payer apps add https://). */
export const PIX_LOCATION_PREFIX = "pix.sandbox.payment-service.example/qr/v2/";
/** Bank code written into sandbox boletos ("001" Banco do Brasil layout; the free field is ours). */
export const BOLETO_BANK_CODE = "001";
export const MAX_BODY_BYTES = 1_048_576;

// ------------------------------------------------------------------------------------------------
// Lifecycles and webhooks (part 2)
// ------------------------------------------------------------------------------------------------
/** choice: a boleto is registered (boleto.registered) this many sandbox seconds after creation */
export const BOLETO_REGISTRATION_SECONDS = 5;
/** choice: how often the real-time ticker runs the time-driven work (expiries, settlements, retries) */
export const TICK_MS = 1000;
/** spec: the receiver must answer within 10 seconds */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * spec (Delivery rules 2) and the issue: "up to 5 attempts at 1 min, 5 min, 15 min, 1 h, 6 h". Read as the
 * first delivery plus 5 retries, one per listed interval, so every interval the spec names is used:
 * attempt k+1 is due this long after attempt k started; 6 sends at most.
 */
export const WEBHOOK_RETRY_INTERVALS_SECONDS = [60, 300, 900, 3600, 21600] as const;
export const WEBHOOK_MAX_ATTEMPTS = 1 + WEBHOOK_RETRY_INTERVALS_SECONDS.length;
/** choice: deliveries in flight at once */
export const WEBHOOK_CONCURRENCY = 32;
/** choice: ISPB written into the sandbox's PIX end-to-end ids */
export const SANDBOX_ISPB = "99999999";

// ------------------------------------------------------------------------------------------------
// PIX infractions (MED)
// ------------------------------------------------------------------------------------------------
export const INFRACTION_DEADLINE_SECONDS = 7 * 86_400; // spec: 7 days from chargeback.opened
/** the multipart reply body: 5 files of 10 MB plus 1 MiB for the other parts and the framing */
export const INFRACTION_REPLY_MAX_BODY_BYTES = 5 * 10 * 1024 * 1024 + 1024 * 1024;
