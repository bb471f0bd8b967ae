/**
 * One transaction as its detail sheet shows it: the mirror's row, the webhook deliveries and
 * verifications received for it (its timeline), what the API's raw answer carries beyond the
 * columns (boleto line and barcode, split), where to see it on its chain, and its MED disputes.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db } from "@/lib/db/scope";
import type { ApiEnvironment } from "@/lib/db/schema";
import { isChainCode, type ChainCode } from "@/lib/payments/chains";
import { toRowDto, transactionById, type TransactionRowDto } from "./query";

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

export type TimelineEntry = {
  id: number;
  at: string;
  event: string | null;
  outcome: schema.WebhookOutcome;
  reason: string | null;
  sourceAddress: string | null;
  verification: { result?: string; apiStatus?: string; claimedStatus?: string; requestId?: string; at?: string } | null;
};

export type SplitEntry = { username: string; share: string; kind: "percentage" | "fixed" };

export type TransactionDetailDto = TransactionRowDto & {
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
  timeline: TimelineEntry[];
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

export async function transactionDetail(db: Db, target: { organizationId: string; environment: ApiEnvironment }, transactionId: string): Promise<TransactionDetailDto | null> {
  const row = await transactionById(db, target, transactionId);
  if (!row) return null;
  const i = schema.webhookInbox;
  const deliveries = await db
    .select({ id: i.id, at: i.receivedAt, event: i.event, outcome: i.outcome, reason: i.reason, sourceAddress: i.sourceAddress, verification: i.verification })
    .from(i)
    .where(and(inScope(i, target), eq(i.objectId, transactionId)))
    .orderBy(asc(i.id))
    .limit(100);
  const raw = (row.raw && typeof row.raw === "object" ? row.raw : {}) as Record<string, unknown>;
  // A charge made on the Receive page knows what the list may not carry: its split and its boleto.
  const c = schema.charges;
  const [charge] = await db
    .select({ id: c.id, request: c.request, boleto: c.boleto })
    .from(c)
    .where(and(inScope(c, target), eq(c.transactionId, transactionId)))
    .limit(1);
  const f = schema.infractions;
  const disputes = await db
    .select({ infractionId: f.infractionId, type: f.type, status: f.status, outcome: f.outcome, amount: f.amount, currency: f.currency, deadlineAt: f.deadlineAt })
    .from(f)
    .where(and(inScope(f, target), eq(f.transactionId, transactionId)))
    .orderBy(desc(f.firstSeenAt))
    .limit(20);
  const sent = ((charge?.request as { body?: Record<string, unknown> } | undefined)?.body ?? {}) as Record<string, unknown>;
  const counterCurrency = str(raw.counter_currency);
  const counterAmount = str(raw.counter_amount);
  const boleto = boletoOf(raw) ?? (charge?.boleto ? boletoOf(charge.boleto as Record<string, unknown>) : null);
  // Registration only moves forward: whichever of the mirror and the charge says registered is the later word.
  const chargeRegistration = charge?.boleto ? str((charge.boleto as Record<string, unknown>).registration) : null;
  if (boleto && chargeRegistration === "registered") boleto.registration = "registered";
  return {
    ...toRowDto(row),
    chain: row.chain,
    network: row.network,
    explorerUrl: explorerUrl(row.chain ?? row.network, row.txHash),
    errorCode: row.errorCode,
    direction: row.direction,
    description: row.description,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    origin: row.origin,
    firstSeenAt: row.firstSeenAt.toISOString(),
    finalSince: row.finalSince?.toISOString() ?? null,
    boleto,
    split: splitOf(raw).length ? splitOf(raw) : splitOf(sent),
    chargeId: charge?.id ?? null,
    counter: counterCurrency && counterAmount ? { currency: counterCurrency, amount: counterAmount } : null,
    disputes: disputes.map((d) => ({ ...d, deadlineAt: d.deadlineAt?.toISOString() ?? null })),
    timeline: deliveries.map((d) => ({ ...d, at: d.at.toISOString(), verification: (d.verification as TimelineEntry["verification"]) ?? null })),
  };
}
