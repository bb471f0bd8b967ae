/**
 * The transaction mirror: rows written only from what the API said (a sync page, a read-back), or
 * by the dashboard before it creates something. A webhook alone never sets a status: it sets
 * `reported_status` ("reported, verifying") until the read-back.
 */
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import type { Transaction } from "@/lib/payment-api";
import { isFinal } from "./status";
import { cleanText, storableDeep } from "./payload";

export type MirrorOrigin = "dashboard" | "webhook" | "sync";

const dec = (v: unknown) => (v == null ? null : String(v));
const ts = (v: string | null | undefined) => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

function columnsOf(item: Transaction) {
  return {
    externalId: item.external_id ?? null,
    type: (item.type as string | null | undefined) ?? null,
    source: item.source ?? null,
    method: item.payment_method ?? null,
    status: item.status,
    amount: dec(item.amount),
    fee: dec(item.fee),
    amountNet: dec(item.amount_net),
    currency: item.currency ?? null,
    chain: item.chain ?? null,
    network: item.network ?? null,
    payerName: item.payer_name ?? null,
    payerDocument: item.payer_document ?? null,
    e2eId: item.e2e_id ?? null,
    txHash: item.tx_hash ?? null,
    errorCode: (item as { error_code?: string }).error_code ?? null,
    direction: (item as { direction?: string }).direction ?? null,
    description: item.description ?? null,
    expiresAt: ts(item.expires_at),
    apiCreatedAt: ts(item.created_at),
    raw: item as object,
  };
}

/**
 * Two writers upserting the same new transaction at once (a double submit, a webhook's read-back and
 * the sync) can collide on the external_id index, which ON CONFLICT does not arbitrate: the loser
 * raises a unique violation although the row it wanted now exists; or, their speculative inserts
 * waiting on each other across the two unique indexes, PostgreSQL aborts one as a deadlock. Run
 * again, the write finds the row and takes the update path.
 */
/**
 * Facts that only some answers carry (a webhook's error_code, a transfer's direction, the e2e id or
 * hash once settled, the payer): a later answer that leaves them out (the list, the sync) keeps them.
 */
const STICKY = new Set(["errorCode", "direction", "e2eId", "txHash", "network", "chain", "payerName", "payerDocument", "description"]);

async function retryExternalIdRace<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (e) {
      const err = (e as { cause?: unknown }).cause ?? e;
      const { code, constraint } = err as { code?: string; constraint?: string };
      const race = (code === "23505" && (constraint === undefined || constraint === "transactions_external_id_idx")) || code === "40P01";
      if (!race || attempt >= 3) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/** The payment methods of a boleto (spec "POST /v2/boleto": method BOLETO or PIX_BOLETO). */
export const BOLETO_METHODS: readonly string[] = ["BOLETO", "PIX_BOLETO"];

const isRegistered = (item: Transaction) => {
  const block = (item as { boleto?: unknown }).boleto;
  return !!block && typeof block === "object" && (block as { registration?: unknown }).registration === "registered";
};

/**
 * A boleto the API says is registered: the charge made on the Receive page (its boleto block, which
 * the receive and payment pages show) says so too. Only ever towards "registered": a stale answer
 * never takes it back. One statement for the lot, none when no item says so.
 */
async function markChargesRegistered(db: Db, target: Scope, items: Transaction[]): Promise<void> {
  const ids = items.filter(isRegistered).map((i) => i.transaction_id);
  if (!ids.length) return;
  const c = schema.charges;
  await db
    .update(c)
    .set({ boleto: sql`jsonb_set(${c.boleto}, '{registration}', '"registered"')`, updatedAt: new Date() })
    .where(
      and(
        eq(c.organizationId, target.organizationId),
        eq(c.environment, target.environment),
        inArray(c.transactionId, ids),
        sql`${c.boleto} is not null and ${c.boleto}->>'registration' is distinct from 'registered'`,
      ),
    );
}

/**
 * Writes what the API said about a transaction. The status never moves back (a stale page never
 * undoes a newer read-back); everything else takes the API's latest values.
 */
export async function applyApiTransaction(db: Db, target: Scope, answered: Transaction, origin: MirrorOrigin, webhook?: { event: string }): Promise<{ status: string }> {
  const item = storableDeep(answered);
  const t = schema.transactions;
  const cols = columnsOf(item);
  const now = new Date();
  // One statement: insert, or update keeping the higher-ranked status.
  const [row] = await retryExternalIdRace(() =>
    db
      .insert(t)
      .values({
        organizationId: target.organizationId,
        environment: target.environment,
        transactionId: item.transaction_id,
        ...cols,
        // Every row has a date to sort and filter by: the API's, else when the mirror first saw it.
        apiCreatedAt: cols.apiCreatedAt ?? now,
        origin,
        verifiedAt: now,
        finalSince: isFinal(cols.status) ? now : null,
        webhookEvent: webhook?.event ?? null,
        webhookAt: webhook ? now : null,
      })
      .onConflictDoUpdate({
        target: [t.organizationId, t.environment, t.transactionId],
        set: {
          ...Object.fromEntries(
            Object.entries(cols)
              .filter(([k]) => k !== "status" && k !== "externalId")
              .map(([k, v]) => [k, STICKY.has(k) && (v === null || v === undefined) ? sql.raw(`transactions.${t[k as keyof typeof cols].name}`) : v]),
          ),
          externalId: sql`coalesce(excluded.external_id, ${t.externalId})`,
          apiCreatedAt: cols.apiCreatedAt ?? sql`${t.apiCreatedAt}`,
          status: sql`case when tx_status_rank(excluded.status) >= tx_status_rank(${t.status}) then excluded.status else ${t.status} end`,
          finalSince: sql`coalesce(${t.finalSince}, case when tx_status_rank(excluded.status) >= 1 then now() end)`,
          verifiedAt: now,
          reportedStatus: null,
          reportedAt: null,
          ...(webhook ? { webhookEvent: webhook.event, webhookAt: now } : {}),
          updatedAt: now,
        },
      })
      .returning({ status: t.status }),
  );
  await markChargesRegistered(db, target, [item]);
  return { status: row!.status };
}

/**
 * A page of the API's list in one statement (the sync): the same rules as applyApiTransaction, row
 * by row, without a round trip per row. Rows without a date of their own go one by one (their
 * existing date must be kept, which `excluded` cannot tell apart).
 */
export async function applyApiTransactions(db: Db, target: Scope, items: Transaction[], origin: MirrorOrigin): Promise<number> {
  const byId = new Map(items.map((i) => [i.transaction_id, storableDeep(i)]));
  const dated = [...byId.values()].filter((i) => ts(i.created_at) !== null);
  let written = 0;
  for (const item of byId.values())
    if (ts(item.created_at) === null) {
      await applyApiTransaction(db, target, item, origin);
      written++;
    }
  if (!dated.length) return written;
  const t = schema.transactions;
  const now = new Date();
  const columns = getTableColumns(t);
  const fromApi = Object.keys(columnsOf(dated[0]!)).filter((k) => k !== "status" && k !== "externalId") as (keyof typeof columns)[];
  const next = (k: keyof typeof columns) => (STICKY.has(k) ? `coalesce(excluded.${columns[k].name}, transactions.${columns[k].name})` : `excluded.${columns[k].name}`);
  // A row the API answers as the mirror already has it is left alone: the sync reads the last two
  // days again every few seconds, and rewriting each unchanged row woke every cache of the mirror
  // (its triggers) and every open page (the sync's live event) for nothing. `verified_at` is then
  // when the API last confirmed a change; a claim awaiting its read-back (`reported_status`) is settled.
  const changed = sql.raw(
    [
      ...fromApi.map((k) => `${next(k)} is distinct from transactions.${columns[k].name}`),
      "coalesce(excluded.external_id, transactions.external_id) is distinct from transactions.external_id",
      "(excluded.status <> transactions.status and tx_status_rank(excluded.status) >= tx_status_rank(transactions.status))",
      "(transactions.final_since is null and tx_status_rank(excluded.status) >= 1)",
      "transactions.reported_status is not null",
      "transactions.verified_at is null",
    ].join(" or "),
  );
  const rows = await retryExternalIdRace(() =>
    db
      .insert(t)
      .values(
        dated.map((item) => {
          const cols = columnsOf(item);
          return { organizationId: target.organizationId, environment: target.environment, transactionId: item.transaction_id, ...cols, origin, verifiedAt: now, finalSince: isFinal(cols.status) ? now : null };
        }),
      )
      .onConflictDoUpdate({
        target: [t.organizationId, t.environment, t.transactionId],
        set: {
          ...Object.fromEntries(fromApi.map((k) => [k, sql.raw(next(k))])),
          externalId: sql`coalesce(excluded.external_id, ${t.externalId})`,
          status: sql`case when tx_status_rank(excluded.status) >= tx_status_rank(${t.status}) then excluded.status else ${t.status} end`,
          finalSince: sql`coalesce(${t.finalSince}, case when tx_status_rank(excluded.status) >= 1 then now() end)`,
          verifiedAt: now,
          reportedStatus: null,
          reportedAt: null,
          updatedAt: now,
        },
        setWhere: changed,
      })
      .returning({ id: t.transactionId }),
  );
  await markChargesRegistered(db, target, dated);
  return written + rows.length;
}

/** A webhook claims a status: shown as "reported, verifying" on a row the mirror already has. */
export async function markReported(db: Db, target: Scope, transactionId: string, status: string): Promise<boolean> {
  const t = schema.transactions;
  const rows = await db
    .update(t)
    .set({ reportedStatus: status, reportedAt: new Date() })
    .where(and(inScope(t, target), eq(t.transactionId, transactionId)))
    .returning({ id: t.transactionId, status: t.status });
  return rows.length > 0 && rows[0]!.status !== status;
}

/** markReported for many transactions of one target in one statement; returns those whose shown status changes. */
export async function markReportedMany(db: Db, target: Scope, claims: Map<string, string>): Promise<{ transactionId: string; reportedStatus: string }[]> {
  if (!claims.size) return [];
  const values = sql.join(
    [...claims].map(([id, status]) => sql`(${id}, ${status})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update transactions t set reported_status = v.status, reported_at = now()
    from (values ${values}) as v(transaction_id, status)
    where t.organization_id = ${target.organizationId} and t.environment = ${target.environment} and t.transaction_id = v.transaction_id
    returning t.transaction_id, t.status, v.status as reported`);
  const rows = (result as unknown as { rows: { transaction_id: string; status: string; reported: string }[] }).rows;
  return rows.filter((r) => r.status !== r.reported).map((r) => ({ transactionId: r.transaction_id, reportedStatus: r.reported }));
}

export async function clearReported(db: Db, target: Scope, transactionId: string): Promise<void> {
  const t = schema.transactions;
  await db
    .update(t)
    .set({ reportedStatus: null, reportedAt: null })
    .where(and(inScope(t, target), eq(t.transactionId, transactionId)));
}

/**
 * Links a deposit to the fixed wallet it arrived in: by the webhook's wallet_id, else by the
 * wallet's identifier the webhook names (address, PIX key, CLABE, deposit address). The API's list
 * does not carry the wallet, so only the webhook can tell; a row already linked keeps its wallet.
 */
export async function linkWallet(db: Db, target: Scope, transactionId: string, fields: Record<string, unknown>): Promise<string | null> {
  // `fields`: the event's fields in either layout (payload.ts); each checked before it reaches a query.
  let walletId = cleanText(fields.wallet_id);
  if (!walletId) {
    const ident = cleanText(fields.address) ?? cleanText(fields.pix_key) ?? cleanText(fields.clabe) ?? cleanText(fields.deposit_address);
    if (!ident) return null;
    const w = schema.wallets;
    const [row] = await db
      .select({ walletId: w.walletId })
      .from(w)
      .where(and(inScope(w, target), sql`${ident} in (${w.address}, ${w.pixKey}, ${w.clabe})`))
      .limit(1);
    walletId = row?.walletId ?? null;
  }
  if (!walletId) return null;
  const t = schema.transactions;
  await db
    .update(t)
    .set({ walletId })
    .where(and(inScope(t, target), eq(t.transactionId, transactionId), sql`${t.walletId} is null`));
  return walletId;
}
