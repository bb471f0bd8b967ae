/** Every row of a bulk file checked with the Send form's own rules (lib/payouts/form.ts), each error named by its column. */
import { Money } from "@/lib/payments/money";
import type { Translate } from "@/lib/i18n";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { payoutFormSchema, toPayoutPlan, type PayoutForm, type PayoutPlan } from "../form";
import { BULK_COLUMNS, BULK_MAX_BYTES, BULK_MAX_ROWS, BulkColumn, COLUMN_OF_FIELD, REQUIRED_COLUMNS, detectDelimiter, parseCsv } from "./file";

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
  if (kind === "crypto") return [get("address"), get("coin"), get("network")].filter(Boolean).join(" · ");
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
