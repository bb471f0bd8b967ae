/**
 * The sandbox's state: its own Drizzle schema and migrations, apart from the dashboard's (a real
 * provider keeps its data on its side too). Generated with
 * `npx drizzle-kit generate --config sandbox/drizzle.config.ts`.
 *
 * Money is NUMERIC(38,18) everywhere: never a binary float (ARCHITECTURE "Storage"). Timestamps are
 * written by the sandbox from its own clock (sandbox/clock.ts), never by `now()`, so that expiries,
 * token validity and usage windows follow `POST /sandbox/clock/advance`.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Key/value of the sandbox itself: JWT secret, clock offset, settings. */
export const sandboxState = pgTable("sandbox_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  username: text("username").notNull().unique(),
  name: text("name").notNull(),
  document: text("document"),
  kycLevel: integer("kyc_level").notNull().default(2),
  kycStatus: text("kyc_status").notNull().default("approved"),
  status: text("status").notNull().default("active"),
  createdAt: ts("created_at").notNull(),
});

export const credentials = pgTable(
  "credentials",
  {
    clientId: text("client_id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** sha256 of a 256-bit random secret: enough against brute force, and cheap to verify */
    secretHash: text("secret_hash").notNull(),
    /** kept retrievable: HMAC verification needs the key itself */
    signingKey: text("signing_key").notNull(),
    /** pending | active */
    status: text("status").notNull(),
    /** e.g. ["can_cashin","can_cashout","can_transfer","can_convert"] */
    permissions: jsonb("permissions").$type<string[]>().notNull(),
    createdAt: ts("created_at").notNull(),
    activatedAt: ts("activated_at"),
  },
  (t) => [index("credentials_account_idx").on(t.accountId)],
);

/** The ledger: one row per account and currency. */
export const balances = pgTable(
  "balances",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    currency: text("currency").notNull(),
    available: money("available").notNull().default("0"),
    blocked: money("blocked").notNull().default("0"),
    pending: money("pending").notNull().default("0"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.currency] }),
    check("balances_non_negative", sql`${t.available} >= 0 and ${t.blocked} >= 0 and ${t.pending} >= 0`),
  ],
);

/** The account's fee configuration (copied from the default table when the account is created). */
export const feeConfigs = pgTable(
  "fee_configs",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    operation: text("operation").notNull(),
    /** '' when the fee does not depend on a method (transfer, conversion) */
    method: text("method").notNull().default(""),
    currency: text("currency").notNull(),
    /** percent: 1.5 means 1.5 % */
    percentage: numeric("percentage", { precision: 10, scale: 4 }).notNull(),
    fixed: money("fixed").notNull(),
    minimum: money("minimum").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.operation, t.method, t.currency] })],
);

/** The account's limits per currency and operation (copied from the default table). */
export const limitConfigs = pgTable(
  "limit_configs",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    currency: text("currency").notNull(),
    operation: text("operation").notNull(),
    perOperationMin: money("per_operation_min"),
    perOperationMax: money("per_operation_max"),
    dailyMax: money("daily_max"),
    monthlyMax: money("monthly_max"),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.currency, t.operation] })],
);

/**
 * Every money movement of an account: cash-in charges, boletos, cash-outs, both sides of an internal
 * transfer, conversions. Part 2 (state machines, webhooks) drives `status` and reads `postback_url`.
 */
export const transactions = pgTable(
  "transactions",
  {
    /** internal row id (32 hex) */
    id: text("id").primaryKey(),
    /** public id: 32 hex, or the caller's own on boleto ("unique per merchant") */
    transactionId: text("transaction_id").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    externalId: text("external_id"),
    /** sha256 of the route and the canonical request body (idempotency) */
    requestHash: text("request_hash"),
    /** cashin | cashout | conversion */
    type: text("type").notNull(),
    /** cashin | cashout | conversion | internal_transfer | wallet_deposit (the list filter's vocabulary) */
    source: text("source").notNull(),
    /** PIX | SPEI | CRYPTO | BOLETO | PIX_BOLETO | INTERNAL | CONVERSION */
    method: text("method"),
    /** cashin | cashout | transfer | conversion: which limits it counts against */
    limitOperation: text("limit_operation"),
    /** pending | confirmed | failed | cancelled | refunded | expired */
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    amount: money("amount").notNull(),
    fee: money("fee").notNull(),
    amountNet: money("amount_net").notNull(),
    chain: text("chain"),
    network: text("network"),
    /** conversions: the destination side */
    counterCurrency: text("counter_currency"),
    counterAmount: money("counter_amount"),
    postbackUrl: text("postback_url"),
    description: text("description"),
    /** payer, payment_info, key, split, boleto, counterparty ... */
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    /** the first answer, returned again on an idempotent replay */
    responseStatus: integer("response_status").notNull(),
    response: jsonb("response").$type<Record<string, unknown>>().notNull(),
    e2eId: text("e2e_id"),
    txHash: text("tx_hash"),
    expiresAt: ts("expires_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    // Idempotency: INSERT … ON CONFLICT DO NOTHING on this index, never check-then-insert.
    uniqueIndex("transactions_account_external_uq").on(t.accountId, t.externalId),
    uniqueIndex("transactions_account_txid_uq").on(t.accountId, t.transactionId),
    index("transactions_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("transactions_txid_idx").on(t.transactionId),
  ],
);

/** Fixed wallets: permanent receiving identifiers. */
export const wallets = pgTable(
  "wallets",
  {
    walletId: text("wallet_id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    currency: text("currency").notNull(),
    chain: text("chain"),
    /** address | pix_key | clabe */
    kind: text("kind").notNull(),
    identifier: text("identifier").notNull(),
    minConfirmations: integer("min_confirmations"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("wallets_account_idx").on(t.accountId)],
);

/** Conversion quotes from /v2/conversions/simulate; /new honours an unexpired one. */
export const conversionQuotes = pgTable(
  "conversion_quotes",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    baseCurrency: text("base_currency").notNull(),
    destinationCurrency: text("destination_currency").notNull(),
    amount: money("amount").notNull(),
    rate: money("rate").notNull(),
    spread: numeric("spread", { precision: 10, scale: 4 }).notNull(),
    fee: money("fee").notNull(),
    toAmount: money("to_amount").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("conversion_quotes_lookup_idx").on(t.accountId, t.baseCurrency, t.destinationCurrency, t.expiresAt)],
);
