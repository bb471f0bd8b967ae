/**
 * Charges (Receive): created through the organisation's API context, never twice.
 *
 * The charge is written before the call, keyed by (organisation, environment, external_id), with the
 * exact body that will be sent. A double submit, a retry after a lost answer or a reload sends the
 * same external_id with the same body, and the spec's rule 5 ("the same external_id with the same
 * body returns the original transaction") makes it one charge. A refusal the API gave (4xx) marks the
 * charge failed, so a corrected form may be sent again under the same reference; an unknown outcome
 * (timeout, 5xx, connection lost) keeps it "sending", and only the same body may follow.
 *
 * No Next.js imports: tests and scripts call it with a database and an API context of their own.
 */
import { Refusal } from "@/lib/refusal";
import { claim } from "@/lib/outbound/claim";
import { randomBytes } from "node:crypto";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { byIdInScope, columnsOf, inScope, isRowId, type Db, type Scope } from "@/lib/db/scope";
import { ApiContextError, type ApiContext } from "@/lib/api-context/context";
import { callOutcome } from "@/lib/api-context/outcome";
import { isPaymentApiError, type Transaction } from "@/lib/payment-api";
import { applyApiTransaction } from "@/lib/events/mirror";
import { publish } from "@/lib/events/live";
import { postbackUrlFor } from "@/lib/events/intake";
import { toChargeRequest, type ChargeForm, type ChargeRequest } from "./form";

export type ChargeDeps = { db: Db; ctx: ApiContext; publicBaseUrl: string };

/** A charge refused by the dashboard itself (the API's own refusals come as PaymentApiError). */
export class ChargeRefused extends Refusal<"INTERNAL_CONFLICT" | "EXTERNAL_ID_USED" | "EXTERNAL_ID_PENDING"> {
  constructor(code: ChargeRefused["code"], field?: string) {
    super(code, `charges.errors.${code}`, undefined, field);
  }
}

export type PaymentInfoDto = {
  qrcode?: string | null;
  expires_at?: string | null;
  address?: string | null;
  chain?: string | null;
  network?: string | null;
  min_confirmations?: number | null;
  clabe?: string | null;
  bank_code?: string | null;
};
/** `pix_qrcode`: the PIX code of a hybrid boleto (PIX_BOLETO), when the API gives one (not in the spec's layout). */
export type BoletoDto = { barcode: string; digitable_line: string; url: string | null; due_date: string; registration: string; pix_qrcode?: string | null };

/** The code a failed charge keeps: the API's, the client's, or the context's. */
const failureCode = (e: unknown): string => (isPaymentApiError(e) || ApiContextError.is(e) ? e.code : "ERROR");

export async function createCharge(deps: ChargeDeps, target: Scope, userId: string | null, form: ChargeForm): Promise<{ id: string; replayed: boolean }> {
  const { db } = deps;
  const c = schema.charges;
  const { request, currency, amount, chain } = toChargeRequest(form);
  const externalId = form.externalId.trim();
  const payer = (request.body as { payer: unknown }).payer;

  const claimed = await claim(
    db,
    c,
    target,
    {
      organizationId: target.organizationId,
      environment: target.environment,
      externalId,
      method: form.method,
      currency,
      chain,
      amount,
      payer,
      request,
      description: form.description?.trim() || null,
      payToken: randomBytes(32).toString("base64url"),
      createdBy: userId,
    },
    () => new ChargeRefused("INTERNAL_CONFLICT"),
  );

  let id: string;
  if (claimed.fresh) id = claimed.id;
  else {
    const { row: existing, same } = claimed;
    if (existing.state === "created") {
      if (same) return { id: existing.id, replayed: true };
      throw new ChargeRefused("EXTERNAL_ID_USED", "externalId");
    }
    if (existing.state === "sending" && !same) {
      // The API may hold the first body under this reference: a different one would be refused.
      throw new ChargeRefused("EXTERNAL_ID_PENDING", "externalId");
    }
    if (!same) {
      await db
        .update(c)
        .set({ request, method: form.method, currency, chain, amount, payer, description: form.description?.trim() || null, state: "sending", errorCode: null, updatedAt: new Date() })
        .where(eq(c.id, existing.id));
    }
    id = existing.id;
  }
  await send(deps, target, userId, id, request);
  return { id, replayed: false };
}

async function send(deps: ChargeDeps, target: Scope, userId: string | null, id: string, request: ChargeRequest): Promise<void> {
  const { db, ctx } = deps;
  const c = schema.charges;
  const postback_url = await postbackUrlFor(db, target.organizationId, target.environment, deps.publicBaseUrl);
  const body: Record<string, unknown> = { ...request.body, postback_url };
  let tx: Transaction;
  let paymentInfo: PaymentInfoDto | null = null;
  let boleto: BoletoDto | null = null;
  try {
    if (request.kind === "boleto") {
      const r = await ctx.call(target, { userId }, (client) => client.boleto.create(body as never));
      const pix = (r.boleto as { pix_qrcode?: unknown }).pix_qrcode ?? (r as { pix_qrcode?: unknown }).pix_qrcode;
      boleto = {
        barcode: r.boleto.barcode,
        digitable_line: r.boleto.digitable_line,
        url: r.boleto.url ?? null,
        due_date: r.boleto.due_date,
        registration: String(r.boleto.registration),
        pix_qrcode: typeof pix === "string" ? pix : null,
      };
      tx = {
        transaction_id: r.transaction_id,
        external_id: r.external_id ?? (body.external_id as string),
        type: "cashin",
        source: "cashin",
        status: r.status,
        amount: r.amount ?? null,
        fee: (r as { fee?: unknown }).fee ?? null,
        amount_net: (r as { amount_net?: unknown }).amount_net ?? null,
        payment_method: (r.payment_method as string | null) ?? (body.method as string),
        currency: "BRL",
        payer_name: (body.payer as { name: string }).name,
        payer_document: (body.payer as { document: string }).document,
        created_at: new Date().toISOString(),
      } as Transaction;
    } else {
      const r = await ctx.call(target, { userId }, (client) => client.cashin.create(body as never));
      const pi = r.payment_info ?? {};
      paymentInfo = {
        qrcode: pi.qrcode ?? null,
        expires_at: pi.expires_at ?? r.expires_at ?? null,
        address: pi.address ?? r.deposit_address ?? null,
        chain: pi.chain ?? r.chain ?? null,
        network: pi.network ?? null,
        min_confirmations: pi.min_confirmations ?? null,
        clabe: pi.clabe ?? null,
        bank_code: pi.bank_code ?? null,
      };
      const currency = body.currency as string;
      tx = {
        transaction_id: r.transaction_id,
        external_id: body.external_id as string,
        type: "cashin",
        source: "cashin",
        status: r.status,
        amount: r.amount ?? null,
        fee: r.fee ?? null,
        amount_net: r.amount_net ?? null,
        payment_method: currency === "BRL" ? "PIX" : currency === "MXN" ? "SPEI" : "CRYPTO",
        currency,
        chain: (body.chain as string | undefined) ?? null,
        deposit_address: paymentInfo.address,
        expires_at: paymentInfo.expires_at,
        payer_name: (body.payer as { name: string }).name,
        payer_document: (body.payer as { document: string }).document,
        created_at: new Date().toISOString(),
      } as Transaction;
    }
  } catch (e) {
    // Refused, or never sent (the provider not answering, the budget): nothing exists there, and
    // the charge may go again, corrected or not. Unknown: it stays "sending", same body only.
    if (callOutcome(e) !== "unknown") {
      await db.update(c).set({ state: "failed", errorCode: failureCode(e), updatedAt: new Date() }).where(eq(c.id, id));
    }
    throw e;
  }
  const expiresAt = tx.expires_at ? new Date(tx.expires_at) : null;
  await db
    .update(c)
    .set({
      state: "created",
      errorCode: null,
      transactionId: tx.transaction_id,
      paymentInfo,
      boleto,
      expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
      updatedAt: new Date(),
    })
    .where(eq(c.id, id));
  await applyApiTransaction(db, target, tx, "dashboard");
  await publish(db, target.organizationId, target.environment, "transaction", { transactionId: tx.transaction_id, status: tx.status, chargeId: id });
}

// --- reads ------------------------------------------------------------------------------------------

export type ChargeView = {
  id: string;
  externalId: string;
  method: schema.ChargeMethod;
  currency: string;
  chain: string | null;
  amount: string;
  payer: { name?: string; document?: string; email?: string; phone?: string };
  state: schema.ChargeState;
  errorCode: string | null;
  transactionId: string | null;
  paymentInfo: PaymentInfoDto | null;
  boleto: BoletoDto | null;
  expiresAt: string | null;
  description: string | null;
  payToken: string;
  payEnabled: boolean;
  createdAt: string;
  /** the mirror's view of it */
  status: string | null;
  reportedStatus: string | null;
  fee: string | null;
  amountNet: string | null;
  e2eId: string | null;
  txHash: string | null;
  verifiedAt: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function selection() {
  const c = schema.charges;
  const t = schema.transactions;
  return {
    ...columnsOf(c, ["id", "externalId", "method", "currency", "chain", "amount", "payer", "state", "errorCode", "transactionId", "paymentInfo", "boleto", "expiresAt", "description", "payToken", "payEnabled", "createdAt"]),
    ...columnsOf(t, ["status", "reportedStatus", "fee", "amountNet", "e2eId", "txHash", "verifiedAt"]),
  };
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number];
function baseQuery(db: Db) {
  const c = schema.charges;
  const t = schema.transactions;
  return db
    .select(selection())
    .from(c)
    .leftJoin(t, and(inScope(t, c), eq(t.transactionId, c.transactionId)));
}

function toView(r: Row): ChargeView {
  return {
    ...r,
    amount: String(r.amount),
    payer: (r.payer ?? {}) as ChargeView["payer"],
    paymentInfo: (r.paymentInfo as PaymentInfoDto | null) ?? null,
    boleto: (r.boleto as BoletoDto | null) ?? null,
    expiresAt: iso(r.expiresAt),
    createdAt: r.createdAt.toISOString(),
    verifiedAt: iso(r.verifiedAt),
  };
}

async function views(db: Db, where: SQL, limit: number): Promise<ChargeView[]> {
  const rows = await baseQuery(db).where(where).orderBy(desc(schema.charges.createdAt)).limit(limit);
  return rows.map(toView);
}

export async function getCharge(db: Db, target: Scope, id: string): Promise<ChargeView | null> {
  if (!isRowId(id)) return null;
  const [view] = await views(db, byIdInScope(schema.charges, target, id), 1);
  return view ?? null;
}

export async function listCharges(db: Db, target: Scope, limit = 20): Promise<ChargeView[]> {
  return views(db, inScope(schema.charges, target), limit);
}

export type RecentPayer = { name: string; document: string; email: string | null; phone: string | null; address: Record<string, string> | null; currency: string };

/**
 * How far back "recent" reaches: the latest distinct payers (by document) among the organisation's
 * last this-many charges. Without a bound every charge was read and sorted by document on each
 * visit after a new charge (≈ 7 ms with a few thousand on PGlite, growing with the history); with
 * it, the newest charges by their index.
 */
export const RECENT_PAYER_WINDOW = 500;

/** The latest distinct payers (by document) of the organisation's recent charges, for "fill from a recent payer". */
export async function recentPayers(db: Db, target: Scope, limit = 8): Promise<RecentPayer[]> {
  const result = await db.execute(sql`
    select payer, currency from (
      select distinct on (payer->>'document') payer, currency, created_at
      from (
        select payer, currency, created_at from charges
        where organization_id = ${target.organizationId} and environment = ${target.environment}
        order by created_at desc limit ${RECENT_PAYER_WINDOW}
      ) latest
      where payer->>'document' is not null
      order by payer->>'document', created_at desc
    ) p order by created_at desc limit ${limit}`);
  return (result as unknown as { rows: { payer: Record<string, unknown>; currency: string }[] }).rows.map((r) => ({
    name: String(r.payer.name ?? ""),
    document: String(r.payer.document ?? ""),
    email: typeof r.payer.email === "string" ? r.payer.email : null,
    phone: typeof r.payer.phone === "string" ? r.payer.phone : null,
    address: (r.payer.address as Record<string, string> | undefined) ?? null,
    currency: r.currency,
  }));
}

export async function setPayEnabled(db: Db, target: Scope, id: string, enabled: boolean): Promise<boolean> {
  const c = schema.charges;
  const rows = await db
    .update(c)
    .set({ payEnabled: enabled, updatedAt: new Date() })
    .where(byIdInScope(c, target, id))
    .returning({ id: c.id });
  return rows.length > 0;
}

// --- the public payment page -----------------------------------------------------------------------

/** What a payer may see: nothing that names a member, another charge, or opens anything else. */
export type PublicCharge = {
  merchant: string;
  method: schema.ChargeMethod;
  currency: string;
  chain: string | null;
  amount: string;
  description: string | null;
  status: "pending" | "paid" | "expired" | "refunded" | "cancelled" | "failed";
  verifying: boolean;
  expiresAt: string | null;
  paymentInfo: PaymentInfoDto | null;
  boleto: BoletoDto | null;
  /** the provider's clock minus ours: expiry is judged on the provider's clock (the countdown too) */
  clockOffsetMs: number;
};

/** How long a paid charge's page still answers (the payer's proof), after which it is gone. */
export const PAID_PAGE_GRACE_MS = 24 * 3600_000;

function publicStatus(status: string | null): PublicCharge["status"] {
  switch (status) {
    case "confirmed":
      return "paid";
    case "expired":
    case "refunded":
    case "cancelled":
    case "failed":
      return status;
    default:
      return "pending";
  }
}

/**
 * The charge behind a payment page token, or null when the page must not answer: unknown token,
 * turned off, not created, expired, cancelled, failed, refunded, or paid more than a day ago.
 */
export async function publicCharge(db: Db, token: string, now = Date.now()): Promise<PublicCharge | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const c = schema.charges;
  const t = schema.transactions;
  const o = schema.organizations;
  const [r] = await db
    .select({
      merchant: o.name,
      method: c.method,
      currency: c.currency,
      chain: c.chain,
      amount: c.amount,
      description: c.description,
      state: c.state,
      payEnabled: c.payEnabled,
      expiresAt: c.expiresAt,
      paymentInfo: c.paymentInfo,
      boleto: c.boleto,
      status: t.status,
      reportedStatus: t.reportedStatus,
      finalSince: t.finalSince,
      clockOffsetMs: schema.apiCredentials.clockOffsetMs,
    })
    .from(c)
    .innerJoin(o, eq(o.id, c.organizationId))
    .leftJoin(t, and(inScope(t, c), eq(t.transactionId, c.transactionId)))
    .leftJoin(
      schema.apiCredentials,
      and(inScope(schema.apiCredentials, c), eq(schema.apiCredentials.status, "active")),
    )
    .where(eq(c.payToken, token))
    .limit(1);
  if (!r || !r.payEnabled || r.state !== "created") return null;
  const clockOffsetMs = r.clockOffsetMs ?? 0;
  // Expiry is the provider's: judged on its clock.
  const providerNow = now + clockOffsetMs;
  const status = publicStatus(r.status);
  if (status === "paid") {
    if (r.finalSince && now - r.finalSince.getTime() > PAID_PAGE_GRACE_MS) return null;
  } else if (status !== "pending") return null;
  else if (r.expiresAt && r.expiresAt.getTime() <= providerNow) return null;
  else if (r.boleto && (r.boleto as BoletoDto).due_date < new Date(providerNow - 86_400_000).toISOString().slice(0, 10)) return null;
  return {
    merchant: r.merchant,
    method: r.method,
    currency: r.currency,
    chain: r.chain,
    amount: String(r.amount),
    description: r.description,
    status,
    verifying: r.reportedStatus !== null && status === "pending",
    expiresAt: iso(r.expiresAt),
    paymentInfo: (r.paymentInfo as PaymentInfoDto | null) ?? null,
    boleto: (r.boleto as BoletoDto | null) ?? null,
    clockOffsetMs,
  };
}
