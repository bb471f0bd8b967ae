import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ArrowLeft, Download } from "@/components/ui/icons";
import { PrintButton } from "@/components/receive/print-button";
import { ReceiptView } from "@/components/transactions/receipt-view";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { transactionDetail } from "@/lib/transactions/detail";
import { receiptOf } from "@/lib/transactions/receipt";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("receipt.pageTitle") };
}

/**
 * A transaction's receipt, printable (the page, without the dashboard around it) and as a PDF
 * (./receipt.pdf, the same words). Only a member of the organisation sees it, for a transaction of
 * the environment their pages show that moved money; anything else is the 404 page.
 */
export default async function ReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const { access, db, scope, environment, t, locale } = await pageContext("dashboard.view");
  const { id } = await params;
  const detail = await transactionDetail(db, scope, id.slice(0, 100));
  if (!detail?.hasReceipt) notFound();
  const receipt = receiptOf(detail, { organization: access.organizationName, environment, t, locale, now: new Date() });
  const path = `/transactions/${encodeURIComponent(detail.transactionId)}`;
  return (
    <main className="mx-auto grid max-w-2xl gap-4 p-4 md:p-8 print:max-w-none print:p-0">
      <nav className="flex flex-wrap items-center justify-between gap-2 print:hidden" aria-label={t("receipt.pageTitle")}>
        <Link href={`/transactions?tx=${encodeURIComponent(detail.transactionId)}`} className="inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          {t("receipt.back")}
        </Link>
        <div className="flex flex-wrap gap-2">
          <PrintButton label={t("receipt.print")} />
          <a
            href={`${path}/receipt.pdf`}
            download
            data-testid="receipt-pdf"
            className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <Download aria-hidden className="size-4" />
            {t("receipt.download")}
          </a>
        </div>
      </nav>
      <ReceiptView receipt={receipt} />
    </main>
  );
}
