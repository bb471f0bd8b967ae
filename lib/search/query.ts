/**
 * The search palette's records, in SQL, inside the member's organisation and environment (and role):
 *
 * - transactions (the mirror) by any part of their id, external id, e2e id, tx hash, payer name or
 *   document (TRANSACTION_SEARCH_TEXT, a trigram index), by the recipient of a payout sent from here
 *   (PAYOUT_SEARCH_TEXT, a trigram index on payouts), and by amount (the mirror's amount index),
 *   newest first;
 * - charges, payouts, bulk batches, conversions, wallets and infractions by their ids, each probe an
 *   index that starts with the organisation and environment (or the row's primary key);
 * - members of the organisation by name or e-mail, for those who manage the team only.
 *
 * Each list is a few rows: the palette shows the first ones and links to the full list.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { columnsOf, inScope, isRowId, type Db, type Scope } from "@/lib/db/scope";
import { can, type Role } from "@/lib/auth/roles";
import { counterpartyOf, payoutsByTransaction } from "@/lib/transactions/counterparty";
import { recipientText } from "@/lib/payouts/recipient";
import type { PayoutRecipient } from "@/lib/payouts/form";
import { kindAndIdentifier, WALLETS_PER_PAGE } from "@/lib/wallets/service";
import type { WalletKind } from "@/lib/wallets/form-schema";
import { maskDocument } from "@/lib/payments/documents";
import { Money } from "@/lib/payments/money";
import { amountCandidates, cleanSearchText, containsPattern, transactionTextMatch, unmaskedDigits } from "./text";

/** Who searches: their organisation and environment, and their role (what they may find). */
export type Searcher = { scope: Scope; role: Role };

/** Text shorter than this is not looked for inside ids and names (a trigram needs three characters). */
export const MIN_CONTAINS_LENGTH = 3;

/** Which of its fields a transaction was found by (shown beside it, so the member sees why). */
export type MatchedField = "transactionId" | "externalId" | "e2eId" | "txHash" | "payerName" | "payerDocument" | "recipient" | "amount";

export type TransactionHit = {
  transactionId: string;
  externalId: string | null;
  type: string | null;
  source: string | null;
  method: string | null;
  status: string;
  amount: string | null;
  currency: string | null;
  /** the payer of money in, the recipient of money out (lib/transactions/counterparty.ts) */
  counterparty: string | null;
  /** masked as banks print it (the full document stays on the server) */
  payerDocument: string | null;
  e2eId: string | null;
  txHash: string | null;
  createdAt: string;
  matched: MatchedField | null;
};

export type ChargeHit = { id: string; externalId: string; transactionId: string | null; method: schema.ChargeMethod; amount: string; currency: string; payerName: string | null; state: schema.ChargeState; status: string | null; createdAt: string };
export type PayoutHit = { id: string; externalId: string; transactionId: string | null; kind: schema.PayoutKind; amount: string; currency: string; recipient: string; state: schema.PayoutState; createdAt: string };
export type BatchHit = { id: string; reference: string; fileName: string | null; state: schema.PayoutBatchState; rowCount: number; createdAt: string };
export type ConversionHit = { id: string; externalId: string; conversionId: string | null; baseCurrency: string; destinationCurrency: string; amount: string; state: schema.ConversionState; createdAt: string };
/** `page`: the Wallets page (newest first) that shows it. */
export type WalletHit = { id: string; walletId: string; currency: string; chain: string | null; label: string | null; kind: WalletKind | null; page: number };
export type InfractionHit = { infractionId: string; type: string | null; status: string; amount: string | null; currency: string | null; transactionId: string | null; deadlineAt: string | null };
export type MemberHit = { userId: string; name: string; email: string; role: Role };

export type RecordResults = {
  /** `more`: more transactions match than are listed */
  transactions: { hits: TransactionHit[]; more: boolean };
  charges: ChargeHit[];
  payouts: PayoutHit[];
  batches: BatchHit[];
  conversions: ConversionHit[];
  wallets: WalletHit[];
  infractions: InfractionHit[];
  /** null: the searcher may not see the team */
  members: MemberHit[] | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `column = s` for each column that can hold `s` (a UUID column only when `s` is one). */
function idIs(s: string, columns: { column: Parameters<typeof eq>[0]; uuid?: boolean }[]): SQL | undefined {
  return or(...columns.filter((c) => !c.uuid || isRowId(s)).map((c) => eq(c.column, s)));
}

function matchedField(row: { transactionId: string; externalId: string | null; e2eId: string | null; txHash: string | null; payerName: string | null; payerDocument: string | null; amount: string | null }, s: string, amounts: string[]): MatchedField | null {
  const has = (v: string | null, needle: string) => !!v && v.toLowerCase().includes(needle.toLowerCase());
  for (const field of ["transactionId", "externalId", "e2eId", "txHash", "payerName"] as const) if (has(row[field], s)) return field;
  const document = row.payerDocument?.replace(/[.\-/\s]/g, "") ?? null;
  if (has(document, s) || has(document, unmaskedDigits(s) ?? s)) return "payerDocument";
  if (row.amount !== null && amounts.some((a) => new Money(a).eq(row.amount!))) return "amount";
  return null;
}

async function transactionHits(db: Db, scope: Scope, s: string, limit: number): Promise<RecordResults["transactions"]> {
  const t = schema.transactions;
  const p = schema.payouts;
  const text = s.length >= MIN_CONTAINS_LENGTH ? transactionTextMatch(s) : null;
  const amounts = amountCandidates(s);
  const direct = or(text ?? undefined, amounts.length ? inArray(sql`coalesce(${t.amount}, 0)`, amounts) : undefined, idIs(s, [{ column: t.transactionId }, { column: t.externalId }]));
  const columns = { ...columnsOf(t, ["transactionId", "externalId", "type", "source", "method", "status", "amount", "currency", "payerName", "payerDocument", "e2eId", "txHash", "apiCreatedAt", "firstSeenAt", "raw"]) };
  const [found, viaRecipient] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .where(and(inScope(t, scope), direct))
      .orderBy(desc(t.apiCreatedAt), desc(t.transactionId))
      .limit(limit + 1),
    // Money out names its recipient only in the payout sent from here.
    text
      ? db
          .select({ transactionId: p.transactionId })
          .from(p)
          .where(and(inScope(p, scope), isNotNull(p.transactionId), sql`${schema.PAYOUT_SEARCH_TEXT} ilike ${containsPattern(s)}`))
          .orderBy(desc(p.createdAt))
          .limit(limit + 1)
      : Promise.resolve([]),
  ]);
  const seen = new Set(found.map((r) => r.transactionId));
  const extraIds = viaRecipient.map((r) => r.transactionId!).filter((id) => !seen.has(id));
  const extra = extraIds.length ? await db.select(columns).from(t).where(and(inScope(t, scope), inArray(t.transactionId, extraIds))) : [];
  const recipientIds = new Set(extraIds);
  const rows = [...found, ...extra].sort((a, b) => (b.apiCreatedAt?.getTime() ?? Infinity) - (a.apiCreatedAt?.getTime() ?? Infinity) || (a.transactionId < b.transactionId ? 1 : -1));
  const shown = rows.slice(0, limit);
  const payouts = await payoutsByTransaction(db, scope, shown.filter((r) => r.type === "cashout").map((r) => r.transactionId));
  return {
    more: found.length > limit || viaRecipient.length > limit || rows.length > limit,
    hits: shown.map((r) => ({
      transactionId: r.transactionId,
      externalId: r.externalId,
      type: r.type,
      source: r.source,
      method: r.method,
      status: r.status,
      amount: r.amount,
      currency: r.currency,
      counterparty: counterpartyOf(r, payouts.get(r.transactionId) ?? null),
      payerDocument: r.payerDocument ? maskDocument(r.payerDocument) : null,
      e2eId: r.e2eId,
      txHash: r.txHash,
      createdAt: (r.apiCreatedAt ?? r.firstSeenAt).toISOString(),
      matched: recipientIds.has(r.transactionId) ? "recipient" : matchedField(r, s, amounts),
    })),
  };
}

async function chargeHits(db: Db, scope: Scope, s: string, limit: number): Promise<ChargeHit[]> {
  const c = schema.charges;
  const m = schema.transactions;
  const rows = await db
    .select({ ...columnsOf(c, ["id", "externalId", "transactionId", "method", "amount", "currency", "payer", "state", "createdAt"]), status: m.status })
    .from(c)
    .leftJoin(m, and(inScope(m, c), eq(m.transactionId, c.transactionId)))
    .where(and(inScope(c, scope), idIs(s, [{ column: c.id, uuid: true }, { column: c.externalId }, { column: c.transactionId }])))
    .orderBy(desc(c.createdAt))
    .limit(limit);
  return rows.map(({ payer, createdAt, ...r }) => ({ ...r, payerName: (payer as { name?: string } | null)?.name ?? null, createdAt: createdAt.toISOString() }));
}

async function payoutHits(db: Db, scope: Scope, s: string, limit: number): Promise<PayoutHit[]> {
  const p = schema.payouts;
  const rows = await db
    .select(columnsOf(p, ["id", "externalId", "transactionId", "kind", "amount", "currency", "network", "recipient", "state", "createdAt"]))
    .from(p)
    .where(and(inScope(p, scope), idIs(s, [{ column: p.id, uuid: true }, { column: p.externalId }, { column: p.transactionId }])))
    .orderBy(desc(p.createdAt))
    .limit(limit);
  return rows.map(({ network, recipient, ...r }) => ({ ...r, recipient: recipientText({ kind: r.kind, recipient: (recipient ?? {}) as PayoutRecipient, network }), createdAt: r.createdAt.toISOString() }));
}

async function batchHits(db: Db, scope: Scope, s: string, limit: number): Promise<BatchHit[]> {
  const b = schema.payoutBatches;
  const rows = await db
    .select(columnsOf(b, ["id", "reference", "fileName", "state", "rowCount", "createdAt"]))
    .from(b)
    .where(and(inScope(b, scope), idIs(s, [{ column: b.id, uuid: true }, { column: b.reference }])))
    .orderBy(desc(b.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

async function conversionHits(db: Db, scope: Scope, s: string, limit: number): Promise<ConversionHit[]> {
  const c = schema.conversions;
  const rows = await db
    .select(columnsOf(c, ["id", "externalId", "conversionId", "baseCurrency", "destinationCurrency", "amount", "state", "createdAt"]))
    .from(c)
    .where(and(inScope(c, scope), idIs(s, [{ column: c.id, uuid: true }, { column: c.externalId }, { column: c.conversionId }])))
    .orderBy(desc(c.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

async function walletHits(db: Db, scope: Scope, s: string, limit: number): Promise<WalletHit[]> {
  const w = schema.wallets;
  // Its id, or what a payer pays into (a deposit's PIX key, CLABE or address), within the organisation's few wallets.
  const rows = await db
    .select(columnsOf(w, ["id", "walletId", "currency", "chain", "label", "pixKey", "clabe", "address", "createdAt"]))
    .from(w)
    .where(and(inScope(w, scope), idIs(s, [{ column: w.id, uuid: true }, { column: w.walletId }, { column: w.pixKey }, { column: w.clabe }, { column: w.address }])))
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(limit);
  // The Wallets page lists them newest first: the page that shows each is one count away.
  return Promise.all(
    rows.map(async ({ createdAt, pixKey, clabe, address, ...r }) => {
      const [newer] = await db
        .select({ n: count() })
        .from(w)
        .where(and(inScope(w, scope), or(gt(w.createdAt, createdAt), and(eq(w.createdAt, createdAt), gt(w.id, r.id)))));
      return { ...r, kind: kindAndIdentifier({ pixKey, clabe, address }).kind, page: Math.floor(Number(newer?.n ?? 0) / WALLETS_PER_PAGE) + 1 };
    }),
  );
}

async function infractionHits(db: Db, scope: Scope, s: string, limit: number): Promise<InfractionHit[]> {
  const i = schema.infractions;
  const rows = await db
    .select(columnsOf(i, ["infractionId", "type", "status", "amount", "currency", "transactionId", "deadlineAt"]))
    .from(i)
    .where(and(inScope(i, scope), idIs(s, [{ column: i.infractionId }, { column: i.transactionId }])))
    .orderBy(desc(i.deadlineAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, deadlineAt: iso(r.deadlineAt) }));
}

async function memberHits(db: Db, organizationId: string, s: string, limit: number): Promise<MemberHit[]> {
  const u = schema.users;
  const m = schema.memberships;
  const like = containsPattern(s);
  return db
    .select({ userId: u.id, name: u.name, email: u.email, role: m.role })
    .from(m)
    .innerJoin(u, eq(u.id, m.userId))
    .where(and(eq(m.organizationId, organizationId), or(ilike(u.name, like), ilike(u.email, like))))
    .orderBy(asc(u.name))
    .limit(limit);
}

/**
 * Every kind of record `raw` can name, for `who`: at most `limit` of each. Text of one or two
 * characters finds only exact ids and amounts; members only for those who manage the team.
 */
export async function searchRecords(db: Db, who: Searcher, raw: string, limit = 5): Promise<RecordResults> {
  const s = cleanSearchText(raw);
  const members = can(who.role, "team.manage");
  if (!s) return { transactions: { hits: [], more: false }, charges: [], payouts: [], batches: [], conversions: [], wallets: [], infractions: [], members: members ? [] : null };
  const { scope } = who;
  const [transactions, charges, payouts, batches, conversions, wallets, infractions, memberList] = await Promise.all([
    transactionHits(db, scope, s, limit),
    chargeHits(db, scope, s, limit),
    payoutHits(db, scope, s, limit),
    batchHits(db, scope, s, limit),
    conversionHits(db, scope, s, limit),
    walletHits(db, scope, s, limit),
    infractionHits(db, scope, s, limit),
    members && s.length >= 2 ? memberHits(db, scope.organizationId, s, limit) : Promise.resolve([]),
  ]);
  return { transactions, charges, payouts, batches, conversions, wallets, infractions, members: members ? memberList : null };
}
