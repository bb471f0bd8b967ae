"use client";

/**
 * What the PIX decoder loads on the member's turn to it (./pix-decoder.tsx): the BR Code codec, the
 * document checks, and the decoded code's fields or the reason it was refused.
 */
import { useMemo } from "react";
import { CircleCheck, CircleX } from "@/components/ui/icons";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatMoney } from "@/lib/i18n/format";
import { decodeBrCode } from "@/lib/payments/pix-br-code";
import { detectDocument, formatDocument } from "@/lib/payments/documents";

/** Values that are codes are shown in monospace; names and words are not. */
const CODE_FIELDS = new Set(["key", "document", "url", "txid", "crc"]);

/** The code decoded with lib/payments (the same codec the sandbox builds them with): its fields, or why it is not a valid code. */
export function DecodedBrCode({ code }: { code: string }) {
  const { t, locale } = useI18n();
  const outcome = useMemo(() => decodeBrCode(code), [code]);
  if (!outcome.ok) {
    return (
      <Alert variant="destructive" data-testid="pix-invalid">
        <CircleX aria-hidden />
        <AlertTitle>{t("pixDecoder.invalid")}</AlertTitle>
        <AlertDescription>
          {t(`pixDecoder.errors.${outcome.error.code}`)}
          {outcome.error.field ? ` (${t("pixDecoder.field", { field: outcome.error.field })})` : ""}
        </AlertDescription>
      </Alert>
    );
  }
  const v = outcome.value;
  const doc = v.pixKey && detectDocument(v.pixKey) ? formatDocument(v.pixKey) : null;
  const rows: Array<[string, string, string]> = [
    ["kind", t("pixDecoder.kind"), v.pointOfInitiation === "dynamic" ? t("pixDecoder.dynamic") : t("pixDecoder.static")],
    ["receiver", t("pixDecoder.receiverName"), v.merchantName],
    ["city", t("pixDecoder.city"), v.merchantCity],
    ...(v.pixKey ? [["key", t("pixDecoder.key"), v.pixKey] as [string, string, string]] : []),
    ...(doc ? [["document", t("pixDecoder.document"), doc] as [string, string, string]] : []),
    ...(v.url ? [["url", t("pixDecoder.url"), v.url] as [string, string, string]] : []),
    ["amount", t("pixDecoder.amount"), v.amount ? formatMoney(v.amount, "BRL", locale) : t("pixDecoder.amountOpen")],
    ...(v.txid ? [["txid", t("pixDecoder.txid"), v.txid] as [string, string, string]] : []),
    ...(v.description ? [["description", t("pixDecoder.descriptionField"), v.description] as [string, string, string]] : []),
    ["crc", t("pixDecoder.crc"), v.crc],
  ];
  return (
    <section aria-labelledby="decode-result" className="rounded-lg border p-4" data-testid="pix-decoded">
      <h3 id="decode-result" className="mb-3 flex items-center gap-2 font-medium text-success">
        <CircleCheck className="size-4" aria-hidden /> {t("pixDecoder.valid")}
      </h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        {rows.map(([id, label, value]) => (
          <div key={id} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={CODE_FIELDS.has(id) ? "font-mono break-all" : "break-words"} data-testid={`pix-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
