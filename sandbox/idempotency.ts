/**
 * Idempotency through the caller's external_id (spec "Identifiers", case rules 4 and 5):
 * - same external_id and same body → the original answer again (same status code and data);
 * - same external_id, different body → DUPLICATE_EXTERNAL_ID (409);
 * - concurrent identical requests create one transaction.
 *
 * Enforced by the database, not by check-then-insert: the transaction row is inserted with
 * `ON CONFLICT (account_id, external_id) DO NOTHING` against a UNIQUE index, and the existing row is
 * read back when the insert did nothing. The row stores a sha256 of the route
 * and the canonical request body (keys sorted, so key order and whitespace do not matter) and the
 * first answer.
 */
import { createHash } from "node:crypto";
import type Decimal from "decimal.js";
import type { Sql } from "./db/sql";
import { ApiError } from "./errors";

/** JSON with object keys sorted at every level. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(",")}}`;
}

export function requestHash(route: string, body: unknown): string {
  return createHash("sha256").update(route).update("\n").update(canonicalJson(body)).digest("hex");
}

export type NewTransaction = {
  id: string;
  transactionId: string;
  accountId: string;
  externalId: string | null;
  requestHash: string | null;
  type: "cashin" | "cashout" | "conversion";
  source: "cashin" | "cashout" | "conversion" | "internal_transfer" | "wallet_deposit";
  method: string | null;
  limitOperation: string | null;
  status: string;
  currency: string;
  amount: Decimal;
  fee: Decimal;
  amountNet: Decimal;
  chain?: string | null;
  network?: string | null;
  counterCurrency?: string | null;
  counterAmount?: Decimal | null;
  postbackUrl?: string | null;
  /** the credential that created it (its default webhook URL) */
  clientId?: string | null;
  description?: string | null;
  details: Record<string, unknown>;
  responseStatus: number;
  response: Record<string, unknown>;
  expiresAt?: Date | null;
  createdAt: Date;
};

export type Replay = { status: number; data: Record<string, unknown> };
export type InsertOutcome = { created: true } | { created: false; replay: Replay };

const INSERT = `insert into transactions (id, transaction_id, account_id, external_id, request_hash, type, source, method, limit_operation, status,
    currency, amount, fee, amount_net, chain, network, counter_currency, counter_amount, postback_url, description,
    details, response_status, response, expires_at, created_at, updated_at, client_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::numeric, $13::numeric, $14::numeric, $15, $16, $17, $18::numeric, $19, $20,
    $21::jsonb, $22::int, $23::jsonb, $24::timestamptz, $25::timestamptz, $25::timestamptz, $26)
  on conflict (account_id, external_id) do nothing
  returning id`;

type OutcomeRow = { created: boolean; request_hash: string | null; response_status: number | null; response: Record<string, unknown> | null };

/**
 * Inserts the transaction, or answers the replay of the one already holding its external_id.
 * Throws DUPLICATE_EXTERNAL_ID when that one was created from a different body.
 */
export async function insertIdempotent(q: Sql, t: NewTransaction): Promise<InsertOutcome> {
  const rows = await q.query<OutcomeRow>(INSERT, [
    t.id,
    t.transactionId,
    t.accountId,
    t.externalId,
    t.requestHash,
    t.type,
    t.source,
    t.method,
    t.limitOperation,
    t.status,
    t.currency,
    t.amount,
    t.fee,
    t.amountNet,
    t.chain ?? null,
    t.network ?? null,
    t.counterCurrency ?? null,
    t.counterAmount ?? null,
    t.postbackUrl ?? null,
    t.description ?? null,
    JSON.stringify(t.details),
    t.responseStatus,
    JSON.stringify(t.response),
    t.expiresAt ?? null,
    t.createdAt,
    t.clientId ?? null,
  ], "sbx_insert_transaction");
  if (rows.length === 1) return { created: true };
  // The external_id is taken (the insert did nothing): read the row that holds it. On PostgreSQL,
  // ON CONFLICT waited for a concurrent insert of the same key to commit, so the row is visible now.
  const existing = await q.query<OutcomeRow>(
    "select false as created, request_hash, response_status, response from transactions where account_id = $1 and external_id = $2",
    [t.accountId, t.externalId],
  );
  const row = existing[0];
  if (row === undefined) throw new ApiError("INTERNAL_CONFLICT", "the request conflicted with a concurrent one; retry it");
  if (row.request_hash !== t.requestHash) {
    throw new ApiError("DUPLICATE_EXTERNAL_ID", `external_id ${t.externalId} was already used with a different request`, {
      field: "external_id",
      external_id: t.externalId,
    });
  }
  return { created: false, replay: { status: Number(row.response_status), data: row.response ?? {} } };
}

/** Reads the replay of an existing external_id without inserting (used before refusing on limits). */
export async function findReplay(q: Sql, accountId: string, externalId: string | null, hash: string): Promise<Replay | null> {
  if (externalId === null) return null;
  const rows = await q.query<OutcomeRow>(
    "select false as created, request_hash, response_status, response from transactions where account_id = $1 and external_id = $2",
    [accountId, externalId],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw new ApiError("DUPLICATE_EXTERNAL_ID", `external_id ${externalId} was already used with a different request`, {
      field: "external_id",
      external_id: externalId,
    });
  }
  return { status: Number(row.response_status), data: row.response ?? {} };
}
