"use client";

/**
 * How a payer pays a charge, by method: PIX as a QR code with its copy-and-paste code and the time
 * left; boleto as a scannable ITF barcode, the digitable line, the due date and the PDF (or a
 * printable page); SPEI as CLABE and bank; crypto as an address QR with its network, confirmations
 * and the time left, and a warning to send only that coin on that network. Shared by the charge's
 * page in the dashboard and the public payment page.
 */
import { useEffect, useState } from "react";
import { QRCodeSVG } from "qrcode.react";
import { AlertTriangle, ExternalLink, Printer } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ItfBarcode } from "@/components/receive/itf-barcode";
import { useI18n } from "@/components/providers/i18n-provider";
import { clabeBankName } from "@/lib/payments/clabe";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import { cn } from "@/lib/utils";
import type { PublicCharge } from "@/lib/charges/service";

/** What paying needs: the same fields on a member's view of a charge and on the public one. */
export type ChargeCodeData = Pick<PublicCharge, "method" | "currency" | "chain" | "amount" | "paymentInfo" | "boleto" | "expiresAt"> & Partial<Pick<PublicCharge, "clockOffsetMs">>;

export type ChargeCodeProps = {
  charge: ChargeCodeData;
  /** the charge is no longer payable (paid, expired...): the code is shown dimmed, without countdown */
  settled?: boolean;
  /** where the printable boleto is, when the API gave no PDF */
  printHref?: string | null;
};

/** The current time, ticking every second once mounted (null during server rendering and hydration). */
function useNow(active: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const every = active ? setInterval(tick, 1000) : undefined;
    return () => {
      clearTimeout(first);
      if (every) clearInterval(every);
    };
  }, [active]);
  return now;
}

/** "12:34" or "1:02:03" left on the provider's clock (`clockOffsetMs` ahead of ours); "expired" past the time. */
export function Countdown({ expiresAt, active = true, clockOffsetMs = 0 }: { expiresAt: string; active?: boolean; clockOffsetMs?: number }) {
  const { t } = useI18n();
  const now = useNow(active);
  if (now === null) return <span className="tabular-nums">…</span>;
  const left = Math.max(0, Math.floor((Date.parse(expiresAt) - (now + clockOffsetMs)) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const clock = h > 0 ? `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}` : `${m}:${String(s).padStart(2, "0")}`;
  return (
    <span className={cn("font-medium tabular-nums", left < 60 && "text-destructive")} data-testid="countdown">
      {left === 0 ? t("charges.code.expiredNow") : t("charges.code.timeLeft", { time: clock })}
    </span>
  );
}

function CodeLine({ value, label, copyLabel, mono = true, testId }: { value: string; label: string; copyLabel: string; mono?: boolean; testId?: string }) {
  const { t } = useI18n();
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <div className="flex items-start gap-2 rounded-md border bg-muted/40 p-2">
        <span className={cn("min-w-0 flex-1 text-sm break-all select-all", mono && "font-mono")} data-testid={testId}>
          {value}
        </span>
        <CopyButton value={value} label={copyLabel} copiedLabel={t("common.copied")} className="shrink-0" />
      </div>
    </div>
  );
}

/**
 * `dimmed`: the charge can no longer be paid. Only the picture fades; the words beside it keep their
 * full contrast (a faded block of text fell to 2.58:1, below WCAG's 4.5:1).
 */
function Qr({ value, label, dimmed }: { value: string; label: string; dimmed?: boolean }) {
  return (
    <div className={cn("mx-auto w-fit rounded-lg bg-white p-3 shadow-xs ring-1 ring-border", dimmed && "opacity-40")} data-testid="charge-qr">
      <QRCodeSVG value={value} size={224} level="M" marginSize={4} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={label} title={label} />
    </div>
  );
}

export function ChargeCode({ charge: p, settled, printHref }: ChargeCodeProps) {
  const { t, locale } = useI18n();
  const pi = p.paymentInfo ?? {};
  const live = !settled;
  const expiry = p.expiresAt && live && (
    <p className="text-center text-sm text-muted-foreground">
      <Countdown expiresAt={p.expiresAt} clockOffsetMs={p.clockOffsetMs} />
    </p>
  );

  if (p.method === "PIX" && pi.qrcode) {
    return (
      <div className="grid grid-cols-1 gap-4">
        <Qr value={pi.qrcode} label={t("charges.code.pixQr")} dimmed={!live} />
        {expiry}
        <CodeLine value={pi.qrcode} label={t("charges.code.pixCopyPaste")} copyLabel={t("charges.code.copyPix")} testId="pix-code" />
        <p className="text-xs text-muted-foreground">{t("charges.code.pixHelp")}</p>
      </div>
    );
  }

  if ((p.method === "BOLETO" || p.method === "PIX_BOLETO") && p.boleto) {
    const b = p.boleto;
    return (
      <div className="grid grid-cols-1 gap-4">
        <div className={cn("rounded-md bg-white p-2 ring-1 ring-border", !live && "opacity-40")} data-testid="boleto-barcode">
          <ItfBarcode digits={b.barcode} label={t("charges.code.boletoBarcode")} moduleWidth={1} height={56} />
        </div>
        <CodeLine value={b.digitable_line} label={t("charges.code.digitableLine")} copyLabel={t("charges.code.copyLine")} testId="digitable-line" />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">{t("charges.code.dueDate")}</dt>
          <dd className="font-medium">{formatDate(`${b.due_date}T12:00:00Z`, locale)}</dd>
          <dt className="text-muted-foreground">{t("charges.code.registration")}</dt>
          <dd>{b.registration === "registered" ? t("charges.code.registered") : t("charges.code.registrationPending")}</dd>
        </dl>
        {b.pix_qrcode && (
          <div className="grid gap-3 border-t pt-4">
            <p className="text-sm font-medium">{t("charges.code.orPix")}</p>
            <Qr value={b.pix_qrcode} label={t("charges.code.pixQr")} dimmed={!live} />
            <CodeLine value={b.pix_qrcode} label={t("charges.code.pixCopyPaste")} copyLabel={t("charges.code.copyPix")} testId="pix-code" />
          </div>
        )}
        <div className="flex flex-wrap gap-2 print:hidden">
          {b.url ? (
            <Button asChild variant="outline" size="sm">
              <a href={b.url} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden /> {t("charges.code.openPdf")}
              </a>
            </Button>
          ) : printHref ? (
            <Button asChild variant="outline" size="sm">
              <a href={printHref} target="_blank" rel="noopener">
                <Printer aria-hidden /> {t("charges.code.printable")}
              </a>
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  if (p.method === "SPEI" && pi.clabe) {
    const bank = pi.bank_code ? clabeBankName(pi.bank_code) : clabeBankName(pi.clabe.slice(0, 3));
    return (
      <div className="grid grid-cols-1 gap-4">
        <CodeLine value={pi.clabe} label={t("charges.code.clabe")} copyLabel={t("charges.code.copyClabe")} testId="clabe" />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">{t("charges.code.bank")}</dt>
          <dd className="font-medium">
            {bank ?? "—"} {pi.bank_code && <span className="text-muted-foreground">({pi.bank_code})</span>}
          </dd>
          <dt className="text-muted-foreground">{t("charges.code.exactAmount")}</dt>
          <dd className="font-medium">{formatMoney(p.amount, p.currency, locale)}</dd>
        </dl>
        {expiry}
        <p className="text-xs text-muted-foreground">{t("charges.code.speiHelp")}</p>
      </div>
    );
  }

  if (p.method === "CRYPTO" && pi.address) {
    const network = pi.network ?? pi.chain ?? p.chain ?? "";
    return (
      <div className="grid grid-cols-1 gap-4">
        <Alert variant="warning">
          <AlertTriangle aria-hidden />
          <AlertTitle>{t("charges.code.cryptoWarningTitle", { coin: p.currency, network })}</AlertTitle>
          <AlertDescription>{t("charges.code.cryptoWarning", { coin: p.currency, network })}</AlertDescription>
        </Alert>
        <Qr value={pi.address} label={t("charges.code.addressQr")} dimmed={!live} />
        {expiry}
        <CodeLine value={pi.address} label={t("charges.code.address")} copyLabel={t("charges.code.copyAddress")} testId="deposit-address" />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">{t("charges.code.network")}</dt>
          <dd className="font-medium capitalize">{network}</dd>
          <dt className="text-muted-foreground">{t("charges.code.confirmations")}</dt>
          <dd>{pi.min_confirmations ?? "—"}</dd>
          <dt className="text-muted-foreground">{t("charges.code.exactAmount")}</dt>
          <dd className="font-medium">{formatMoney(p.amount, p.currency, locale)}</dd>
        </dl>
      </div>
    );
  }

  return <p className="text-sm text-muted-foreground">{t("charges.code.none")}</p>;
}
