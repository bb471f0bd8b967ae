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
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { columnsOf, inScope, isRowId, type Db, type Scope } from "@/lib/db/scope";
import { can, type Role } from "@/lib/auth/roles";
import { counterpartyOf } from "@/lib/transactions/counterparty";
import type { TransactionRowDto } from "@/lib/transactions/query";
import { recipientText } from "@/lib/payouts/recipient";
import type { PayoutRecipient } from "@/lib/payouts/form";
import { kindAndIdentifier, WALLETS_PER_PAGE } from "@/lib/wallets/service";
import type { WalletKind } from "@/lib/wallets/form-schema";
import { maskDocument } from "@/lib/payments/documents";
import { Money } from "@/lib/payments/money";
import { amountCandidates, cleanSearchText, containsPattern, transactionTextMatch, unmaskedDigits, wholeSettlementId } from "./text";

/** Who searches: their organisation and environment, and their role (what they may find). */
export type Searcher = { scope: Scope; role: Role };

/** Text shorter than this is not looked for inside ids and names (a trigram needs three characters). */
export const MIN_CONTAINS_LENGTH = 3;

/** Which of its fields a transaction was found by (shown beside it, so the member sees why). */
export type MatchedField = "transactionId" | "externalId" | "e2eId" | "txHash" | "payerName" | "payerDocument" | "recipient" | "amount";

/** A transaction the search found: the list's columns it shows, and which field matched. */
export type TransactionHit = Pick<TransactionRowDto, "transactionId" | "externalId" | "type" | "source" | "method" | "status" | "amount" | "currency" | "e2eId" | "txHash" | "createdAt"> & {
  /** the payer of money in, the recipient of money out (lib/transactions/counterparty.ts) */
  counterparty: string | null;
  /** masked as banks print it (the full document stays on the server) */
  payerDocument: string | null;
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
  const whole = wholeSettlementId(s);
  const text = s.length >= MIN_CONTAINS_LENGTH && !whole ? transactionTextMatch(s) : null;
  const amounts = amountCandidates(s);
  const direct = or(
    text ?? undefined,
    whole && "e2eId" in whole ? eq(t.e2eId, whole.e2eId) : undefined,
    whole && "txHash" in whole ? inArray(t.txHash, whole.txHash) : undefined,
    amounts.length ? inArray(sql`coalesce(${t.amount}, 0)`, amounts) : undefined,
    idIs(s, [{ column: t.transactionId }, { column: t.externalId }]),
  );
  type PayoutSide = { kind: schema.PayoutKind; recipient: PayoutRecipient | null; network: string | null } | null;
  const payoutOf = (q: typeof p) => sql<PayoutSide>`jsonb_build_object('kind', ${q.kind}, 'recipient', ${q.recipient}, 'network', ${q.network})`;
  const mirrorColumns = columnsOf(t, ["transactionId", "externalId", "type", "source", "method", "status", "amount", "currency", "payerName", "payerDocument", "e2eId", "txHash", "apiCreatedAt", "firstSeenAt", "raw"]);
  const found = db
    .select({
      ...mirrorColumns,
      // The payout sent from here for it (money out names its recipient only there); a subquery, so
      // that the searched text's bare column names stay the mirror's.
      payout: sql<PayoutSide>`(select ${payoutOf(p)} from ${p} where ${and(inScope(p, t), eq(p.transactionId, t.transactionId))} limit 1)`,
      byRecipient: sql<boolean>`false`,
    })
    .from(t)
    .where(and(inScope(t, scope), direct))
    .orderBy(desc(t.apiCreatedAt), desc(t.transactionId))
    .limit(limit + 1);
  // One statement: what the mirror's text, amount or ids find, and the transactions of payouts whose recipient matches.
  const all = text
    ? await found.unionAll(
        db
          .select({ ...mirrorColumns, payout: payoutOf(p), byRecipient: sql<boolean>`true` })
          .from(p)
          .innerJoin(t, and(inScope(t, p), eq(t.transactionId, p.transactionId)))
          .where(and(inScope(p, scope), sql`${schema.PAYOUT_SEARCH_TEXT} ilike ${containsPattern(s)}`))
          .orderBy(desc(p.createdAt))
          .limit(limit + 1),
      )
    : await found;
  const byId = new Map<string, (typeof all)[number]>();
  for (const r of all) if (!byId.has(r.transactionId) || !r.byRecipient) byId.set(r.transactionId, r);
  const rows = [...byId.values()].sort((a, b) => (b.apiCreatedAt?.getTime() ?? Infinity) - (a.apiCreatedAt?.getTime() ?? Infinity) || (a.transactionId < b.transactionId ? 1 : -1));
  return {
    more: rows.length > limit || all.filter((r) => r.byRecipient).length > limit,
    hits: rows.slice(0, limit).map((r) => ({
      transactionId: r.transactionId,
      externalId: r.externalId,
      type: r.type,
      source: r.source,
      method: r.method,
      status: r.status,
      amount: r.amount,
      currency: r.currency,
      counterparty: counterpartyOf(r, r.payout ? { kind: r.payout.kind, recipient: r.payout.recipient ?? {}, network: r.payout.network } : null),
      payerDocument: r.payerDocument ? maskDocument(r.payerDocument) : null,
      e2eId: r.e2eId,
      txHash: r.txHash,
      createdAt: (r.apiCreatedAt ?? r.firstSeenAt).toISOString(),
      matched: r.byRecipient ? "recipient" : matchedField(r, s, amounts),
    })),
  };
}

type IdHits = Pick<RecordResults, "charges" | "payouts" | "batches" | "conversions" | "wallets" | "infractions">;

/** `jsonb_build_object` of named expressions: each branch of the id probe answers in one shape. */
const jsonOf = (fields: Record<string, SQL | Parameters<typeof eq>[0]>) => sql<Record<string, unknown>>`jsonb_build_object(${sql.join(
  Object.entries(fields).map(([k, v]) => sql`${sql.raw(`'${k}'`)}, ${v}`),
  sql`, `,
)})`;
const text = (column: Parameters<typeof eq>[0]) => sql`${column}::text`;

/**
 * Charges, payouts, bulk batches, conversions, wallets and infractions whose id is `s`: one
 * statement (each branch an index probe inside the scope), one round trip, whatever the kinds.
 */
async function idHits(db: Db, scope: Scope, s: string, limit: number): Promise<IdHits> {
  const c = schema.charges;
  const m = schema.transactions;
  const p = schema.payouts;
  const b = schema.payoutBatches;
  const v = schema.conversions;
  const w = schema.wallets;
  const i = schema.infractions;
  const uuid = (column: Parameters<typeof eq>[0]) => ({ column, uuid: true });
  const rows = await db
    .select({ kind: sql<string>`'charge'`, data: jsonOf({ id: text(c.id), externalId: c.externalId, transactionId: c.transactionId, method: c.method, amount: text(c.amount), currency: c.currency, payerName: sql`${c.payer}->>'name'`, state: c.state, status: m.status, createdAt: c.createdAt }) })
    .from(c)
    .leftJoin(m, and(inScope(m, c), eq(m.transactionId, c.transactionId)))
    .where(and(inScope(c, scope), idIs(s, [uuid(c.id), { column: c.externalId }, { column: c.transactionId }])))
    .orderBy(desc(c.createdAt))
    .limit(limit)
    .unionAll(
      db
        .select({ kind: sql<string>`'payout'`, data: jsonOf({ id: text(p.id), externalId: p.externalId, transactionId: p.transactionId, kind: p.kind, amount: text(p.amount), currency: p.currency, network: p.network, recipient: p.recipient, state: p.state, createdAt: p.createdAt }) })
        .from(p)
        .where(and(inScope(p, scope), idIs(s, [uuid(p.id), { column: p.externalId }, { column: p.transactionId }])))
        .orderBy(desc(p.createdAt))
        .limit(limit),
    )
    .unionAll(
      db
        .select({ kind: sql<string>`'batch'`, data: jsonOf({ id: text(b.id), reference: b.reference, fileName: b.fileName, state: b.state, rowCount: b.rowCount, createdAt: b.createdAt }) })
        .from(b)
        .where(and(inScope(b, scope), idIs(s, [uuid(b.id), { column: b.reference }])))
        .orderBy(desc(b.createdAt))
        .limit(limit),
    )
    .unionAll(
      db
        .select({ kind: sql<string>`'conversion'`, data: jsonOf({ id: text(v.id), externalId: v.externalId, conversionId: v.conversionId, baseCurrency: v.baseCurrency, destinationCurrency: v.destinationCurrency, amount: text(v.amount), state: v.state, createdAt: v.createdAt }) })
        .from(v)
        .where(and(inScope(v, scope), idIs(s, [uuid(v.id), { column: v.externalId }, { column: v.conversionId }])))
        .orderBy(desc(v.createdAt))
        .limit(limit),
    )
    .unionAll(
      db
        .select({
          kind: sql<string>`'wallet'`,
          // The Wallets page lists them newest first, WALLETS_PER_PAGE a page: the wallets newer than this one say which page shows it.
          data: jsonOf({ id: text(w.id), walletId: w.walletId, currency: w.currency, chain: w.chain, label: w.label, pixKey: w.pixKey, clabe: w.clabe, address: w.address, newer: sql`(select count(*) from wallets n where n.organization_id = ${w.organizationId} and n.environment = ${w.environment} and (n.created_at, n.id) > (${w.createdAt}, ${w.id}))` }),
        })
        .from(w)
        // Its id, or what a payer pays into (a deposit's PIX key, CLABE or address), among the organisation's wallets.
        .where(and(inScope(w, scope), idIs(s, [uuid(w.id), { column: w.walletId }, { column: w.pixKey }, { column: w.clabe }, { column: w.address }])))
        .orderBy(desc(w.createdAt))
        .limit(limit),
    )
    .unionAll(
      db
        .select({ kind: sql<string>`'infraction'`, data: jsonOf({ infractionId: i.infractionId, type: i.type, status: i.status, amount: text(i.amount), currency: i.currency, transactionId: i.transactionId, deadlineAt: i.deadlineAt }) })
        .from(i)
        .where(and(inScope(i, scope), idIs(s, [{ column: i.infractionId }, { column: i.transactionId }])))
        .orderBy(desc(i.deadlineAt))
        .limit(limit),
    );
  const of = <T>(kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.data as T & { createdAt: string });
  const at = (d: string) => new Date(d).toISOString();
  return {
    charges: of<Omit<ChargeHit, "createdAt">>("charge").map((h) => ({ ...h, createdAt: at(h.createdAt) })),
    payouts: of<Omit<PayoutHit, "createdAt" | "recipient"> & { network: string | null; recipient: PayoutRecipient | null }>("payout").map(({ network, recipient, ...h }) => ({
      ...h,
      recipient: recipientText({ kind: h.kind, recipient: recipient ?? {}, network }),
      createdAt: at(h.createdAt),
    })),
    batches: of<Omit<BatchHit, "createdAt">>("batch").map((h) => ({ ...h, createdAt: at(h.createdAt) })),
    conversions: of<Omit<ConversionHit, "createdAt">>("conversion").map((h) => ({ ...h, createdAt: at(h.createdAt) })),
    wallets: of<Omit<WalletHit, "kind" | "page"> & { pixKey: string | null; clabe: string | null; address: string | null; newer: number }>("wallet").map(({ pixKey, clabe, address, newer, createdAt: _createdAt, ...h }) => ({
      ...h,
      kind: kindAndIdentifier({ pixKey, clabe, address }).kind,
      page: Math.floor(Number(newer) / WALLETS_PER_PAGE) + 1,
    })),
    infractions: rows.filter((r) => r.kind === "infraction").map((r) => {
      const h = r.data as Omit<InfractionHit, "deadlineAt"> & { deadlineAt: string | null };
      return { ...h, deadlineAt: h.deadlineAt ? at(h.deadlineAt) : null };
    }),
  };
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
  // Ids have no spaces: a name is not looked for among them.
  const idLike = !/\s/.test(s);
  const none: IdHits = { charges: [], payouts: [], batches: [], conversions: [], wallets: [], infractions: [] };
  const [transactions, { charges, payouts, batches, conversions, wallets, infractions }, memberList] = await Promise.all([
    transactionHits(db, scope, s, limit),
    idLike ? idHits(db, scope, s, limit) : none,
    members && s.length >= 2 ? memberHits(db, scope.organizationId, s, limit) : Promise.resolve([]),
  ]);
  return { transactions, charges, payouts, batches, conversions, wallets, infractions, members: members ? memberList : null };
}
