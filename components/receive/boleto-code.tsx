"use client";

/**
 * A boleto, paid from a phone or scanned from a screen: the due date as banks write it, the main
 * button that copies its number, the digitable line in the groups banks print, the ITF barcode
 * fitted to its box, its PIX code when it is a hybrid, and its PDF (the provider's, or one made
 * here from the same numbers) and printable page. On a phone the button comes first; on a wider
 * screen the barcode does, for a phone's camera to read it.
 */
import { Download, ExternalLink, Printer } from "@/components/ui/icons";
import { Button, buttonVariants } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { ItfBarcode } from "@/components/receive/itf-barcode";
import { PrintButton } from "@/components/receive/print-button";
import { CopyCodeButton } from "@/components/receive/copy-code-button";
import { CodeText, DigitableLine } from "@/components/receive/code-text";
import { digitableGroups, stripBoletoSeparators } from "@/lib/payments/boleto";
import { formatDueDate, formatMoney } from "@/lib/i18n/format";
import type { BoletoDto } from "@/lib/charges/service";

/** Who the PDF names: the merchant (and its document, formatted), the payer when the page may name them. */
export type BoletoPdfParty = { beneficiary: { name: string; document?: string | null }; payer?: string | null; instructions?: string | null };

function BoletoPdfButton({ boleto, amount, currency, party }: { boleto: BoletoDto; amount: string; currency: string; party: BoletoPdfParty }) {
  const { t, locale } = useI18n();
  const download = async () => {
    // The PDF writer comes with the click: most who see a boleto copy its line or print the page.
    const { boletoPdf } = await import("@/lib/receive/boleto-pdf");
    const bytes = boletoPdf({
      labels: {
        title: t("charges.print.heading"),
        beneficiary: t("charges.print.payee"),
        payer: t("charges.print.payer"),
        amount: t("charges.detail.amount"),
        dueDate: t("charges.code.dueDate"),
        digitableLine: t("charges.code.digitableLine"),
        instructions: t("charges.print.instructions"),
      },
      beneficiary: party.beneficiary,
      payer: party.payer,
      amount: formatMoney(amount, currency, locale),
      dueDate: formatDueDate(boleto.due_date, locale),
      digitableLine: digitableGroups(boleto.digitable_line).join(" "),
      barcode: boleto.barcode,
      instructions: party.instructions ?? t("charges.print.defaultInstructions"),
    });
    const url = URL.createObjectURL(new Blob([bytes.slice().buffer], { type: "application/pdf" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `boleto-${boleto.due_date}-${stripBoletoSeparators(boleto.digitable_line).slice(-10)}.pdf`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <Button type="button" variant="outline" className="h-11" onClick={() => void download()}>
      <Download aria-hidden /> {t("charges.code.downloadPdf")}
    </Button>
  );
}

export function BoletoCode({
  boleto: b,
  amount,
  currency,
  party,
  printHref,
  printHere,
  qr = null,
}: {
  boleto: BoletoDto;
  amount: string;
  currency: string;
  party: BoletoPdfParty | null;
  /** the printable boleto's page */
  printHref?: string | null;
  /** or: print this page */
  printHere?: boolean;
  /** the boleto's PIX QR, drawn by the server (components/receive/qr-image.tsx) */
  qr?: React.ReactNode;
}) {
  const { t, locale } = useI18n();
  return (
    <div className="grid grid-cols-1 gap-4">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted-foreground">{t("charges.code.dueDate")}</dt>
        <dd className="font-medium" data-testid="due-date">
          {formatDueDate(b.due_date, locale)}
        </dd>
        <dt className="text-muted-foreground">{t("charges.code.registration")}</dt>
        <dd>{b.registration === "registered" ? t("charges.code.registered") : t("charges.code.registrationPending")}</dd>
      </dl>
      <div className="order-1 grid gap-3 sm:order-2">
        <CopyCodeButton value={stripBoletoSeparators(b.digitable_line)} label={t("charges.code.copyBoleto")} copiedLabel={t("common.copied")} testId="copy-code" />
        <DigitableLine line={b.digitable_line} label={t("charges.code.digitableLine")} />
      </div>
      <div className="order-2 grid gap-2 sm:order-1">
        <div className="overflow-hidden rounded-md bg-white ring-1 ring-border" data-testid="boleto-barcode">
          <ItfBarcode digits={b.barcode} label={t("charges.code.boletoBarcode")} height={64} />
        </div>
      </div>
      <p className="order-3 text-xs text-muted-foreground">{t("charges.code.boletoHelp")}</p>
      <div className="order-4 flex flex-wrap gap-2 print:hidden">
        {b.url ? (
          <a href={b.url} target="_blank" rel="noopener noreferrer" data-slot="button" className={buttonVariants({ variant: "outline", className: "h-11" })}>
            <ExternalLink aria-hidden /> {t("charges.code.openPdf")}
          </a>
        ) : (
          party && <BoletoPdfButton boleto={b} amount={amount} currency={currency} party={party} />
        )}
        {printHere && !b.url && <PrintButton label={t("charges.public.print")} />}
        {printHref && (
          <a href={printHref} target="_blank" rel="noopener" data-slot="button" className={buttonVariants({ variant: "ghost", className: "h-11" })}>
            <Printer aria-hidden /> {t("charges.code.printable")}
          </a>
        )}
      </div>
      {b.pix_qrcode && (
        <div className="order-5 grid gap-3 border-t pt-4">
          <p className="text-sm font-medium">{t("charges.code.orPix")}</p>
          <CopyCodeButton value={b.pix_qrcode} label={t("charges.code.copyPix")} copiedLabel={t("common.copied")} variant="outline" />
          {qr}
          <CodeText value={b.pix_qrcode} label={t("charges.code.pixCopyPaste")} testId="pix-code" />
        </div>
      )}
    </div>
  );
}
