import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ItfBarcode } from "@/components/receive/itf-barcode";
import { PrintButton } from "@/components/receive/print-button";
import { getCharge } from "@/lib/charges/service";
import { formatDueDate, formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("charges.print.title") };
}

/**
 * A printable boleto for when the API gives no PDF ("when url is null the boleto is rendered from the
 * barcode"): payee, payer, amount, due date, the digitable line and the ITF barcode, on one page,
 * black on white, without the dashboard around it.
 */
export default async function PrintBoletoPage({ params }: { params: Promise<{ id: string }> }) {
  const { access, db, scope, t, locale } = await pageContext("dashboard.view");
  const { id } = await params;
  const charge = await getCharge(db, scope, id);
  if (!charge?.boleto) notFound();
  const b = charge.boleto;
  const p = charge.payer as { name?: string; document?: string; address?: Record<string, string> };
  const a = p.address ?? {};
  const cell = "border border-black p-2 align-top";
  const label = "block text-[10px] uppercase tracking-wide text-neutral-600";
  return (
    <main className="mx-auto max-w-[900px] bg-white p-6 text-black print:p-0">
      <div className="mb-4 flex items-center justify-between print:hidden">
        <p className="text-sm text-neutral-600">{t("charges.print.hint")}</p>
        <PrintButton label={t("charges.public.print")} />
      </div>
      <h1 className="mb-2 text-lg font-semibold">{t("charges.print.heading")}</h1>
      <p className="mb-3 font-mono text-base font-semibold tracking-wide" data-testid="print-line">
        {b.digitable_line}
      </p>
      <table className="w-full border-collapse text-sm">
        <tbody>
          <tr>
            <td className={cell} colSpan={2}>
              <span className={label}>{t("charges.print.payee")}</span>
              {access.organizationName}
            </td>
            <td className={cell}>
              <span className={label}>{t("charges.code.dueDate")}</span>
              <strong>{formatDueDate(b.due_date, locale)}</strong>
            </td>
          </tr>
          <tr>
            <td className={cell} colSpan={2}>
              <span className={label}>{t("charges.print.payer")}</span>
              {p.name} {p.document && `· ${p.document}`}
              <br />
              {[a.address, a.number, a.complement, a.district, a.city, a.uf, a.zipCode].filter(Boolean).join(", ")}
            </td>
            <td className={cell}>
              <span className={label}>{t("charges.detail.amount")}</span>
              <strong>{formatMoney(charge.amount, charge.currency, locale)}</strong>
            </td>
          </tr>
          <tr>
            <td className={cell}>
              <span className={label}>{t("charges.detail.reference")}</span>
              <span className="font-mono text-xs break-all">{charge.externalId}</span>
            </td>
            <td className={cell} colSpan={2}>
              <span className={label}>{t("charges.print.instructions")}</span>
              {charge.description ?? t("charges.print.defaultInstructions")}
            </td>
          </tr>
        </tbody>
      </table>
      <div className="mt-4">
        <ItfBarcode digits={b.barcode} label={t("charges.code.boletoBarcode")} height={64} />
      </div>
    </main>
  );
}
