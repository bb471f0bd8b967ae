/**
 * The dashboard's own data (the Payment API keeps the money; we keep who may
 * see and move it). Later capabilities add their tables here.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ROLES, LOCALES, API_ENVIRONMENTS, CREDENTIAL_STATUSES, WEBHOOK_OUTCOMES, FINDING_KINDS, CHARGE_METHODS, CHARGE_STATES, INFRACTION_MIRROR_STATUSES, INFRACTION_THRESHOLDS, APPROVAL_MODES, PAYOUT_KINDS, PAYOUT_STATES, PAYOUT_BATCH_STATES, CONVERSION_STATES, NOTIFICATION_KINDS, NOTIFICATION_CHANNELS, NOTIFICATION_EMAIL_MODES, NOTIFICATION_DELIVERY_STATES } from "../vocabulary";
export { ROLES, LOCALES, API_ENVIRONMENTS, CREDENTIAL_STATUSES, WEBHOOK_OUTCOMES, FINDING_KINDS, CHARGE_METHODS, CHARGE_STATES, INFRACTION_MIRROR_STATUSES, INFRACTION_THRESHOLDS, APPROVAL_MODES, PAYOUT_KINDS, PAYOUT_STATES, PAYOUT_BATCH_STATES, CONVERSION_STATES, NOTIFICATION_KINDS, NOTIFICATION_CHANNELS, NOTIFICATION_EMAIL_MODES, NOTIFICATION_DELIVERY_STATES };
import type { Role, Locale, ApiEnvironment, CredentialStatus, WebhookOutcome, FindingKind, ChargeMethod, ChargeState, InfractionMirrorStatus, InfractionThreshold, ApprovalMode, PayoutKind, PayoutState, PayoutBatchState, ConversionState, NotificationKind, NotificationChannel, NotificationEmailMode, NotificationDeliveryState } from "../vocabulary";
export type { Role, Locale, ApiEnvironment, CredentialStatus, WebhookOutcome, FindingKind, ChargeMethod, ChargeState, InfractionMirrorStatus, InfractionThreshold, ApprovalMode, PayoutKind, PayoutState, PayoutBatchState, ConversionState, NotificationKind, NotificationChannel, NotificationEmailMode, NotificationDeliveryState };

export const memberRole = pgEnum("member_role", ROLES);

export const organizations = pgTable("organizations", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** true for the seeded demo organisation, so it can be told apart (and removed) */
  isDemo: boolean("is_demo").notNull().default(false),
  /** minutes without a request after which a member's session ends (lib/auth/sessions.ts) */
  sessionIdleMinutes: integer("session_idle_minutes").notNull().default(30),
  /** admins, and every role that can move money, must sign in with a second factor */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The columns of a row kept per organisation and API environment (organization_id, environment),
 * removed with its organisation. A function, so every table gets its own column builders.
 */
const organizationEnvironmentColumns = () => ({
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  environment: text("environment", { enum: API_ENVIRONMENTS }).notNull(),
});

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** stored lower-cased; unique */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  /** scrypt, in the self-describing format of lib/auth/password.ts; never the password */
  passwordHash: text("password_hash").notNull(),
  /** null until the user picks a language: until then the browser's (cookie, Accept-Language) is used */
  locale: text("locale", { enum: LOCALES }),
  /** the IANA time zone the member reads dates in; null: their language's market (lib/i18n/zones.ts) */
  timeZone: text("time_zone"),
  activeOrganizationId: uuid("active_organization_id").references(() => organizations.id, { onDelete: "set null" }),
  /** the TOTP secret, sealed like the API credentials (lib/security/sealing.ts); null without two-factor */
  totpSecretCiphertext: text("totp_secret_ciphertext"),
  /** when two-factor sign-in was turned on (the secret confirmed with a code) */
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** the time step of the last accepted code: a code is never accepted twice */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  /**
   * A new secret waiting for its first code (enrolment, or moving to a new phone), sealed like the
   * secret; the current one keeps working until this one is confirmed. Bound to the session that
   * started it and good for a few minutes (lib/auth/two-factor.ts).
   */
  totpPendingCiphertext: text("totp_pending_ciphertext"),
  totpPendingAt: timestamp("totp_pending_at", { withTimezone: true }),
  totpPendingSessionId: uuid("totp_pending_session_id"),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Two-factor recovery codes: shown once, stored as salted scrypt hashes (older rows: SHA-256), each usable once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);

/**
 * One row per sign-in (lib/auth/sessions.ts). The session cookie carries only this row's id; a
 * request is served only while the row is unrevoked, younger than its absolute lifetime and used
 * within the organisation's idle timeout, so sign-out, "sign out everywhere", a password change or
 * a removal end it on every instance at the next request.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** sign-in time plus the absolute lifetime: never extended by use */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** when the member last proved who they are (password, and code when enrolled): sign-in, or a re-authentication */
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull().defaultNow(),
    /** the second factor was given at sign-in */
    twoFactor: boolean("two_factor").notNull().default(false),
    userAgent: text("user_agent"),
    address: text("address"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** sign_out, sign_out_everywhere, revoked, password_changed, removed */
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Sign-in throttle (lib/auth/throttle.ts): a counter per key, `pair:<email>|<address>` and
 * `address:<address>`, raised atomically before the password is checked.
 */
export const signInThrottle = pgTable("sign_in_throttle", {
  key: text("key").primaryKey(),
  /** attempts in the current window */
  attempts: integer("attempts").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  /** no attempt is checked before then (a growing delay once the limit is reached) */
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  /** an attempt was refused during the current delay (the first refusal is audited) */
  refused: boolean("refused").notNull().default(false),
});

/** Invitations to join an organisation: a single-use link that expires; the token is stored as SHA-256. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** lower-cased */
    email: text("email").notNull(),
    role: memberRole("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("invitations_org_idx").on(t.organizationId, t.createdAt)],
);

export const memberships = pgTable(
  "memberships",
  {
    organizationId: uuid("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: memberRole("role").notNull(),
    /** the environment this member's pages show (the shell's switch); null: production when it is connected, else sandbox */
    apiEnvironment: text("api_environment", { enum: API_ENVIRONMENTS }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

/**
 * Append-only record of sensitive actions. A trigger (migration 0001) refuses UPDATE and DELETE,
 * and the code has no path that tries; `organization_id` and `user_id` carry no foreign key so
 * that removing a member or an organisation never rewrites history.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: uuid("organization_id"),
    userId: uuid("user_id"),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
    /** the member's network address (from the socket, or the trusted proxy hops) */
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_org_time_idx").on(t.organizationId, t.createdAt), index("audit_log_org_action_idx").on(t.organizationId, t.action)],
);

/**
 * Payment API credentials. Secrets are AES-256-GCM ciphertexts (lib/security/sealing.ts) that
 * name the key that sealed them; only the last characters are kept in clear, to show them masked.
 */
export const apiCredentials = pgTable(
  "api_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    environment: text("environment", { enum: API_ENVIRONMENTS }).notNull(),
    baseUrl: text("base_url").notNull(),
    clientId: text("client_id").notNull(),
    /** null once revoked (erased) */
    clientSecretCiphertext: text("client_secret_ciphertext"),
    clientSecretHint: text("client_secret_hint").notNull(),
    signingKeyCiphertext: text("signing_key_ciphertext"),
    signingKeyHint: text("signing_key_hint"),
    status: text("status", { enum: CREDENTIAL_STATUSES }).notNull().default("pending"),
    /** the sandbox account's username when the credential was made by "Sandbox in one click" */
    sandboxUsername: text("sandbox_username"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    activatedBy: uuid("activated_by").references(() => users.id, { onDelete: "set null" }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** the last "Test connection": { ok, code?, status?, requestId?, at } */
    lastCheck: jsonb("last_check"),
    /**
     * The provider's clock minus ours, from the `timestamp` of its answers (ms): deadlines the API
     * sets (an infraction's deadline_at) are judged on its clock.
     */
    clockOffsetMs: bigint("clock_offset_ms", { mode: "number" }),
  },
  (t) => [
    index("api_credentials_org_idx").on(t.organizationId, t.createdAt),
    // One active credential per organisation and environment.
    uniqueIndex("api_credentials_one_active_idx").on(t.organizationId, t.environment).where(sql`status = 'active'`),
  ],
);

/** The access token of each credential, shared by every dashboard instance (encrypted like the secrets). */
export const apiTokens = pgTable("api_tokens", {
  credentialId: uuid("credential_id")
    .primaryKey()
    .references(() => apiCredentials.id, { onDelete: "cascade" }),
  tokenCiphertext: text("token_ciphertext").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Outgoing rate budgets (lib/api-context/rate-budget.ts): calls counted per bucket and second, so
 * that the sum over any 61 consecutive seconds never exceeds the spec's per-minute limit, whatever
 * the alignment of the API's own window.
 */
export const apiRateSlots = pgTable(
  "api_rate_slots",
  {
    bucket: text("bucket").notNull(),
    /** Unix second */
    second: integer("second").notNull(),
    calls: integer("calls").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.second] })],
);

/** What the API itself last said about a bucket (X-RateLimit-*, Retry-After): it corrects our count. */
export const apiRateState = pgTable("api_rate_state", {
  bucket: text("bucket").primaryKey(),
  remaining: integer("remaining"),
  resetAt: timestamp("reset_at", { withTimezone: true }),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Short shared cache of account reads (balance, profile, limits, fees), each with when it was read. */
export const apiReadCache = pgTable(
  "api_read_cache",
  {
    credentialId: uuid("credential_id")
      .notNull()
      .references(() => apiCredentials.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    data: jsonb("data").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.credentialId, t.key] })],
);

/**
 * Every outgoing call to the Payment API (each HTTP attempt), for Settings → Developers. Never a
 * secret, token, body or document number: method, path, status, latency, ids and the error code.
 */
export const apiRequestLog = pgTable(
  "api_request_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    credentialId: uuid("credential_id"),
    environment: text("environment", { enum: API_ENVIRONMENTS }).notNull(),
    /** the member whose action caused the call; null for background work */
    userId: uuid("user_id"),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** HTTP status; 0 when there was no answer (connection error, timeout) or the dashboard did not send it */
    status: integer("status").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    requestId: text("request_id"),
    errorCode: text("error_code"),
    /** true when the dashboard's own rate budget held the call back (it never reached the API) */
    local: boolean("local").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_request_log_org_time_idx").on(t.organizationId, t.createdAt), index("api_request_log_request_id_idx").on(t.requestId)],
);


/* ─── Events: webhook intake, the transaction mirror, reconciliation, live updates ─── */

/** Where the provider sends an organisation's webhooks: `/api/webhooks/payment/{token}`, one per environment. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    ...organizationEnvironmentColumns(),
    /** 32 random bytes, base64url: the URL is the capability, so it is unguessable */
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** when the provider was told to send this credential's webhooks here by default (sandbox: control API) */
    registeredAt: timestamp("registered_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.environment] }), uniqueIndex("webhook_endpoints_token_idx").on(t.token)],
);


/** Every delivery received, stored before the answer; the worker processes it from here. */
export const webhookInbox = pgTable(
  "webhook_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    environment: text("environment", { enum: API_ENVIRONMENTS }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    sourceAddress: text("source_address"),
    headers: jsonb("headers").notNull(),
    body: text("body").notNull(),
    event: text("event"),
    /** transaction_id, conversion_id or infraction_id */
    objectId: text("object_id"),
    /** `${event}:${objectId}`: the spec's idempotency key */
    dedupeKey: text("dedupe_key"),
    outcome: text("outcome", { enum: WEBHOOK_OUTCOMES }).notNull().default("received"),
    reason: text("reason"),
    /** the read-back: { result, apiStatus?, requestId?, at } */
    verification: jsonb("verification"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_inbox_due_idx").on(t.nextAttemptAt, t.id).where(sql`outcome = 'received'`),
    index("webhook_inbox_org_idx").on(t.organizationId, t.receivedAt),
    index("webhook_inbox_object_idx").on(t.organizationId, t.objectId),
  ],
);

/** One row per event applied: a duplicate finds its key here and changes nothing. */
export const webhookApplied = pgTable(
  "webhook_applied",
  {
    organizationId: uuid("organization_id").notNull(),
    environment: text("environment", { enum: API_ENVIRONMENTS }).notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    inboxId: bigint("inbox_id", { mode: "number" }).notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.environment, t.dedupeKey] })],
);

/**
 * What free-text search reads in the mirror (lib/search/text.ts: the Transactions page's filter and
 * the search palette), indexed by trigrams (pg_trgm, migrations 0008 and 0014): the searched columns
 * joined by the unit separator, which a search never contains, so that a match never spans two
 * columns. The payer's document is kept without its mask (dots, slash, hyphen, spaces: the
 * characters lib/payments/documents.ts `unformatDocument` removes), so "529.982.247-25" and
 * "52998224725" find the same rows.
 */
export const TRANSACTION_SEARCH_TEXT = sql.raw(
  "(coalesce(transaction_id, '') || chr(31) || coalesce(external_id, '') || chr(31) || coalesce(payer_name, '') || chr(31) || regexp_replace(coalesce(payer_document, ''), '[.\\-/\\s]', '', 'g') || chr(31) || coalesce(e2e_id, '') || chr(31) || coalesce(tx_hash, ''))",
);

/**
 * The transaction mirror: every transaction of the organisation as the API last said it, filled by
 * what the dashboard created, the webhooks (read back before they count) and the sync. Pages read it.
 */
export const transactions = pgTable(
  "transactions",
  {
    ...organizationEnvironmentColumns(),
    transactionId: text("transaction_id").notNull(),
    externalId: text("external_id"),
    type: text("type"),
    source: text("source"),
    method: text("method"),
    /** the API's status, normalised (paid → confirmed, canceled → cancelled) */
    status: text("status").notNull(),
    /** what an unverified webhook said, shown as "reported, verifying" until the read-back */
    reportedStatus: text("reported_status"),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    amount: numeric("amount"),
    fee: numeric("fee"),
    amountNet: numeric("amount_net"),
    currency: text("currency"),
    chain: text("chain"),
    network: text("network"),
    payerName: text("payer_name"),
    payerDocument: text("payer_document"),
    e2eId: text("e2e_id"),
    txHash: text("tx_hash"),
    errorCode: text("error_code"),
    direction: text("direction"),
    /** the fixed wallet a deposit arrived in (from its webhook, or the crypto deposit address) */
    walletId: text("wallet_id"),
    description: text("description"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    apiCreatedAt: timestamp("api_created_at", { withTimezone: true }),
    /** the last webhook applied to it (null: none came) */
    webhookEvent: text("webhook_event"),
    webhookAt: timestamp("webhook_at", { withTimezone: true }),
    /** when the API last confirmed a change of this row (sync or read-back): a sync that finds it unchanged leaves it alone */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** when the mirror first saw it in a final status */
    finalSince: timestamp("final_since", { withTimezone: true }),
    /** dashboard (created here, with our postback URL), webhook or sync */
    origin: text("origin").notNull(),
    raw: jsonb("raw"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.environment, t.transactionId] }),
    // The Transactions page's sorts and commonest filters, each an ordered index scan (see lib/transactions/query.ts).
    index("transactions_org_date_idx").on(t.organizationId, t.environment, t.apiCreatedAt, t.transactionId),
    index("transactions_org_amount_idx").on(t.organizationId, t.environment, sql`coalesce(${t.amount}, 0)`, t.apiCreatedAt, t.transactionId),
    index("transactions_org_status_date_idx").on(t.organizationId, t.environment, t.status, t.apiCreatedAt),
    index("transactions_org_currency_date_idx").on(t.organizationId, t.environment, t.currency, t.apiCreatedAt),
    uniqueIndex("transactions_external_id_idx").on(t.organizationId, t.environment, t.externalId).where(sql`external_id IS NOT NULL`),
    index("transactions_wallet_idx").on(t.organizationId, t.environment, t.walletId, t.apiCreatedAt).where(sql`wallet_id IS NOT NULL`),
    index("transactions_search_idx").using("gin", sql`${TRANSACTION_SEARCH_TEXT} gin_trgm_ops`),
    // A whole e2e id or on-chain hash pasted into search is one probe (lib/search/query.ts), not a
    // trigram scan: their common prefixes (the bank's ISPB, the date, "0x") are in every row.
    index("transactions_e2e_idx").on(t.organizationId, t.environment, t.e2eId).where(sql`e2e_id IS NOT NULL`),
    index("transactions_tx_hash_idx").on(t.organizationId, t.environment, t.txHash).where(sql`tx_hash IS NOT NULL`),
  ],
);

/** Where each organisation's sync stands. */
export const syncState = pgTable(
  "sync_state",
  {
    ...organizationEnvironmentColumns(),
    credentialId: uuid("credential_id"),
    fullSyncAt: timestamp("full_sync_at", { withTimezone: true }),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    lastResult: jsonb("last_result"),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.environment] })],
);


/**
 * Balance reconciliation (lib/events/balances.ts): per currency, the API's total and the total the
 * mirror explains when the check started (the baseline), and what the last check found.
 */
export const balanceBaselines = pgTable(
  "balance_baselines",
  {
    ...organizationEnvironmentColumns(),
    currency: text("currency").notNull(),
    apiTotal: numeric("api_total").notNull(),
    mirrorTotal: numeric("mirror_total").notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** the last check's movement the mirror did not explain (0: all explained) */
    unexplained: numeric("unexplained"),
    /** consecutive checks that found this same amount */
    seen: integer("seen").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.environment, t.currency] })],
);

/** Reconciliation: where what the API says and what the webhooks said disagree. */
export const reconciliationFindings = pgTable(
  "reconciliation_findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...organizationEnvironmentColumns(),
    kind: text("kind", { enum: FINDING_KINDS }).notNull(),
    transactionId: text("transaction_id").notNull(),
    details: jsonb("details").notNull(),
    status: text("status", { enum: ["open", "resolved"] }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by"),
    resolution: text("resolution"),
  },
  (t) => [
    // One open finding per kind and transaction.
    uniqueIndex("reconciliation_open_idx").on(t.organizationId, t.environment, t.kind, t.transactionId).where(sql`status = 'open'`),
    index("reconciliation_org_idx").on(t.organizationId, t.environment, t.status),
  ],
);

/** What the live stream sends: inserted in the transaction that made the change, announced by NOTIFY. */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    environment: text("environment", { enum: API_ENVIRONMENTS }).notNull(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_events_org_idx").on(t.organizationId, t.id)],
);

/** A member's named Transactions filter, one click to apply: the view's URL query, as the page wrote it. */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    page: text("page").notNull().default("transactions"),
    name: text("name").notNull(),
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_views_member_name_idx").on(t.organizationId, t.userId, t.page, t.name)],
);

/* ─── Receive: charges the dashboard created, their public payment pages, fixed wallets ─── */


/**
 * A charge as the dashboard created it: written before the call (by external_id, so a double
 * submit or a retry never makes two), then completed with what the API answered (payment info,
 * boleto). Its status is the mirror's (joined by transaction id).
 */
export const charges = pgTable(
  "charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...organizationEnvironmentColumns(),
    externalId: text("external_id").notNull(),
    method: text("method", { enum: CHARGE_METHODS }).notNull(),
    currency: text("currency").notNull(),
    chain: text("chain"),
    amount: numeric("amount").notNull(),
    /** name, document, email, phone, address: what the payer was charged as */
    payer: jsonb("payer").notNull(),
    /** the body sent (without the postback URL): a retry sends exactly this */
    request: jsonb("request").notNull(),
    state: text("state", { enum: CHARGE_STATES }).notNull().default("sending"),
    errorCode: text("error_code"),
    transactionId: text("transaction_id"),
    /** data.payment_info (PIX qrcode, crypto address, SPEI clabe) */
    paymentInfo: jsonb("payment_info"),
    /** the boleto block (barcode, digitable_line, url, due_date, registration) */
    boleto: jsonb("boleto"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    description: text("description"),
    /** the public payment page: /pay/{payToken}; 32 random bytes, base64url */
    payToken: text("pay_token").notNull(),
    payEnabled: boolean("pay_enabled").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("charges_external_id_idx").on(t.organizationId, t.environment, t.externalId),
    uniqueIndex("charges_pay_token_idx").on(t.payToken),
    index("charges_org_created_idx").on(t.organizationId, t.environment, t.createdAt),
    index("charges_transaction_idx").on(t.organizationId, t.environment, t.transactionId),
  ],
);

/** Fixed wallets the dashboard created (the API has no wallet list). */
export const wallets = pgTable(
  "wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...organizationEnvironmentColumns(),
    walletId: text("wallet_id").notNull(),
    currency: text("currency").notNull(),
    chain: text("chain"),
    address: text("address"),
    pixKey: text("pix_key"),
    clabe: text("clabe"),
    minConfirmations: integer("min_confirmations"),
    label: text("label"),
    raw: jsonb("raw"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wallets_wallet_id_idx").on(t.organizationId, t.environment, t.walletId), index("wallets_org_idx").on(t.organizationId, t.environment, t.createdAt)],
);

/* ─── PIX infractions (MED): the mirror of what the API said, the internal deadline, threshold alerts ─── */


/** The infraction mirror: written only from what the API said (list page, detail read-back). */
export const infractions = pgTable(
  "infractions",
  {
    ...organizationEnvironmentColumns(),
    infractionId: text("infraction_id").notNull(),
    type: text("type"),
    /** open, responded, resolved: never moves back */
    status: text("status").notNull(),
    amount: numeric("amount"),
    currency: text("currency"),
    transactionId: text("transaction_id"),
    e2eId: text("e2e_id"),
    /** the API's response deadline */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    reason: text("reason"),
    debtor: jsonb("debtor"),
    creditor: jsonb("creditor"),
    /** from the detail only (the list leaves them out); null until a detail was read */
    replies: jsonb("replies"),
    outcome: text("outcome"),
    blockedAmount: numeric("blocked_amount"),
    debitedAmount: numeric("debited_amount"),
    apiCreatedAt: timestamp("api_created_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** the member handling it (the dashboard's own field, kept across API updates) */
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    raw: jsonb("raw"),
    /** when the API last confirmed this row */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.environment, t.infractionId] }),
    index("infractions_org_status_deadline_idx").on(t.organizationId, t.environment, t.status, t.deadlineAt),
    index("infractions_org_transaction_idx").on(t.organizationId, t.environment, t.transactionId),
  ],
);

/** Per organisation: an internal deadline that many hours before the API's (0: the API's own). */
export const infractionSettings = pgTable("infraction_settings", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  internalDeadlineHours: integer("internal_deadline_hours").notNull().default(0),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each threshold crossed is recorded once per infraction (a feed a notifier can read later). */
export const infractionAlerts = pgTable(
  "infraction_alerts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ...organizationEnvironmentColumns(),
    infractionId: text("infraction_id").notNull(),
    threshold: text("threshold", { enum: INFRACTION_THRESHOLDS }).notNull(),
    crossedAt: timestamp("crossed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("infraction_alerts_once_idx").on(t.organizationId, t.environment, t.infractionId, t.threshold)],
);

/* ─── Send and convert: money leaving the account, approvals, bulk batches, conversions ─── */


export const approvalPolicies = pgTable("approval_policies", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  mode: text("mode", { enum: APPROVAL_MODES }).notNull().default("none"),
  /** { BRL: "5000.00", MXN: "20000" }: decimal strings; a currency not named never waits in "above" */
  thresholds: jsonb("thresholds").notNull().default(sql`'{}'::jsonb`),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * A change that would let more through (lib/payouts/policy-changes.ts), waiting for another admin:
   * one admin alone cannot switch approvals off, send, and switch them back.
   */
  proposedMode: text("proposed_mode", { enum: APPROVAL_MODES }),
  proposedThresholds: jsonb("proposed_thresholds"),
  proposedBy: uuid("proposed_by").references(() => users.id, { onDelete: "set null" }),
  proposedAt: timestamp("proposed_at", { withTimezone: true }),
});



export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...organizationEnvironmentColumns(),
    /** short, unique per organisation: the rows' external_ids are `${reference}-${row}` */
    reference: text("reference").notNull(),
    fileName: text("file_name"),
    state: text("state", { enum: PAYOUT_BATCH_STATES }).notNull(),
    rowCount: integer("row_count").notNull(),
    /** rows the upload refused (not stored as payouts), with their errors, for the results file */
    skipped: jsonb("skipped").notNull().default(sql`'[]'::jsonb`),
    /** { BRL: "1234.50" }: the batch's total per currency (what the approval policy judges) */
    totals: jsonb("totals").notNull().default(sql`'{}'::jsonb`),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    rejectReason: text("reject_reason"),
    /** the instance running it and until when (a crashed runner's lease lapses; another resumes) */
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("payout_batches_reference_idx").on(t.organizationId, t.environment, t.reference), index("payout_batches_org_state_idx").on(t.organizationId, t.environment, t.state, t.createdAt)],
);

/**
 * Who a payout went to, as search reads it (lib/search: a transaction found by its recipient's
 * name, PIX key, CLABE, address or username, which the mirror does not carry for money out),
 * indexed by trigrams like TRANSACTION_SEARCH_TEXT. PIX keys are stored checked and unmasked
 * (lib/payouts/form.ts), so a CPF key is its digits.
 */
export const PAYOUT_SEARCH_TEXT = sql.raw(
  "(coalesce(recipient->>'name', '') || chr(31) || coalesce(recipient->>'key', '') || chr(31) || coalesce(recipient->>'clabe', '') || chr(31) || coalesce(recipient->>'address', '') || chr(31) || coalesce(recipient->>'username', ''))",
);

/**
 * Every payout and internal transfer the dashboard sends, written before the call with the exact
 * body (and external_id) that will go out: approval, a retry after a lost answer, a reload or a
 * resumed batch all send that same body, and the API's idempotency makes it one payout.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...organizationEnvironmentColumns(),
    externalId: text("external_id").notNull(),
    kind: text("kind", { enum: PAYOUT_KINDS }).notNull(),
    currency: text("currency").notNull(),
    amount: numeric("amount").notNull(),
    network: text("network"),
    /** what the member sees of the recipient: key and type, CLABE and bank, address, username, name */
    recipient: jsonb("recipient").notNull(),
    /** the body sent (without the postback URL) */
    request: jsonb("request").notNull(),
    description: text("description"),
    state: text("state", { enum: PAYOUT_STATES }).notNull(),
    errorCode: text("error_code"),
    transactionId: text("transaction_id"),
    batchId: uuid("batch_id").references(() => payoutBatches.id, { onDelete: "cascade" }),
    /** the CSV line (1 = first data row) */
    rowNumber: integer("row_number"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    rejectReason: text("reject_reason"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payouts_external_id_idx").on(t.organizationId, t.environment, t.externalId),
    index("payouts_org_state_idx").on(t.organizationId, t.environment, t.state, t.createdAt),
    index("payouts_org_created_idx").on(t.organizationId, t.environment, t.createdAt),
    index("payouts_batch_idx").on(t.batchId, t.rowNumber),
    index("payouts_transaction_idx").on(t.organizationId, t.environment, t.transactionId),
    index("payouts_search_idx").using("gin", sql`${PAYOUT_SEARCH_TEXT} gin_trgm_ops`),
  ],
);


/** Conversions executed from the dashboard, written before /new with the body and external_id. */
export const conversions = pgTable(
  "conversions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...organizationEnvironmentColumns(),
    externalId: text("external_id").notNull(),
    baseCurrency: text("base_currency").notNull(),
    destinationCurrency: text("destination_currency").notNull(),
    amount: numeric("amount").notNull(),
    /** the simulation the member accepted: from_amount, to_amount, rate, spread, fee, expires_at */
    quote: jsonb("quote"),
    request: jsonb("request").notNull(),
    state: text("state", { enum: CONVERSION_STATES }).notNull().default("sending"),
    errorCode: text("error_code"),
    conversionId: text("conversion_id"),
    amountFrom: numeric("amount_from"),
    amountTo: numeric("amount_to"),
    rate: numeric("rate"),
    fee: numeric("fee"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversions_external_id_idx").on(t.organizationId, t.environment, t.externalId),
    index("conversions_org_created_idx").on(t.organizationId, t.environment, t.createdAt),
    // Search finds a conversion by the API's id (lib/search).
    index("conversions_conversion_id_idx").on(t.organizationId, t.environment, t.conversionId),
  ],
);

/**
 * A member's recent searches in the palette (lib/search/recent.ts), per organisation: the text they
 * searched when they opened a result, newest first, a few kept.
 */
export const searchRecents = pgTable(
  "search_recents",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId, t.query] }), index("search_recents_member_idx").on(t.userId, t.organizationId, t.searchedAt)],
);

/* ─── Notifications: the outbox (lib/notifications) ─── */

/**
 * Something a member may be told about, once: `key` names the event ("infraction.deadline:<org>:
 * <env>:<id>:provider:24h", "approval.payout:<id>"…), so that two instances (or one restarted)
 * that see the same thing insert it once. Its recipients' rows are written in the same transaction.
 */
export const notificationEvents = pgTable(
  "notification_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** null for what belongs to the person, not an organisation (sign-ins, security changes) */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    environment: text("environment", { enum: API_ENVIRONMENTS }),
    /** what the words need: ids, decimal strings, times; never a secret, a token or a full document number */
    params: jsonb("params").notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("notification_events_key_idx").on(t.key)],
);

/**
 * The outbox: one row per (event, recipient, channel), unique, so each notification is made and
 * mailed once per member across instances and restarts. in_app rows are the bell's (read_at);
 * email and digest rows wait for the mail worker (leased like the webhook inbox's rows).
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => notificationEvents.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    state: text("state", { enum: NOTIFICATION_DELIVERY_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** a pending mail goes at this time (a digest: the member's next 8:00); a claimed one: when its lease ends */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** the bell's: when the member read it */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** why the last attempt failed or was skipped, in a word (never the server's answer) */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notification_outbox_once_idx").on(t.eventId, t.userId, t.channel),
    index("notification_outbox_bell_idx").on(t.userId, t.channel, t.createdAt),
    index("notification_outbox_due_idx").on(t.nextAttemptAt).where(sql`state = 'pending'`),
  ],
);

/** Each member's choice per kind (no row: the defaults of lib/notifications/kinds.ts). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    inApp: boolean("in_app").notNull(),
    email: text("email", { enum: NOTIFICATION_EMAIL_MODES }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The browsers (family and system, lib/auth/browser.ts) each member has signed in from: a sign-in
 * from one not listed is told to the member (lib/auth/security-notice.ts). Sessions are purged a
 * week after they end, so they cannot remember this.
 */
export const knownBrowsers = pgTable(
  "known_browsers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browser: text("browser").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browser] })],
);
