/**
 * A transaction's receipt (a "comprovante"): what a Brazilian bank prints on one, in the member's
 * language: who issued it (the organisation), the amount, the date and time with its time zone,
 * what it was, its status (and a refund's amount and time), the payer and the recipient with the
 * document masked and the institution when known, the transaction id, the PIX end-to-end id or the
 * network hash, the member's reference and the description. One model, written in words once, for
 * the printable page and the PDF, so both say exactly the same.
 */
import { formatInstant, formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/db/schema";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { ApiEnvironment } from "@/lib/vocabulary";
import { A4 as PDF_A4, textPdf, wrapText, type PdfItem } from "@/lib/pdf/text-pdf";
import { kindLabel } from "./kind";
import { movedAt } from "./story";
import type { OtherParty, TransactionDetailDto } from "./detail";

export type ReceiptField = { label: string; lines: string[]; testId: string; mono?: boolean };

export type Receipt = {
  organization: string;
  title: string;
  amount: string;
  status: string;
  fields: ReceiptField[];
  issued: string;
  note: string;
  /** said on a receipt of the test environment */
  sandbox: string | null;
};

/** `timeZone`: the member's (getI18n); left out, the request's (lib/i18n/ambient-zone.ts). */
type Context = { organization: string; environment: ApiEnvironment; t: Translate; locale: Locale; timeZone?: string; now: Date };

/** "CPF ***.982.247-**", "CNPJ **.222.333/0001-**", or the masked document as it is. */
function documentLine(masked: string): string {
  if (masked.startsWith("***.")) return `CPF ${masked}`;
  if (masked.startsWith("**.")) return `CNPJ ${masked}`;
  return masked;
}

function partyLines(p: OtherParty | null, organization: string | null): string[] {
  if (organization) return [organization];
  if (!p) return [];
  return [p.name, p.document ? documentLine(p.document) : null, p.account].filter((l): l is string => !!l);
}

export function receiptOf(d: TransactionDetailDto, { organization, environment, t, locale, timeZone, now }: Context): Receipt {
  const currency = d.currency ?? "";
  const money = (v: string) => formatMoney(v, currency, locale);
  const incoming = d.type === "cashin";
  const refund = d.story.find((s) => s.kind === "refundedToPayer" || s.kind === "refundedToBalance");
  const at = movedAt(d.story) ?? d.createdAt;
  const fields: ReceiptField[] = [
    { label: t("receipt.date"), lines: [formatInstant(at, locale, timeZone)], testId: "receipt-date" },
    { label: t("receipt.kind"), lines: [kindLabel(t, d)], testId: "receipt-kind" },
    { label: t("receipt.payer"), lines: partyLines(d.otherParty, incoming ? null : organization), testId: "receipt-payer" },
    { label: t("receipt.recipient"), lines: partyLines(d.otherParty, incoming ? organization : null), testId: "receipt-recipient" },
    { label: t("receipt.institution"), lines: d.otherParty?.institution ? [d.otherParty.institution] : [], testId: "receipt-institution" },
    { label: t("receipt.convertedTo"), lines: d.counter ? [formatMoney(d.counter.amount, d.counter.currency, locale)] : [], testId: "receipt-counter" },
    { label: t("receipt.refunded"), lines: refund ? [refund.at ? t("receipt.refundedAt", { amount: money(d.amount ?? "0"), at: formatInstant(refund.at, locale, timeZone) }) : money(d.amount ?? "0")] : [], testId: "receipt-refund" },
    { label: t("receipt.transactionId"), lines: [d.transactionId], testId: "receipt-id", mono: true },
    { label: t("receipt.e2eId"), lines: d.e2eId ? [d.e2eId] : [], testId: "receipt-e2e", mono: true },
    { label: t("receipt.txHash"), lines: d.txHash ? [d.txHash] : [], testId: "receipt-hash", mono: true },
    { label: t("receipt.reference"), lines: d.externalId ? [d.externalId] : [], testId: "receipt-reference", mono: true },
    { label: t("receipt.description"), lines: d.description ? [d.description] : [], testId: "receipt-description" },
  ];
  return {
    organization,
    title: d.type === "conversion" || d.source === "conversion" ? t("receipt.titleConversion") : incoming ? t("receipt.titleIn") : t("receipt.titleOut"),
    amount: money(d.amount ?? "0"),
    status: t(`transactions.status.${d.status as "confirmed"}` as MessageKey),
    fields: fields.filter((f) => f.lines.length > 0),
    issued: t("receipt.issued", { at: formatInstant(now, locale, timeZone), organization }),
    note: t("receipt.note"),
    sandbox: environment === "sandbox" ? t("receipt.sandbox") : null,
  };
}

/** The receipt as a one-page A4 PDF: the same words as the page, in Helvetica. */
export function receiptPdf(r: Receipt): Uint8Array<ArrayBuffer> {
  const left = 56;
  const valueX = 210;
  const right = PDF_A4.width - 56;
  const items: PdfItem[] = [];
  let y = PDF_A4.height - 64;
  const text = (s: string, x: number, size: number, opts: { bold?: boolean; gray?: number } = {}) => items.push({ kind: "text", text: s, x, y, size, ...opts });
  text(r.organization, left, 11, { bold: true, gray: 0.3 });
  y -= 26;
  text(r.title, left, 18, { bold: true });
  y -= 34;
  text(r.amount, left, 26, { bold: true });
  y -= 20;
  text(r.status, left, 11, { gray: 0.25 });
  if (r.sandbox) {
    y -= 16;
    text(r.sandbox, left, 10, { bold: true, gray: 0.25 });
  }
  y -= 16;
  items.push({ kind: "rule", x1: left, y1: y, x2: right, y2: y, gray: 0.75 });
  y -= 22;
  for (const f of r.fields) {
    text(f.label, left, 9, { gray: 0.35 });
    for (const line of f.lines) {
      for (const part of wrapText(line, 10.5, right - valueX)) {
        text(part, valueX, 10.5);
        y -= 15;
      }
    }
    y -= 7;
  }
  items.push({ kind: "rule", x1: left, y1: y + 8, x2: right, y2: y + 8, gray: 0.75 });
  y -= 10;
  for (const line of [r.issued, r.note]) {
    for (const part of wrapText(line, 8.5, right - left)) {
      text(part, left, 8.5, { gray: 0.35 });
      y -= 12;
    }
  }
  return textPdf(items, { title: `${r.title} · ${r.organization}` });
}
