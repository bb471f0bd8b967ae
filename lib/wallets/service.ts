/**
 * Fixed wallets (spec "Wallet", "POST /v2/transactions/wallet"): permanent receiving identifiers (a
 * PIX key, a CLABE or a crypto address) that accept deposits at any time without a charge.
 *
 * The API creates wallets but does not list them, so the dashboard keeps the ones it created
 * (`wallets` table) and reads their deposits from the transaction mirror, where the webhook worker
 * links each verified deposit to its wallet (lib/events/mirror.ts `linkWallet`). Every function takes
 * the organisation and environment explicitly and returns plain data.
 *
 * No Next.js imports: the server actions (app/(dashboard)/wallets/actions.ts) and the tests call it.
 */
import { Refusal } from "@/lib/refusal";
import { and, count, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import type { ApiContext } from "@/lib/api-context/context";
import { recordAudit, type Actor } from "@/lib/audit/audit";
import type { WalletResponse } from "@/lib/payment-api";
import { toRowDto, type TransactionRowDto } from "@/lib/transactions/query";
import type { CashInChain } from "@/lib/payments/chains";
import type { CoreCurrency } from "@/lib/payments/currencies";
import type { SandboxControl } from "@/lib/sandbox-control/client";
import { checkDepositAmount, type AmountProblem, type WalletKind } from "./form-schema";

/** How many deposits each wallet shows (the newest); the rest are a click away in Transactions. */
export const DEPOSITS_PER_WALLET = 10;
/** Wallets per page of the Wallets page. */
export const WALLETS_PER_PAGE = 12;
/** Deposits to wallets the dashboard has no record of: how many such wallets are shown. */
const OTHER_WALLETS_MAX = 20;

export type WalletDto = {
  id: string;
  walletId: string;
  currency: string;
  chain: string | null;
  kind: WalletKind | null;
  /** the PIX key, CLABE or address; null if the API answered none of them */
  identifier: string | null;
  minConfirmations: number | null;
  label: string | null;
  createdAt: string;
  createdBy: string | null;
};

/** A deposit, as the Transactions table shows a row (lib/transactions/query.ts). */
export type WalletDepositDto = TransactionRowDto;

/** What a wallet received: the confirmed deposits' sums (exact NUMERIC sums from PostgreSQL). */
export type WalletTotals = {
  /** every deposit the mirror links to the wallet, whatever its status */
  depositCount: number;
  confirmedCount: number;
  /** gross, as a decimal string */
  received: string;
  /** after the provider's fees */
  receivedNet: string;
  lastDepositAt: string | null;
};

export type WalletSummaryDto = WalletDto & WalletTotals & { deposits: WalletDepositDto[] };
export type OtherWalletDto = WalletTotals & { walletId: string; currency: string | null; deposits: WalletDepositDto[] };

export type WalletPage = {
  wallets: WalletSummaryDto[];
  total: number;
  page: number;
  pages: number;
  /** deposits the mirror links to wallets not in this dashboard's list */
  others: OtherWalletDto[];
};

type WalletRow = typeof schema.wallets.$inferSelect;

export function kindAndIdentifier(r: Pick<WalletRow, "pixKey" | "clabe" | "address">): { kind: WalletKind | null; identifier: string | null } {
  if (r.pixKey) return { kind: "pix_key", identifier: r.pixKey };
  if (r.clabe) return { kind: "clabe", identifier: r.clabe };
  if (r.address) return { kind: "address", identifier: r.address };
  return { kind: null, identifier: null };
}

function toWalletDto(r: WalletRow, createdBy: string | null): WalletDto {
  return {
    id: r.id,
    walletId: r.walletId,
    currency: r.currency,
    chain: r.chain,
    ...kindAndIdentifier(r),
    minConfirmations: r.minConfirmations,
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    createdBy,
  };
}

// --- create ---------------------------------------------------------------------------------------

export type CreateWalletInput = { currency: CoreCurrency; chain?: CashInChain; label?: string };

/**
 * Creates a wallet through the organisation's API context and keeps it. The call is made once
 * (never repeated: no external_id exists for wallets); what the API answered is stored with the
 * member who asked, and the creation goes to the audit log. A failure is thrown as it came
 * (PaymentApiError or ApiContextError): `describeWalletFailure` puts it in words.
 */
export async function createWallet(deps: { db: Db; ctx: ApiContext }, target: Scope, actor: Actor, input: CreateWalletInput): Promise<WalletDto> {
  const { db, ctx } = deps;
  const res = await ctx.call(target, { userId: actor.userId }, (c) => c.wallets.create({ currency: input.currency, ...(input.chain ? { chain: input.chain } : {}) }).withResponse());
  const w: WalletResponse = res.data;
  const label = input.label?.trim() || null;
  const values = {
    organizationId: target.organizationId,
    environment: target.environment,
    walletId: w.wallet_id,
    currency: w.currency || input.currency,
    chain: w.chain ?? input.chain ?? null,
    address: w.address ?? null,
    pixKey: w.pix_key ?? null,
    clabe: w.clabe ?? null,
    minConfirmations: w.min_confirmations ?? null,
    label,
    raw: w as object,
    createdBy: actor.userId,
  };
  let row: WalletRow | undefined;
  try {
    [row] = await db.insert(schema.wallets).values(values).onConflictDoNothing().returning();
    // Already kept (the same wallet id twice): the first record stays.
    row ??= (await findWalletRow(db, target, w.wallet_id)) ?? undefined;
  } catch (e) {
    // The wallet exists at the provider: say which, so it can be recorded by hand.
    console.error(`[wallets] wallet ${w.wallet_id} (${values.currency}) was created but could not be stored`, e);
    throw e;
  }
  await recordAudit(db, {
    organizationId: target.organizationId,
    actor,
    action: "wallet.created",
    target: w.wallet_id,
    details: { environment: target.environment, currency: values.currency, chain: values.chain, label, requestId: res.requestId },
  });
  return toWalletDto(row!, null);
}

async function findWalletRow(db: Db, target: Scope, walletId: string): Promise<WalletRow | null> {
  const w = schema.wallets;
  const [row] = await db
    .select()
    .from(w)
    .where(and(inScope(w, target), eq(w.walletId, walletId)))
    .limit(1);
  return row ?? null;
}

/** One of the organisation's wallets in an environment, or null (another organisation's is not found). */
export async function findWallet(db: Db, target: Scope, walletId: string): Promise<WalletDto | null> {
  const row = await findWalletRow(db, target, walletId);
  return row ? toWalletDto(row, null) : null;
}

// --- list -----------------------------------------------------------------------------------------

const t = schema.transactions;

const mirrorOf = (target: Scope) => inScope(t, target);

/**
 * The newest `perWallet` deposits of each wallet, in one statement: ranked per wallet over the
 * (organisation, environment, wallet, date) index, so a wallet with thousands of deposits costs no
 * more than one with ten.
 */
async function latestDeposits(db: Db, target: Scope, walletIds: string[], perWallet: number): Promise<Map<string, WalletDepositDto[]>> {
  const out = new Map<string, WalletDepositDto[]>();
  if (!walletIds.length) return out;
  const ranked = db
    .select({
      walletId: t.walletId,
      transactionId: t.transactionId,
      externalId: t.externalId,
      type: t.type,
      source: t.source,
      method: t.method,
      webhookEvent: t.webhookEvent,
      status: t.status,
      reportedStatus: t.reportedStatus,
      amount: t.amount,
      fee: t.fee,
      amountNet: t.amountNet,
      currency: t.currency,
      payerName: t.payerName,
      payerDocument: t.payerDocument,
      e2eId: t.e2eId,
      txHash: t.txHash,
      apiCreatedAt: t.apiCreatedAt,
      firstSeenAt: t.firstSeenAt,
      verifiedAt: t.verifiedAt,
      rank: sql<number>`row_number() over (partition by ${t.walletId} order by ${t.apiCreatedAt} desc nulls last, ${t.transactionId} desc)`.as("rank"),
    })
    .from(t)
    .where(and(mirrorOf(target), inArray(t.walletId, walletIds)))
    .as("ranked");
  const rows = await db.select().from(ranked).where(lte(ranked.rank, perWallet)).orderBy(ranked.walletId, ranked.rank);
  for (const r of rows) {
    const list = out.get(r.walletId!) ?? [];
    list.push(toRowDto(r));
    out.set(r.walletId!, list);
  }
  return out;
}

const totalsColumns = {
  walletId: t.walletId,
  currency: sql<string | null>`max(${t.currency})`,
  depositCount: sql<number>`count(*)::int`,
  confirmedCount: sql<number>`(count(*) filter (where ${t.status} = 'confirmed'))::int`,
  // NUMERIC sums, read as text: exact, never a binary float.
  received: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.status} = 'confirmed'), 0)::text`,
  receivedNet: sql<string>`coalesce(sum(coalesce(${t.amountNet}, ${t.amount})) filter (where ${t.status} = 'confirmed'), 0)::text`,
  lastDepositAt: sql<string | null>`max(coalesce(${t.apiCreatedAt}, ${t.firstSeenAt}))::text`,
};

type TotalsRow = { walletId: string | null; currency: string | null; depositCount: number; confirmedCount: number; received: string; receivedNet: string; lastDepositAt: string | null };

const EMPTY_TOTALS: WalletTotals = { depositCount: 0, confirmedCount: 0, received: "0", receivedNet: "0", lastDepositAt: null };

function toTotals(r: TotalsRow | undefined): WalletTotals {
  if (!r) return EMPTY_TOTALS;
  return {
    depositCount: Number(r.depositCount),
    confirmedCount: Number(r.confirmedCount),
    received: r.received,
    receivedNet: r.receivedNet,
    lastDepositAt: r.lastDepositAt ? new Date(r.lastDepositAt).toISOString() : null,
  };
}

/**
 * A page of the organisation's wallets in an environment (newest first), each with its totals and
 * its newest deposits; and the deposits the mirror links to wallets this dashboard did not create
 * (made by another integration, or a creation whose answer was lost).
 */
export async function listWallets(db: Db, target: Scope, opts: { page?: number; pageSize?: number; depositsPerWallet?: number } = {}): Promise<WalletPage> {
  const pageSize = Math.max(1, Math.min(opts.pageSize ?? WALLETS_PER_PAGE, 100));
  const perWallet = Math.max(1, Math.min(opts.depositsPerWallet ?? DEPOSITS_PER_WALLET, 100));
  const w = schema.wallets;
  const mine = inScope(w, target);
  const [[n], others] = await Promise.all([db.select({ n: count() }).from(w).where(mine), otherWallets(db, target, perWallet)]);
  const total = Number(n?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.max(1, Math.min(Math.floor(opts.page ?? 1), pages));
  const rows = await db
    .select({ wallet: w, createdBy: schema.users.name })
    .from(w)
    .leftJoin(schema.users, eq(schema.users.id, w.createdBy))
    .where(mine)
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = rows.map((r) => r.wallet.walletId);
  const [totals, deposits] = await Promise.all([
    ids.length
      ? db
          .select(totalsColumns)
          .from(t)
          .where(and(mirrorOf(target), inArray(t.walletId, ids)))
          .groupBy(t.walletId)
      : Promise.resolve([] as TotalsRow[]),
    latestDeposits(db, target, ids, perWallet),
  ]);
  const totalsBy = new Map(totals.map((r) => [r.walletId!, r]));
  return {
    wallets: rows.map((r) => ({
      ...toWalletDto(r.wallet, r.createdBy ?? null),
      ...toTotals(totalsBy.get(r.wallet.walletId)),
      deposits: deposits.get(r.wallet.walletId) ?? [],
    })),
    total,
    page,
    pages,
    others,
  };
}

async function otherWallets(db: Db, target: Scope, perWallet: number): Promise<OtherWalletDto[]> {
  const w = schema.wallets;
  const rows = await db
    .select(totalsColumns)
    .from(t)
    .where(
      and(
        mirrorOf(target),
        isNotNull(t.walletId),
        sql`not exists (select 1 from ${w} where ${w.organizationId} = ${t.organizationId} and ${w.environment} = ${t.environment} and ${w.walletId} = ${t.walletId})`,
      ),
    )
    .groupBy(t.walletId)
    .orderBy(sql`max(coalesce(${t.apiCreatedAt}, ${t.firstSeenAt})) desc`)
    .limit(OTHER_WALLETS_MAX);
  if (!rows.length) return [];
  const deposits = await latestDeposits(db, target, rows.map((r) => r.walletId!), Math.min(perWallet, 5));
  return rows.map((r) => ({ walletId: r.walletId!, currency: r.currency, ...toTotals(r), deposits: deposits.get(r.walletId!) ?? [] }));
}

// --- the sandbox's "Simulate deposit" -------------------------------------------------------------

export class WalletRefused extends Refusal<"NOT_FOUND" | "NOT_SANDBOX" | "AMOUNT"> {
  constructor(
    code: WalletRefused["code"],
    readonly problem?: AmountProblem,
  ) {
    super(code, problem?.key ?? (code === "NOT_SANDBOX" ? "wallets.errors.sandboxOnly" : "wallets.errors.notFound"), problem?.vars, problem ? "amount" : undefined);
  }
}

/**
 * A deposit into one of the organisation's sandbox wallets, through the sandbox's control API
 * (POST /sandbox/wallets/{wallet_id}/deposit). Nothing is written here: the sandbox sends the
 * deposit's webhooks (wallet_deposit, cashin.confirmed) to the intake like a real provider, and the
 * worker puts it in the mirror under its wallet after reading it back. The caller decides whether the
 * sandbox tools are available (lib/sandbox-control/tools.ts) and passes the control client; the
 * simulation goes to the audit log (money appears in the sandbox account).
 */
export async function simulateWalletDeposit(
  db: Db,
  control: Pick<SandboxControl, "deposit">,
  target: Scope,
  actor: Actor,
  input: { walletId: string; amount: string; payer?: { name: string; document: string } },
): Promise<{ transactionId: string; amount: string; currency: string }> {
  if (target.environment !== "sandbox") throw new WalletRefused("NOT_SANDBOX");
  const wallet = await findWalletRow(db, target, input.walletId);
  if (!wallet) throw new WalletRefused("NOT_FOUND");
  const checked = checkDepositAmount(input.amount, wallet.currency);
  if (!checked.ok) throw new WalletRefused("AMOUNT", checked.problem);
  // A JSON number only here, at the boundary: checkDepositAmount keeps it within 15 significant digits, so it is exact.
  const res = await control.deposit(wallet.walletId, { amount: Number(checked.amount), ...(input.payer ? { payer: input.payer } : {}) });
  await recordAudit(db, {
    organizationId: target.organizationId,
    actor,
    action: "wallet.deposit_simulated",
    target: wallet.walletId,
    details: { environment: target.environment, transactionId: res.transaction_id, amount: checked.amount, currency: wallet.currency },
  });
  return { transactionId: res.transaction_id, amount: checked.amount, currency: wallet.currency };
}
