/**
 * One transaction as its detail sheet and its receipt show it: the mirror's row, its story (from the
 * notifications received for it, the charge or payout a member made here, its disputes), the other
 * party with the document masked, what the API's raw answer carries beyond the columns (boleto line
 * and barcode, split), where to see it on its chain, and the notifications themselves for support.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import * as schema from "@/lib/db/schema";
import { inScope, type Db } from "@/lib/db/scope";
import type { ApiEnvironment } from "@/lib/db/schema";
import { isChainCode, type ChainCode } from "@/lib/payments/chains";
import { maskDocument } from "@/lib/payments/documents";
import type { PayoutRecipient } from "@/lib/payouts/form";
import { chainName } from "@/lib/payments/chain-names";
import { toRowDto, transactionById, type TransactionRowDto } from "./query";
import { transactionStory, type StoryStep } from "./story";

/** Public explorers, by chain: a transaction hash opens there. */
const EXPLORERS: Record<ChainCode, string> = {
  tron: "https://tronscan.org/#/transaction/",
  ethereum: "https://etherscan.io/tx/",
  bsc: "https://bscscan.com/tx/",
  polygon: "https://polygonscan.com/tx/",
  solana: "https://solscan.io/tx/",
  bitcoin: "https://mempool.space/tx/",
  arbitrum: "https://arbiscan.io/tx/",
  base: "https://basescan.org/tx/",
  optimism: "https://optimistic.etherscan.io/tx/",
  avalanche: "https://snowtrace.io/tx/",
};

export function explorerUrl(chain: string | null, hash: string | null): string | null {
  if (!hash || !chain) return null;
  const c = chain.toLowerCase();
  if (!isChainCode(c) || !/^(0x)?[0-9A-Za-z]{16,128}$/.test(hash)) return null;
  return `${EXPLORERS[c]}${encodeURIComponent(hash)}`;
}

/** A notification received for it and what became of it (the sheet's technical details, for support). */
export type DeliveryEntry = {
  id: number;
  at: string;
  event: string | null;
  outcome: schema.WebhookOutcome;
  reason: string | null;
  sourceAddress: string | null;
  verification: { result?: string; apiStatus?: string; claimedStatus?: string; requestId?: string; at?: string } | null;
};

export type SplitEntry = { username: string; share: string; kind: "percentage" | "fixed" };

/** Who paid (a cash-in) or was paid (a payout, a transfer sent): the document masked, the institution when known. */
export type OtherParty = { role: "payer" | "recipient"; name: string | null; document: string | null; account: string | null; institution: string | null };

export type TransactionDetailDto = TransactionRowDto & {
  /** the chain and network by their names ("BNB Smart Chain"), not the API's codes */
  chain: string | null;
  network: string | null;
  explorerUrl: string | null;
  errorCode: string | null;
  direction: string | null;
  description: string | null;
  expiresAt: string | null;
  origin: string;
  firstSeenAt: string;
  finalSince: string | null;
  /** `registration`: registered or pending (spec "Boleto"), as the API or a verified boleto.registered said */
  boleto: { digitableLine: string | null; barcode: string | null; dueDate: string | null; pdfUrl: string | null; registration: string | null } | null;
  split: SplitEntry[];
  counter: { currency: string; amount: string } | null;
  /** its story, step by step (lib/transactions/story.ts) */
  story: StoryStep[];
  otherParty: OtherParty | null;
  /** the notifications received for it, oldest first */
  deliveries: DeliveryEntry[];
  /** money moved (paid, delivered, received; refunded after): a receipt can be issued */
  hasReceipt: boolean;
  /** the charge this transaction was created by on the Receive page, if any */
  chargeId: string | null;
  /** MED disputes on this payment, from the infraction mirror, newest first */
  disputes: { infractionId: string; type: string | null; status: string; outcome: string | null; amount: string | null; currency: string | null; deadlineAt: string | null }[];
};

const str = (v: unknown) => (typeof v === "string" && v ? v : typeof v === "number" ? String(v) : null);

function boletoOf(raw: Record<string, unknown>): TransactionDetailDto["boleto"] {
  const b = (raw.boleto && typeof raw.boleto === "object" ? raw.boleto : raw) as Record<string, unknown>;
  const digitableLine = str(b.digitable_line ?? b.linha_digitavel);
  const barcode = str(b.barcode ?? b.bar_code);
  if (!digitableLine && !barcode) return null;
  return { digitableLine, barcode, dueDate: str(b.due_date), pdfUrl: str(b.pdf_url ?? b.url), registration: str(b.registration) };
}

function splitOf(raw: Record<string, unknown>): SplitEntry[] {
  if (!Array.isArray(raw.split)) return [];
  return raw.split.flatMap((s: unknown) => {
    if (!s || typeof s !== "object") return [];
    const e = s as Record<string, unknown>;
    const username = str(e.username);
    const pct = str(e.percentage);
    const fixed = str(e.amount ?? e.fixed);
    if (!username || (!pct && !fixed)) return [];
    return [{ username, share: (pct ?? fixed)!, kind: pct ? ("percentage" as const) : ("fixed" as const) }];
  });
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** The payer's institution of a PIX payment: its end-to-end id begins with "E" and the ISPB of the institution that sent it. */
function pixInstitution(e2eId: string | null): string | null {
  const m = e2eId ? /^E(\d{8})\d{12}/.exec(e2eId) : null;
  return m ? `ISPB ${m[1]}` : null;
}

function otherPartyOf(row: { type: string | null; source: string | null; method: string | null; payerName: string | null; payerDocument: string | null; e2eId: string | null; network: string | null }, raw: Record<string, unknown>, payout: { kind: string; recipient: unknown; network: string | null } | undefined): OtherParty | null {
  const masked = (d: string | null) => (d ? maskDocument(d) : null);
  if (payout) {
    const r = (payout.recipient ?? {}) as PayoutRecipient;
    const key = r.key && (r.keyType === "cpf" || r.keyType === "cnpj") ? maskDocument(r.key) : (r.key ?? null);
    const address = r.address ? `${r.address.slice(0, 8)}…${r.address.slice(-6)}` : null;
    const account = payout.kind === "transfer" ? `@${r.username ?? ""}` : payout.kind === "spei" ? (r.clabe ? `CLABE ••••${r.clabe.slice(-4)}` : null) : (key ?? address);
    return { role: "recipient", name: r.name ?? row.payerName, document: masked(row.payerDocument), account, institution: r.bankName ?? r.bankCode ?? (payout.network ? chainName(payout.network) : null) };
  }
  if (row.source === "internal_transfer") {
    const user = str(row.type === "cashin" ? raw.from_user : raw.to_user);
    return user ? { role: row.type === "cashin" ? "payer" : "recipient", name: null, document: null, account: `@${user}`, institution: null } : null;
  }
  if (row.type === "conversion" || row.source === "conversion") return null;
  if (!row.payerName && !row.payerDocument) return null;
  return { role: row.type === "cashout" ? "recipient" : "payer", name: row.payerName, document: masked(row.payerDocument), account: null, institution: row.method === "PIX" && row.type === "cashin" ? pixInstitution(row.e2eId) : null };
}

/** A transaction id as the API writes one: printable ASCII, no spaces (anything else, a NUL byte included, finds nothing). */
const TRANSACTION_ID = /^[\x21-\x7e]{1,100}$/;

export async function transactionDetail(db: Db, target: { organizationId: string; environment: ApiEnvironment }, transactionId: string): Promise<TransactionDetailDto | null> {
  if (!TRANSACTION_ID.test(transactionId)) return null;
  const row = await transactionById(db, target, transactionId);
  if (!row) return null;
  const i = schema.webhookInbox;
  const c = schema.charges;
  const p = schema.payouts;
  const f = schema.infractions;
  const u = schema.users;
  const approver = alias(schema.users, "approver");
  const [deliveries, [charge], [payout], disputes] = await Promise.all([
    db
      .select({ id: i.id, at: i.receivedAt, event: i.event, outcome: i.outcome, reason: i.reason, sourceAddress: i.sourceAddress, verification: i.verification })
      .from(i)
      .where(and(inScope(i, target), eq(i.objectId, transactionId)))
      .orderBy(asc(i.id))
      .limit(100),
    // A charge made on the Receive page knows what the list may not carry: its split, its boleto, who made it.
    db
      .select({ id: c.id, request: c.request, boleto: c.boleto, createdAt: c.createdAt, by: u.name })
      .from(c)
      .leftJoin(u, eq(u.id, c.createdBy))
      .where(and(inScope(c, target), eq(c.transactionId, transactionId)))
      .limit(1),
    db
      .select({ kind: p.kind, recipient: p.recipient, network: p.network, createdAt: p.createdAt, by: u.name, decidedAt: p.decidedAt, approvedBy: approver.name })
      .from(p)
      .leftJoin(u, eq(u.id, p.requestedBy))
      .leftJoin(approver, eq(approver.id, p.decidedBy))
      .where(and(inScope(p, target), eq(p.transactionId, transactionId)))
      .limit(1),
    db
      .select({ infractionId: f.infractionId, type: f.type, status: f.status, outcome: f.outcome, amount: f.amount, currency: f.currency, deadlineAt: f.deadlineAt, apiCreatedAt: f.apiCreatedAt, firstSeenAt: f.firstSeenAt, resolvedAt: f.resolvedAt })
      .from(f)
      .where(and(inScope(f, target), eq(f.transactionId, transactionId)))
      .orderBy(desc(f.firstSeenAt))
      .limit(20),
  ]);
  const raw = (row.raw && typeof row.raw === "object" ? row.raw : {}) as Record<string, unknown>;
  const sent = ((charge?.request as { body?: Record<string, unknown> } | undefined)?.body ?? {}) as Record<string, unknown>;
  const counterCurrency = str(raw.counter_currency);
  const counterAmount = str(raw.counter_amount);
  const boleto = boletoOf(raw) ?? (charge?.boleto ? boletoOf(charge.boleto as Record<string, unknown>) : null);
  // Registration only moves forward: whichever of the mirror and the charge says registered is the later word.
  const chargeRegistration = charge?.boleto ? str((charge.boleto as Record<string, unknown>).registration) : null;
  if (boleto && chargeRegistration === "registered") boleto.registration = "registered";
  const dto = toRowDto(row);
  const apiUpdatedAt = str(raw.updated_at);
  const madeHere = charge ? { at: charge.createdAt.toISOString(), by: charge.by } : payout ? { at: payout.createdAt.toISOString(), by: payout.by } : null;
  const story = transactionStory({
    ...dto,
    reportedAt: iso(row.reportedAt),
    expiresAt: iso(row.expiresAt),
    finalSince: iso(row.finalSince),
    apiUpdatedAt: apiUpdatedAt && !Number.isNaN(Date.parse(apiUpdatedAt)) ? new Date(apiUpdatedAt).toISOString() : null,
    errorCode: row.errorCode,
    origin: row.origin,
    deliveries: deliveries.map((d) => ({ event: d.event, at: d.at.toISOString(), outcome: d.outcome })),
    madeHere,
    approval: payout?.decidedAt ? { at: payout.decidedAt.toISOString(), by: payout.approvedBy } : null,
    registration: boleto?.registration ?? null,
    disputes: disputes.map((d) => ({ ...d, openedAt: iso(d.apiCreatedAt ?? d.firstSeenAt), resolvedAt: iso(d.resolvedAt) })),
  });
  return {
    ...dto,
    // The full document stays on the server: what is shown (and sent to the browser) is masked.
    payerDocument: row.payerDocument ? maskDocument(row.payerDocument) : null,
    // By name, for the member to read ("Tron"); the explorer's link is made from the code.
    chain: row.chain ? chainName(row.chain) : null,
    network: row.network ? chainName(row.network) : null,
    explorerUrl: explorerUrl(row.chain ?? row.network, row.txHash),
    errorCode: row.errorCode,
    direction: row.direction,
    description: row.description,
    expiresAt: iso(row.expiresAt),
    origin: row.origin,
    firstSeenAt: row.firstSeenAt.toISOString(),
    finalSince: iso(row.finalSince),
    boleto,
    split: splitOf(raw).length ? splitOf(raw) : splitOf(sent),
    chargeId: charge?.id ?? null,
    counter: counterCurrency && counterAmount ? { currency: counterCurrency, amount: counterAmount } : null,
    story,
    otherParty: otherPartyOf(row, raw, payout),
    hasReceipt: (row.status === "confirmed" || row.status === "refunded") && !!row.amount && !!row.currency,
    disputes: disputes.map((d) => ({ infractionId: d.infractionId, type: d.type, status: d.status, outcome: d.outcome, amount: d.amount, currency: d.currency, deadlineAt: iso(d.deadlineAt) })),
    deliveries: deliveries.map((d) => ({ ...d, at: d.at.toISOString(), verification: (d.verification as DeliveryEntry["verification"]) ?? null })),
  };
}
