/**
 * A boleto, paid from a phone or scanned from a screen: the due date as banks write it, the main
 * button that copies its number, the digitable line in the groups banks print, the ITF barcode
 * fitted to its box, its PIX code when it is a hybrid, and its PDF (the provider's, or one made
 * here from the same numbers) and printable page. On a phone the button comes first; on a wider
 * screen the barcode does, for a phone's camera to read it.
 *
 * A server component: the browser gets only its live parts (the copy buttons, the barcode fitted to
 * its box, the PDF and print buttons), not its layout nor the boleto's number rules.
 */
import { ExternalLink, Printer } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/plain-button";
import { getI18n } from "@/lib/i18n/server";
import { BoletoPdfButton, type BoletoPdfParty } from "@/components/receive/boleto-pdf-button";
import { ItfBarcode } from "@/components/receive/itf-barcode";
import { PrintButton } from "@/components/receive/print-button";
import { CopyCodeButton } from "@/components/receive/copy-code-button";
import { CodeText, DigitableLine } from "@/components/receive/code-text";
import { digitableGroups, stripBoletoSeparators } from "@/lib/payments/boleto";
import { formatDueDate } from "@/lib/i18n/format";
import type { BoletoDto } from "@/lib/charges/service";

export type { BoletoPdfParty };

export async function BoletoCode({
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
  const { t, locale } = await getI18n();
  const digits = stripBoletoSeparators(b.digitable_line);
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
        <CopyCodeButton value={digits} label={t("charges.code.copyBoleto")} copiedLabel={t("common.copied")} testId="copy-code" />
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
          party && (
            <BoletoPdfButton
              dueDate={b.due_date}
              barcode={b.barcode}
              digitableLine={digitableGroups(b.digitable_line).join(" ")}
              fileName={`boleto-${b.due_date}-${digits.slice(-10)}.pdf`}
              amount={amount}
              currency={currency}
              party={party}
            />
          )
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
