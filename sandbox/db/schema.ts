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
    /** the credential's default webhook URL (spec "postback_url … or the credential default") */
    postbackUrl: text("postback_url"),
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
    /** the credential that created the operation: its default webhook URL applies when postback_url is absent */
    clientId: text("client_id"),
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
    // Time-driven work (sandbox/lifecycle.ts), partial so that settled rows cost nothing:
    // unpaid charges by expiry, pending cash-outs by age (auto-settle), boletos awaiting registration.
    index("transactions_pending_cashin_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending' and ${t.type} = 'cashin'`),
    index("transactions_pending_cashout_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.type} = 'cashout'`),
    index("transactions_boleto_registration_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.method} in ('BOLETO', 'PIX_BOLETO') and (${t.details} -> 'boleto' ->> 'registration') = 'pending'`),
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
    /** the credential that created the wallet (its default webhook URL receives the deposits' events) */
    clientId: text("client_id"),
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

/**
 * The webhook outbox (sandbox/webhooks): one row per event to deliver, written in the same database
 * transaction as the state change that emits it, so a committed change always has its webhook and a
 * restart loses none. The dispatcher posts rows whose `next_attempt_at` has come on the sandbox clock.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** the transaction the event concerns (for conversions the conversion_id; for infractions the disputed transaction) */
    transactionId: text("transaction_id"),
    infractionId: text("infraction_id"),
    event: text("event").notNull(),
    url: text("url").notNull(),
    /** the body, exactly as posted */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** pending | delivered | failed | dropped (written while the drop_webhooks setting was on: never sent) */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** null once delivered or failed */
    nextAttemptAt: ts("next_attempt_at"),
    deliveredAt: ts("delivered_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_txid_idx").on(t.transactionId),
  ],
);

/** Every delivery attempt: its answer (status code) or the error, and what was scheduled next. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer("attempt").notNull(),
    attemptedAt: ts("attempted_at").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    /** delivered | retry | failed */
    result: text("result").notNull(),
    nextAttemptAt: ts("next_attempt_at"),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);

/** PIX infractions (MED) received by an account. */
export const infractions = pgTable(
  "infractions",
  {
    infractionId: text("infraction_id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** internal id of the disputed cash-in row */
    transactionRowId: text("transaction_row_id")
      .notNull()
      .references(() => transactions.id),
    transactionId: text("transaction_id").notNull(),
    /** REFUND_REQUEST | FRAUD */
    type: text("type").notNull(),
    /** open | responded | resolved */
    status: text("status").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    /** what actually moved available → blocked (less than amount when available was short) */
    blockedAmount: money("blocked_amount").notNull(),
    /** lost: what left the account in the end */
    debitedAmount: money("debited_amount"),
    e2eId: text("e2e_id"),
    reason: text("reason"),
    debtor: jsonb("debtor").$type<Record<string, unknown>>().notNull(),
    creditor: jsonb("creditor").$type<Record<string, unknown>>().notNull(),
    /** won | lost | canceled */
    outcome: text("outcome"),
    deadlineAt: ts("deadline_at").notNull(),
    resolvedAt: ts("resolved_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("infractions_account_created_idx").on(t.accountId, t.createdAt), index("infractions_txrow_idx").on(t.transactionRowId)],
);

/** Replies to an infraction: the message and the evidence files' metadata (the bytes are not kept). */
export const infractionReplies = pgTable(
  "infraction_replies",
  {
    replyId: text("reply_id").primaryKey(),
    infractionId: text("infraction_id")
      .notNull()
      .references(() => infractions.infractionId),
    message: text("message").notNull(),
    /** [{ name, content_type (detected), size, sha256 }] */
    files: jsonb("files").$type<{ name: string; content_type: string; size: number; sha256: string }[]>().notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("infraction_replies_infraction_idx").on(t.infractionId, t.createdAt)],
);
