/**
 * Bulk payouts: a CSV of PIX, SPEI and crypto payouts, every row checked (with the Send form's own
 * rules, lib/payouts/form.ts) and shown with its error before anything is sent; the valid rows are
 * written as one batch, approved as one by the organisation's policy, and sent row by row by a
 * runner that keeps under the cash-out budget, survives a crash and never sends a row twice.
 *
 * Never twice: each row is a payout written before the call with its exact body and an external_id
 * derived from the batch and the row (`${reference}-${row}`). A runner holds a batch by a lease
 * (`lease_until`) it renews while it works; when it dies the lease lapses and another instance takes
 * the batch over. A row left "sending" (the call went out, no answer was recorded) is sent again with
 * the same body, which the API's idempotency (spec rule 5) answers with the same transaction. A row
 * whose request was never sent (the provider not answering: lib/api-context/outcome.ts) goes back to
 * the queue and the batch pauses; a row the API refused is failed.
 *
 * No Next.js imports: tests, the benchmark and the runtime (bulk-runtime.ts) call it directly.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db } from "@/lib/db/scope";
import { callOutcome } from "@/lib/api-context/outcome";
import { isPaymentApiError } from "@/lib/payment-api";
import { publish } from "@/lib/events/live";
import { Money } from "@/lib/payments/money";
import type { Translate } from "@/lib/i18n";
import { csvRow } from "@/lib/csv";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { payoutFormSchema, toPayoutPlan, type PayoutForm, type PayoutPlan, type PayoutRecipient } from "./form";
import { getApprovalPolicy, needsApproval, sendPayout, type PayoutDeps, type PayoutTarget, type PayoutView } from "./service";

/** At most this many rows and bytes per file (a server action carries the file: 1 MB at most). */
export const BULK_MAX_ROWS = 1_000;
export const BULK_MAX_BYTES = 500_000;

/** The template's columns, in order; `type` and `amount` are required, the rest depend on the type. */
export const BULK_COLUMNS = ["type", "amount", "pix_key_type", "pix_key", "clabe", "name", "coin", "network", "address", "description"] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
const REQUIRED_COLUMNS: BulkColumn[] = ["type", "amount"];

/** The form's field → the CSV column it comes from (errors name the column the member sees). */
const COLUMN_OF_FIELD: Record<string, BulkColumn> = {
  kind: "type",
  amount: "amount",
  keyType: "pix_key_type",
  pixKey: "pix_key",
  clabe: "clabe",
  name: "name",
  coin: "coin",
  network: "network",
  address: "address",
  description: "description",
};

/** A template with one example row of each type (valid in the sandbox). */
export function bulkTemplate(): string {
  return [
    BULK_COLUMNS.join(","),
    'pix,"125,50",cpf,529.982.247-25,,,,,,Invoice 1042',
    "pix,80.00,email,ana.souza@example.com,,,,,,Refund order 77",
    "spei,1500,,,002180001234567896,María López,,,,Proveedor marzo",
    "crypto,250,,,,,USDT,tron,TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf,Contractor payout",
  ].join("\r\n") + "\r\n";
}

// --- CSV (RFC 4180) -----------------------------------------------------------------------------

export type CsvParse = { ok: true; records: string[][] } | { ok: false; error: string };

/**
 * Records of a CSV text: fields separated by `delimiter`, quoted with double quotes (a quote inside
 * doubled), records ended by CRLF or LF (inside quotes a line break is data). A byte-order mark is
 * dropped. An unclosed quote is an error naming the line where it opened.
 */
export function parseCsv(text: string, delimiter = ","): CsvParse {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  let line = 1;
  let quoted = false;
  let quoteLine = 0;
  let fieldStarted = false;
  const endField = () => {
    record.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < s.length) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === "\n") line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && !fieldStarted && field === "") {
      quoted = true;
      fieldStarted = true;
      quoteLine = line;
      i++;
      continue;
    }
    if (c === delimiter) {
      endField();
      i++;
      continue;
    }
    if (c === "\r" && s[i + 1] === "\n") {
      endRecord();
      line++;
      i += 2;
      continue;
    }
    if (c === "\n" || c === "\r") {
      endRecord();
      line++;
      i++;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  if (quoted) return { ok: false, error: `bulk.errors.unclosedQuote|line=${quoteLine}` };
  if (field !== "" || fieldStarted || record.length > 0) endRecord();
  return { ok: true, records };
}

/** A comma, unless the header is separated by semicolons (spreadsheets in Brazil and Mexico save so). */
export function detectDelimiter(text: string): "," | ";" {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const commas = firstLine.split(",").length - 1;
  const semicolons = firstLine.split(";").length - 1;
  return semicolons > commas ? ";" : ",";
}

// --- validation -----------------------------------------------------------------------------------

/** `message`: a message key ("key|name=value" carries figures) or text; `column`: the CSV column, when one is at fault. */
export type RowError = { column: string | null; message: string };

export type BulkRow = {
  /** the data row: 1 = the first row under the header (the external_id ends with it) */
  line: number;
  kind: string;
  amount: string;
  currency: string | null;
  /** the recipient as typed (key, CLABE and name, or address and network) */
  recipient: string;
  description: string | null;
  plan: PayoutPlan | null;
  errors: RowError[];
};

export type BulkParse =
  | { ok: true; rows: BulkRow[]; valid: number; invalid: number; totals: Record<string, string> }
  | { ok: false; error: string };

const ref = (reference: string, line: number) => `${reference}-${line}`;
/** External ids of the preview (the batch's reference is fixed when it is created: same length). */
const PREVIEW_REFERENCE = "PREVIEW000";

function recipientOf(get: (c: BulkColumn) => string, kind: string): string {
  if (kind === "pix") return [get("pix_key_type"), get("pix_key")].filter(Boolean).join(": ");
  if (kind === "spei") return [get("clabe"), get("name")].filter(Boolean).join(" · ");
  if (kind === "crypto") return [get("address"), [get("coin"), get("network")].filter(Boolean).join(" on ")].filter(Boolean).join(" · ");
  return "";
}

/**
 * Every row of a CSV checked with the Send form's rules. A problem with the file itself (size, no
 * header, unknown or missing columns, too many rows, an unclosed quote) is `ok: false` with one
 * message; otherwise every row comes back, valid with its plan (the exact body) or with its errors.
 */
export function validateBulkCsv(text: string, reference: string = PREVIEW_REFERENCE): BulkParse {
  if (Buffer.byteLength(text, "utf8") > BULK_MAX_BYTES) return { ok: false, error: `bulk.errors.tooLarge|max=${Math.round(BULK_MAX_BYTES / 1000)}` };
  const parsed = parseCsv(text, detectDelimiter(text.replace(/^\uFEFF/, "")));
  if (!parsed.ok) return parsed;
  const records = parsed.records.filter((r) => r.some((f) => f.trim() !== ""));
  if (records.length === 0) return { ok: false, error: "bulk.errors.empty" };
  const header = records[0]!.map((h) => h.trim().toLowerCase());
  const unknown = header.filter((h) => h !== "" && !(BULK_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) return { ok: false, error: `bulk.errors.unknownColumns|columns=${unknown.join(", ")}` };
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return { ok: false, error: `bulk.errors.missingColumns|columns=${missing.join(", ")}` };
  const dup = header.filter((h, i) => h !== "" && header.indexOf(h) !== i);
  if (dup.length) return { ok: false, error: `bulk.errors.duplicateColumns|columns=${[...new Set(dup)].join(", ")}` };
  const data = records.slice(1);
  if (data.length === 0) return { ok: false, error: "bulk.errors.noRows" };
  if (data.length > BULK_MAX_ROWS) return { ok: false, error: `bulk.errors.tooManyRows|max=${BULK_MAX_ROWS}|count=${data.length}` };

  const index = new Map(header.map((h, i) => [h, i]));
  const rows: BulkRow[] = [];
  const totals = new Map<string, Money>();
  let valid = 0;
  data.forEach((rec, n) => {
    const line = n + 1;
    const get = (c: BulkColumn) => {
      const i = index.get(c);
      return i === undefined ? "" : (rec[i] ?? "").trim();
    };
    const kind = get("type").toLowerCase();
    const errors: RowError[] = [];
    if (rec.length > header.length && rec.slice(header.length).some((f) => f.trim() !== "")) errors.push({ column: null, message: `bulk.errors.extraFields|count=${header.length}` });
    if (!kind) errors.push({ column: "type", message: "bulk.errors.typeRequired" });
    else if (kind !== "pix" && kind !== "spei" && kind !== "crypto") errors.push({ column: "type", message: `bulk.errors.typeUnknown|type=${get("type")}` });
    const opt = (c: BulkColumn) => get(c) || undefined;
    let plan: PayoutPlan | null = null;
    if (errors.length === 0 || (errors.length === 1 && errors[0]!.column === null)) {
      const form = {
        kind,
        amount: get("amount"),
        externalId: ref(reference, line),
        description: opt("description"),
        keyType: get("pix_key_type").toLowerCase() || undefined,
        pixKey: opt("pix_key"),
        clabe: opt("clabe"),
        name: opt("name"),
        coin: get("coin").toUpperCase() || undefined,
        network: get("network").toLowerCase() || undefined,
        address: opt("address"),
      };
      const r = payoutFormSchema.safeParse(form);
      if (r.success) {
        if (errors.length === 0) plan = toPayoutPlan(r.data as PayoutForm);
      } else {
        for (const issue of r.error.issues) {
          const field = String(issue.path[0] ?? "");
          errors.push({ column: COLUMN_OF_FIELD[field] ?? null, message: issue.message });
        }
      }
    }
    if (plan) {
      valid++;
      totals.set(plan.currency, (totals.get(plan.currency) ?? new Money(0)).plus(plan.amount));
    }
    rows.push({
      line,
      kind,
      amount: get("amount"),
      currency: plan?.currency ?? (kind === "pix" ? "BRL" : kind === "spei" ? "MXN" : get("coin").toUpperCase() || null),
      recipient: recipientOf(get, kind),
      description: get("description") || null,
      plan,
      errors,
    });
  });
  return { ok: true, rows, valid, invalid: rows.length - valid, totals: Object.fromEntries([...totals].map(([c, m]) => [c, m.toFixed()])) };
}

/** A row error in the reader's words: "pix_key: This is not a valid CPF." */
export function describeRowError(t: Translate, e: RowError): string {
  const text = translateKeyOrText(t, e.message);
  return e.column ? `${e.column}: ${text}` : text;
}

// --- batches --------------------------------------------------------------------------------------

/** A refusal the member can act on (a message key of `bulk.errors`). */
export class BulkError extends Error {
  constructor(
    readonly code: string,
    /** the file's problem ("key|name=value"), for FILE_INVALID */
    readonly detail?: string,
  ) {
    super(code);
    this.name = "BulkError";
  }
}

const BASE32 = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/**
 * The batch's reference: 10 characters, derived from the upload's one-time token, so that the same
 * upload confirmed twice (a double click, a resubmit) is the same batch.
 */
export function batchReference(target: PayoutTarget, token: string): string {
  const h = createHash("sha256").update(`${target.organizationId}|${target.environment}|${token}`).digest();
  let out = "B";
  for (let i = 0; i < 9; i++) out += BASE32[h[i]! % BASE32.length];
  return out;
}

export type SkippedRow = { line: number; kind: string; amount: string; recipient: string; errors: RowError[] };
export type CreateBatchResult = { id: string; reference: string; state: schema.PayoutBatchState; rows: number; skipped: number; replayed: boolean };

/**
 * Writes the batch and its valid rows (as payouts with their exact bodies). Rows with errors are kept
 * on the batch (for the results file), never sent. The whole batch waits for approval when the
 * policy holds its totals per currency; otherwise its rows are queued for the runner.
 */
export async function createBatch(
  deps: Pick<PayoutDeps, "db">,
  target: PayoutTarget,
  userId: string | null,
  file: { fileName: string | null; text: string; token?: string },
): Promise<CreateBatchResult> {
  const { db } = deps;
  const reference = batchReference(target, file.token ?? randomBytes(16).toString("hex"));
  const b = schema.payoutBatches;
  const [existing] = await db
    .select({ id: b.id, state: b.state, rowCount: b.rowCount, skipped: b.skipped })
    .from(b)
    .where(and(inScope(b, target), eq(b.reference, reference)))
    .limit(1);
  if (existing) return { id: existing.id, reference, state: existing.state, rows: existing.rowCount, skipped: (existing.skipped as unknown[]).length, replayed: true };

  const parsed = validateBulkCsv(file.text, reference);
  if (!parsed.ok) throw new BulkError("FILE_INVALID", parsed.error);
  if (parsed.valid === 0) throw new BulkError("NO_VALID_ROWS");
  const held = needsApproval(await getApprovalPolicy(db, target.organizationId), parsed.totals);
  const skipped: SkippedRow[] = parsed.rows.filter((r) => !r.plan).map((r) => ({ line: r.line, kind: r.kind, amount: r.amount, recipient: r.recipient, errors: r.errors }));
  const fileName = file.fileName ? file.fileName.slice(0, 200) : null;

  const result = await db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(b)
      .values({
        organizationId: target.organizationId,
        environment: target.environment,
        reference,
        fileName,
        state: held ? "awaiting_approval" : "queued",
        rowCount: parsed.valid,
        skipped,
        totals: parsed.totals,
        requestedBy: userId,
      })
      .onConflictDoNothing()
      .returning({ id: b.id, state: b.state });
    if (!batch) return null;
    const rows = parsed.rows.filter((r) => r.plan);
    for (let i = 0; i < rows.length; i += 200) {
      await tx.insert(schema.payouts).values(
        rows.slice(i, i + 200).map((r) => {
          const plan = r.plan!;
          return {
            organizationId: target.organizationId,
            environment: target.environment,
            externalId: String(plan.request.external_id),
            kind: plan.kind,
            currency: plan.currency,
            amount: plan.amount,
            network: plan.network,
            recipient: plan.recipient,
            request: plan.request,
            description: plan.description,
            state: (held ? "awaiting_approval" : "queued") as schema.PayoutState,
            batchId: batch.id,
            rowNumber: r.line,
            requestedBy: userId,
          };
        }),
      );
    }
    return batch;
  });
  if (!result) {
    // The same upload confirmed twice at once: the other request wrote it.
    const [again] = await db
      .select({ id: b.id, state: b.state })
      .from(b)
      .where(and(inScope(b, target), eq(b.reference, reference)))
      .limit(1);
    if (!again) throw new BulkError("NOT_FOUND");
    return { id: again.id, reference, state: again.state, rows: parsed.valid, skipped: skipped.length, replayed: true };
  }
  await publish(db, target.organizationId, target.environment, "transaction", { batchId: result.id, state: result.state });
  return { id: result.id, reference, state: result.state, rows: parsed.valid, skipped: skipped.length, replayed: false };
}

/**
 * A second member approves a held batch: every row is queued for the runner with the body (and
 * external_id) fixed at upload. The requester never approves their own (checked in the statement).
 */
export async function approveBatch(db: Db, target: PayoutTarget, approverId: string, id: string): Promise<void> {
  const b = schema.payoutBatches;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(b)
      .set({ state: "queued", decidedBy: approverId, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(b.id, id), inScope(b, target), eq(b.state, "awaiting_approval"), or(isNull(b.requestedBy), ne(b.requestedBy, approverId))))
      .returning({ id: b.id });
    if (!row) return false;
    const p = schema.payouts;
    await tx
      .update(p)
      .set({ state: "queued", decidedBy: approverId, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(p.batchId, id), eq(p.state, "awaiting_approval")));
    return true;
  });
  if (!done) throw await whyNotDecidable(db, target, id, approverId);
  await publish(db, target.organizationId, target.environment, "transaction", { batchId: id, state: "queued" });
}

/** A member with the right declines a held batch, with a reason: none of its rows is ever sent. */
export async function rejectBatch(db: Db, target: PayoutTarget, userId: string, id: string, reason: string): Promise<void> {
  const b = schema.payoutBatches;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(b)
      .set({ state: "rejected", decidedBy: userId, decidedAt: new Date(), rejectReason: reason, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(b.id, id), inScope(b, target), eq(b.state, "awaiting_approval")))
      .returning({ id: b.id });
    if (!row) return false;
    const p = schema.payouts;
    await tx
      .update(p)
      .set({ state: "rejected", decidedBy: userId, decidedAt: new Date(), rejectReason: reason, updatedAt: new Date() })
      .where(and(eq(p.batchId, id), eq(p.state, "awaiting_approval")));
    return true;
  });
  if (!done) throw await whyNotDecidable(db, target, id, null);
  await publish(db, target.organizationId, target.environment, "transaction", { batchId: id, state: "rejected" });
}

async function whyNotDecidable(db: Db, target: PayoutTarget, id: string, approverId: string | null): Promise<BulkError> {
  const b = schema.payoutBatches;
  const [row] = await db
    .select({ state: b.state, requestedBy: b.requestedBy })
    .from(b)
    .where(and(eq(b.id, id), inScope(b, target)))
    .limit(1);
  if (!row) return new BulkError("NOT_FOUND");
  if (row.state !== "awaiting_approval") return new BulkError("ALREADY_DECIDED");
  if (approverId && row.requestedBy === approverId) return new BulkError("OWN_REQUEST");
  return new BulkError("NOT_FOUND");
}

// --- reads ----------------------------------------------------------------------------------------

export type BatchCounts = { total: number; awaiting: number; queued: number; sending: number; sent: number; failed: number; rejected: number; confirmed: number; settledFailed: number };

export type BatchSummary = {
  id: string;
  reference: string;
  fileName: string | null;
  state: schema.PayoutBatchState;
  rowCount: number;
  skippedCount: number;
  totals: Record<string, string>;
  requestedBy: string | null;
  requestedByName: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
  createdAt: string;
  finishedAt: string | null;
  counts: BatchCounts;
};

/** A row of a batch: the payout as the single payouts show it (with the mirror's status, error_code and fee), and its CSV line. */
export type BatchRowView = Pick<
  PayoutView,
  "id" | "externalId" | "kind" | "currency" | "amount" | "network" | "recipient" | "description" | "state" | "errorCode" | "transactionId" | "status" | "mirrorErrorCode" | "fee"
> & { line: number };

export type BatchView = BatchSummary & { rows: BatchRowView[]; skipped: SkippedRow[] };

function summarySelect() {
  const b = schema.payoutBatches;
  const count = (cond: ReturnType<typeof sql>) => sql<number>`(select count(*)::int from payouts p where p.batch_id = "payout_batches"."id" and ${cond})`;
  return {
    id: b.id,
    reference: b.reference,
    fileName: b.fileName,
    state: b.state,
    rowCount: b.rowCount,
    skipped: b.skipped,
    totals: b.totals,
    requestedBy: b.requestedBy,
    requestedByName: sql<string | null>`(select coalesce(u.name, u.email) from users u where u.id = "payout_batches"."requested_by")`,
    decidedByName: sql<string | null>`(select coalesce(u.name, u.email) from users u where u.id = "payout_batches"."decided_by")`,
    decidedAt: b.decidedAt,
    rejectReason: b.rejectReason,
    createdAt: b.createdAt,
    finishedAt: b.finishedAt,
    awaiting: count(sql`p.state = 'awaiting_approval'`),
    queued: count(sql`p.state = 'queued'`),
    sending: count(sql`p.state = 'sending'`),
    sent: count(sql`p.state = 'sent'`),
    failed: count(sql`p.state = 'failed'`),
    rejected: count(sql`p.state = 'rejected'`),
    confirmed: sql<number>`(select count(*)::int from payouts p join transactions t on t.organization_id = p.organization_id and t.environment = p.environment and t.transaction_id = p.transaction_id where p.batch_id = "payout_batches"."id" and t.status = 'confirmed')`,
    settledFailed: sql<number>`(select count(*)::int from payouts p join transactions t on t.organization_id = p.organization_id and t.environment = p.environment and t.transaction_id = p.transaction_id where p.batch_id = "payout_batches"."id" and t.status in ('failed', 'refunded'))`,
  };
}

type SummaryRow = { [K in keyof ReturnType<typeof summarySelect>]: unknown };

function toSummary(r: SummaryRow): BatchSummary {
  const n = (v: unknown) => Number(v ?? 0);
  const d = (v: unknown) => (v ? new Date(v as Date).toISOString() : null);
  return {
    id: r.id as string,
    reference: r.reference as string,
    fileName: r.fileName as string | null,
    state: r.state as schema.PayoutBatchState,
    rowCount: n(r.rowCount),
    skippedCount: ((r.skipped ?? []) as unknown[]).length,
    totals: (r.totals ?? {}) as Record<string, string>,
    requestedBy: r.requestedBy as string | null,
    requestedByName: r.requestedByName as string | null,
    decidedByName: r.decidedByName as string | null,
    decidedAt: d(r.decidedAt),
    rejectReason: r.rejectReason as string | null,
    createdAt: d(r.createdAt)!,
    finishedAt: d(r.finishedAt),
    counts: {
      total: n(r.rowCount),
      awaiting: n(r.awaiting),
      queued: n(r.queued),
      sending: n(r.sending),
      sent: n(r.sent),
      failed: n(r.failed),
      rejected: n(r.rejected),
      confirmed: n(r.confirmed),
      settledFailed: n(r.settledFailed),
    },
  };
}

export async function listBatches(db: Db, target: PayoutTarget, limit = 20): Promise<BatchSummary[]> {
  const b = schema.payoutBatches;
  const rows = await db
    .select(summarySelect())
    .from(b)
    .where(inScope(b, target))
    .orderBy(desc(b.createdAt))
    .limit(limit);
  return rows.map((r) => toSummary(r as SummaryRow));
}

/** A batch with each row's state joined to the mirror (status, error code, fee); null when not the organisation's. */
export async function getBatch(db: Db, target: PayoutTarget, id: string): Promise<BatchView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const b = schema.payoutBatches;
  const [row] = await db
    .select(summarySelect())
    .from(b)
    .where(and(eq(b.id, id), inScope(b, target)))
    .limit(1);
  if (!row) return null;
  const p = schema.payouts;
  const t = schema.transactions;
  const rows = await db
    .select({
      id: p.id,
      line: p.rowNumber,
      externalId: p.externalId,
      kind: p.kind,
      currency: p.currency,
      amount: p.amount,
      network: p.network,
      recipient: p.recipient,
      description: p.description,
      state: p.state,
      errorCode: p.errorCode,
      transactionId: p.transactionId,
      status: t.status,
      mirrorErrorCode: t.errorCode,
      fee: t.fee,
    })
    .from(p)
    .leftJoin(t, and(inScope(t, p), eq(t.transactionId, p.transactionId)))
    .where(eq(p.batchId, id))
    .orderBy(asc(p.rowNumber));
  return {
    ...toSummary(row as SummaryRow),
    skipped: (row.skipped ?? []) as SkippedRow[],
    rows: rows.map((r) => ({
      ...r,
      line: Number(r.line ?? 0),
      amount: String(r.amount),
      fee: r.fee === null ? null : String(r.fee),
      recipient: (r.recipient ?? {}) as PayoutRecipient,
    })),
  };
}

// --- the results file -----------------------------------------------------------------------------

export const RESULTS_COLUMNS = ["row", "external_id", "state", "transaction_id", "status", "amount", "currency", "fee", "error"] as const;

/**
 * The results file: every row of the upload in order, sent ones with their transaction and the
 * mirror's status, refused ones with the API's code, skipped ones with their errors in words.
 */
export function batchResultsCsv(batch: BatchView, t: Translate): string {
  type Line = { line: number; cells: (string | null)[] };
  const lines: Line[] = [];
  for (const r of batch.rows) {
    const error = r.errorCode ?? r.mirrorErrorCode ?? (r.state === "rejected" ? batch.rejectReason : null);
    lines.push({ line: r.line, cells: [String(r.line), r.externalId, r.state, r.transactionId, r.status, r.amount, r.currency, r.fee, error] });
  }
  for (const s of batch.skipped) {
    lines.push({ line: s.line, cells: [String(s.line), null, "skipped", null, null, s.amount, null, null, s.errors.map((e) => describeRowError(t, e)).join("; ")] });
  }
  lines.sort((a, b) => a.line - b.line);
  // Cells through lib/csv.ts: the CSV-injection guard is kept in one place.
  return csvRow(RESULTS_COLUMNS) + lines.map((l) => csvRow(l.cells)).join("");
}

// --- the runner -----------------------------------------------------------------------------------

export type RunnerOptions = {
  /** this instance (a lease names it) */
  owner: string;
  now?: () => Date;
  /** how long a lease holds without renewal (default 15 s); renewed every third of it */
  leaseMs?: number;
  /** cash-outs per minute this runner paces itself to (default the spec's 6,000) */
  perMinute?: number;
  /** rows in flight at once per batch (default 4) */
  concurrency?: number;
  sleep?: (ms: number) => Promise<void>;
  /** stop as soon as possible (rows in flight finish) */
  signal?: AbortSignal;
  /** after each row's attempt (tests and the benchmark watch progress) */
  onRow?: (row: { id: string; state: schema.PayoutState | "retry" | "waited" }) => void;
};

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Spaces the starts of cash-outs at 60,000 / perMinute ms, so a runner never bursts above the spec's
 * per-minute limit; the shared budget in PostgreSQL (the API context) keeps several runners and
 * members together under it.
 */
export class Pacer {
  #next = 0;
  constructor(readonly perMinute: number) {}
  async take(): Promise<void> {
    const interval = 60_000 / this.perMinute;
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + interval;
    if (at > now) await defaultSleep(at - now);
  }
}

const g = globalThis as unknown as { __bulkPacers?: Map<number, Pacer> };
/** One pacer per rate in this process: the batches it sends, one after another or in several passes, share it. */
function pacerFor(perMinute: number): Pacer {
  g.__bulkPacers ??= new Map();
  let p = g.__bulkPacers.get(perMinute);
  if (!p) g.__bulkPacers.set(perMinute, (p = new Pacer(perMinute)));
  return p;
}

function retryAfterMs(e: unknown): number {
  if (!isPaymentApiError(e)) return 1_000;
  const fromBody = Number(e.details?.["retry_after_seconds"]);
  const fromHeader = e.rateLimit?.retryAfter ?? null;
  const s = Number.isFinite(fromBody) && fromBody > 0 ? fromBody : fromHeader && fromHeader > 0 ? fromHeader : 1;
  return Math.min(65, s) * 1000;
}

export type RunResult = { batches: number; attempted: number };

/**
 * Takes batches that are queued or sending and whose lease is free (never held, or lapsed: its runner
 * died), one at a time, and sends their remaining rows. Returns when none is left to take now.
 */
export async function runBatches(deps: PayoutDeps, o: RunnerOptions): Promise<RunResult> {
  const now = o.now ?? (() => new Date());
  const result: RunResult = { batches: 0, attempted: 0 };
  const tried = new Set<string>();
  while (!o.signal?.aborted) {
    const batch = await claimBatch(deps.db, o.owner, now(), o.leaseMs ?? 15_000, tried);
    if (!batch) break;
    tried.add(batch.id);
    result.batches++;
    result.attempted += await runBatch(deps, batch, o);
  }
  return result;
}

type ClaimedBatch = typeof schema.payoutBatches.$inferSelect;

/** Takes one free batch's lease (compare-and-set: of several instances, exactly one gets it). */
async function claimBatch(db: Db, owner: string, now: Date, leaseMs: number, skip: Set<string>): Promise<ClaimedBatch | null> {
  const b = schema.payoutBatches;
  const free = or(isNull(b.leaseUntil), lt(b.leaseUntil, now));
  const candidates = await db
    .select({ id: b.id })
    .from(b)
    .where(and(inArray(b.state, ["queued", "sending"]), free))
    .orderBy(asc(b.createdAt))
    .limit(10);
  for (const c of candidates) {
    if (skip.has(c.id)) continue;
    const [won] = await db
      .update(b)
      .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), state: "sending", updatedAt: new Date() })
      .where(and(eq(b.id, c.id), inArray(b.state, ["queued", "sending"]), free))
      .returning();
    if (won) return won;
  }
  return null;
}

async function runBatch(deps: PayoutDeps, batch: ClaimedBatch, o: RunnerOptions): Promise<number> {
  const { db } = deps;
  const b = schema.payoutBatches;
  const p = schema.payouts;
  const now = o.now ?? (() => new Date());
  const sleep = o.sleep ?? defaultSleep;
  const leaseMs = o.leaseMs ?? 15_000;
  const pacer = pacerFor(o.perMinute ?? 6_000);
  const target: PayoutTarget = { organizationId: batch.organizationId, environment: batch.environment };
  const caller = batch.decidedBy ?? batch.requestedBy;
  let lost = false;
  let halted = false;
  let renewedAt = Date.now();
  const renew = async (force = false) => {
    if (!force && Date.now() - renewedAt < leaseMs / 3) return;
    renewedAt = Date.now();
    const held = await db
      .update(b)
      .set({ leaseUntil: new Date(now().getTime() + leaseMs) })
      .where(and(eq(b.id, batch.id), eq(b.leaseOwner, o.owner)))
      .returning({ id: b.id });
    if (held.length === 0) lost = true;
  };
  const stop = () => lost || halted || !!o.signal?.aborted;
  /** A wait the budget asked for, in slices, keeping the lease. */
  const wait = async (ms: number) => {
    for (let left = ms; left > 0 && !stop(); ) {
      const slice = Math.min(left, leaseMs / 3);
      await sleep(slice);
      left -= slice;
      await renew(true);
    }
  };

  // Rows "sending" first: a runner died with their call out; they go again with the same body.
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.batchId, batch.id), inArray(p.state, ["queued", "sending"])))
    .orderBy(sql`case when ${p.state} = 'sending' then 0 else 1 end`, asc(p.rowNumber));
  let next = 0;
  let attempted = 0;
  const sendRow = async (id: string) => {
    for (let unknown = 0; !stop(); ) {
      await pacer.take();
      await renew();
      if (stop()) return;
      attempted++;
      try {
        const state = await sendPayout(deps, target, caller, id);
        o.onRow?.({ id, state });
        return;
      } catch (e) {
        if (isPaymentApiError(e) && e.code === "RATE_LIMIT_EXCEEDED") {
          // Held back by the budget (or the API's 429): the row waits, it does not fail.
          o.onRow?.({ id, state: "waited" });
          await wait(retryAfterMs(e));
          continue;
        }
        const outcome = callOutcome(e);
        if (outcome === "not-sent") {
          // No usable credential, or the provider is not answering: nothing went out (the row is
          // queued again); the batch waits where it is and a later pass resumes it.
          console.error(`[bulk] batch ${batch.reference} paused: ${e instanceof Error ? e.message : String(e)}`);
          halted = true;
          return;
        }
        if (outcome === "sent") {
          o.onRow?.({ id, state: "failed" });
          return; // refused by the API: recorded as failed with its code
        }
        o.onRow?.({ id, state: "retry" });
        if (++unknown >= 3) return; // stays "sending": the next pass sends the same body again
        await wait(500 * 2 ** unknown);
      }
    }
  };
  const concurrency = Math.max(1, o.concurrency ?? 4);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop() && next < rows.length) await sendRow(rows[next++]!.id);
    }),
  );

  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .where(and(eq(p.batchId, batch.id), inArray(p.state, ["queued", "sending"])));
  if (Number(left?.n ?? 0) === 0) {
    await db
      .update(b)
      .set({ state: "done", finishedAt: new Date(), leaseOwner: null, leaseUntil: null, updatedAt: new Date() })
      .where(and(eq(b.id, batch.id), eq(b.leaseOwner, o.owner)));
    await publish(db, target.organizationId, target.environment, "transaction", { batchId: batch.id, state: "done" });
  } else if (!lost) {
    // Rows left (unknown outcomes, a paused credential, or a stop): free the batch for a later pass.
    const pause = halted ? 30_000 : 2_000;
    await db
      .update(b)
      .set({ leaseOwner: null, leaseUntil: new Date(now().getTime() + pause), updatedAt: new Date() })
      .where(and(eq(b.id, batch.id), eq(b.leaseOwner, o.owner)));
  }
  return attempted;
}
