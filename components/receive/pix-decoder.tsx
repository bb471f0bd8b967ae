"use client";

import { useState } from "react";
import { CircleCheck, CircleX } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatMoney } from "@/lib/i18n/format";
import { lazyModule, preload } from "@/components/ui/lazy";
import type { BrCode, BrCodeError } from "@/lib/payments/pix-br-code";

/** The BR Code codec and the document checks (≈ 20 KiB gzipped with the decimal type): loaded when the member turns to the decoder, not with the page. */
const codec = lazyModule(() => import("./pix-decoder-codec"));

/** Values that are codes are shown in monospace; names and words are not. */
const CODE_FIELDS = new Set(["key", "document", "url", "txid", "crc"]);

type Outcome = { ok: true; value: BrCode; document: string | null } | { ok: false; error: BrCodeError } | null;

/**
 * Decodes a BR Code in the browser with lib/payments (the same codec the
 * sandbox uses to build them): nothing secret is involved and nothing leaves
 * the page.
 */
export function PixDecoder() {
  const { t, locale } = useI18n();
  const [code, setCode] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);

  const decode = async () => {
    const m = await codec.load();
    const decoded = m.decodeBrCode(code);
    const key = decoded.ok ? decoded.value.pixKey : null;
    setOutcome(decoded.ok ? { ok: true, value: decoded.value, document: key && m.detectDocument(key) ? m.formatDocument(key) : null } : decoded);
  };

  const rows = (v: BrCode, doc: string | null): Array<[string, string, string]> => {
    return [
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
  };

  return (
    <form
      className="grid gap-4"
      onPointerEnter={() => preload(codec)}
      onFocus={() => preload(codec)}
      onSubmit={(e) => {
        e.preventDefault();
        void decode();
      }}
    >
      <FormField label={t("pixDecoder.input")} htmlFor="br-code">
        <Textarea
          id="br-code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setOutcome(null);
          }}
          placeholder={t("pixDecoder.placeholder")}
          rows={4}
          spellCheck={false}
          autoComplete="off"
          className="font-mono text-xs break-all"
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit">{t("pixDecoder.decode")}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setCode("");
            setOutcome(null);
          }}
        >
          {t("pixDecoder.clear")}
        </Button>
      </div>
      <div aria-live="polite">
        {outcome?.ok === true && (
          <section aria-labelledby="decode-result" className="rounded-lg border p-4" data-testid="pix-decoded">
            <h3 id="decode-result" className="mb-3 flex items-center gap-2 font-medium text-success">
              <CircleCheck className="size-4" aria-hidden /> {t("pixDecoder.valid")}
            </h3>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
              {rows(outcome.value, outcome.document).map(([id, label, value]) => (
                <div key={id} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className={CODE_FIELDS.has(id) ? "font-mono break-all" : "break-words"} data-testid={`pix-${id}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        {outcome?.ok === false && (
          <Alert variant="destructive" data-testid="pix-invalid">
            <CircleX aria-hidden />
            <AlertTitle>{t("pixDecoder.invalid")}</AlertTitle>
            <AlertDescription>
              {t(`pixDecoder.errors.${outcome.error.code}`)}
              {outcome.error.field ? ` (${t("pixDecoder.field", { field: outcome.error.field })})` : ""}
            </AlertDescription>
          </Alert>
        )}
      </div>
    </form>
  );
}
