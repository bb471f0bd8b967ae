/**
 * The dashboard's words for its states and kinds: the value lists its tables, forms, pages and
 * actions share. Plain TypeScript (no Drizzle), so components and pages import them from here;
 * lib/db/schema.ts builds its columns from the same lists.
 */
export const ROLES = ["admin", "operator", "support", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const LOCALES = ["en", "pt-BR", "es-MX"] as const;
export type Locale = (typeof LOCALES)[number];

/** Which Payment API a credential talks to; pages show one at a time (the shell's switch). */
export const API_ENVIRONMENTS = ["sandbox", "production"] as const;
export type ApiEnvironment = (typeof API_ENVIRONMENTS)[number];

/**
 * pending: registered, waiting for an admin of the organisation; active: the one the pages use
 * (one per environment); retired: replaced by a newer active one (rotation); revoked: ended by an
 * admin, its secrets erased.
 */
export const CREDENTIAL_STATUSES = ["pending", "active", "retired", "revoked"] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

export const WEBHOOK_OUTCOMES = [
  /** stored, waiting for the worker (or for a retry of its read-back) */
  "received",
  /** read back from the API and applied to the mirror */
  "applied",
  /** the same event for the same id was applied before */
  "duplicate",
  /** the API contradicts it: changed nothing */
  "contradicted",
  /** an event name the spec does not list: stored and flagged */
  "unknown_event",
  /** refused at the door (address, size, not JSON, no id): never processed */
  "refused",
  /** processing gave up after its retries (the API could not be read) */
  "failed",
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export const FINDING_KINDS = ["missed_webhook", "contradicted_webhook", "stuck_pending", "unexplained_balance"] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const CHARGE_METHODS = ["PIX", "BOLETO", "PIX_BOLETO", "SPEI", "CRYPTO"] as const;
export type ChargeMethod = (typeof CHARGE_METHODS)[number];

/** sending: stored, the API's answer not known yet (a retry sends the same body and external_id); created; failed (the API refused it) */
export const CHARGE_STATES = ["sending", "created", "failed"] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];

export const INFRACTION_MIRROR_STATUSES = ["open", "responded", "resolved"] as const;
export type InfractionMirrorStatus = (typeof INFRACTION_MIRROR_STATUSES)[number];

export const INFRACTION_THRESHOLDS = ["48h", "24h", "6h"] as const;
export type InfractionThreshold = (typeof INFRACTION_THRESHOLDS)[number];

/**
 * none: nothing waits; above: a payout (or transfer, or bulk batch) whose amount in a currency is
 * above that currency's threshold waits for a second member; all: every one waits.
 */
export const APPROVAL_MODES = ["none", "above", "all"] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** pix, spei, crypto: cash-outs (POST /v2/transactions/cashout); transfer: POST /v2/internal_transfers/payment. */
export const PAYOUT_KINDS = ["pix", "spei", "crypto", "transfer"] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

/**
 * awaiting_approval: waits for a second member (its external_id is already fixed); queued: approved
 * or not needing approval, not yet sent (bulk rows wait here for the batch runner); sending: the call
 * went out and no answer was recorded (a retry sends the same body); sent: the API took it (its
 * outcome is the mirror's status); failed: the API refused it (error_code); rejected: a member
 * declined it (reason).
 */
export const PAYOUT_STATES = ["awaiting_approval", "queued", "sending", "sent", "failed", "rejected"] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** Bulk payouts: one uploaded CSV, approved as one and sent row by row by the batch runner. */
export const PAYOUT_BATCH_STATES = ["awaiting_approval", "queued", "sending", "done", "rejected"] as const;
export type PayoutBatchState = (typeof PAYOUT_BATCH_STATES)[number];

/** sending: /new went out, no answer recorded (a retry sends the same body); done; failed (error_code). */
export const CONVERSION_STATES = ["sending", "done", "failed"] as const;
export type ConversionState = (typeof CONVERSION_STATES)[number];

/**
 * What a member can be told about (lib/notifications): a MED dispute opened and its deadline
 * reminders, a payout or batch waiting for their approval, a payout of theirs that failed, a
 * credential waiting for activation, a reconciliation finding, a sign-in from a new browser and
 * every change to their account's security.
 */
export const NOTIFICATION_KINDS = [
  "infraction_opened",
  "infraction_deadline",
  "approval_waiting",
  "payout_failed",
  "credential_pending",
  "reconciliation_finding",
  "new_sign_in",
  "security_change",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** in_app: the bell; email: one mail per notification; digest: one mail a day with the day's notifications. */
export const NOTIFICATION_CHANNELS = ["in_app", "email", "digest"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How a member wants a kind by e-mail: not at all, each one as it happens, or in the daily digest. */
export const NOTIFICATION_EMAIL_MODES = ["off", "instant", "digest"] as const;
export type NotificationEmailMode = (typeof NOTIFICATION_EMAIL_MODES)[number];

/**
 * An outbox row: pending (a mail to send, at next_attempt_at), sent, failed (gave up after its
 * retries), skipped (no SMTP_URL, or the member left the organisation before it went out).
 */
export const NOTIFICATION_DELIVERY_STATES = ["pending", "sent", "failed", "skipped"] as const;
export type NotificationDeliveryState = (typeof NOTIFICATION_DELIVERY_STATES)[number];

/** error_code values of cashout.failed (spec "Events"): the sandbox's payout tool offers them, lib/payouts/failure-text.ts words them. */
export const PAYOUT_FAILURE_CODES = ["TRON_ENERGY_FAIL", "INSUFFICIENT_BALANCE", "NO_HOT_WALLET", "INVALID_ADDRESS", "BLACKLISTED", "BLOCKCHAIN_REVERT", "BROADCAST_FAIL", "PIX_KEY_NOT_FOUND", "PROVIDER_TIMEOUT", "UNKNOWN"] as const;
export type PayoutFailureCode = (typeof PAYOUT_FAILURE_CODES)[number];
