"use client";

/** A boleto's PDF made in the browser from its numbers (./boleto-code.tsx, when the provider gives none). */
import { Download } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatDueDate, formatMoney } from "@/lib/i18n/format";
import { saveFile } from "@/lib/save-file";

/** Who the PDF names: the merchant (and its document, formatted), the payer when the page may name them. */
export type BoletoPdfParty = { beneficiary: { name: string; document?: string | null }; payer?: string | null; instructions?: string | null };

export function BoletoPdfButton({
  dueDate,
  barcode,
  digitableLine,
  fileName,
  amount,
  currency,
  party,
}: {
  dueDate: string;
  barcode: string;
  /** the digitable line in the groups banks print */
  digitableLine: string;
  fileName: string;
  amount: string;
  currency: string;
  party: BoletoPdfParty;
}) {
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
      dueDate: formatDueDate(dueDate, locale),
      digitableLine,
      barcode,
      instructions: party.instructions ?? t("charges.print.defaultInstructions"),
    });
    saveFile(new Blob([bytes.slice().buffer], { type: "application/pdf" }), fileName);
  };
  return (
    <Button type="button" variant="outline" className="h-11" onClick={() => void download()}>
      <Download aria-hidden /> {t("charges.code.downloadPdf")}
    </Button>
  );
}

