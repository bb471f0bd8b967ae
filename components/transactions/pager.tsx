import Link from "@/components/ui/link";
import { ChevronLeft, ChevronRight } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/plain-button";
import { PAGE_SIZES, serializeTransactionSearchParams, type ParsedTransactionSearchParams } from "@/lib/transactions/filters";
import type { TransactionPage } from "@/lib/transactions/query";
import type { Translate } from "@/lib/i18n";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/vocabulary";
import { cn } from "@/lib/utils";

/** Previous / next and the page size as plain links: they work before JavaScript loads and keep every filter. */
export function Pager({ page, params, t, locale }: { page: TransactionPage; params: ParsedTransactionSearchParams; t: Translate; locale: Locale }) {
  const href = (patch: { page?: number | null; size?: number | null }) => serializeTransactionSearchParams("/transactions", { ...params, tx: null, ...patch }) ;
  const first = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, page.page * page.pageSize);
  const nav = (enabled: boolean, target: number, label: string, icon: React.ReactNode, testId: string) =>
    enabled ? (
      <Link href={href({ page: target === 1 ? null : target })} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={label} data-testid={testId} scroll={false}>
        {icon}
      </Link>
    ) : (
      <button type="button" className={buttonVariants({ variant: "outline", size: "sm" })} disabled aria-label={label}>
        {icon}
      </button>
    );
  return (
    <nav aria-label={t("transactions.pager.page", { page: page.page, pages: page.pages })} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" data-testid="pager-summary">
        {t("transactions.pager.summary", { from: formatNumber(first, locale), to: formatNumber(last, locale), total: formatNumber(page.total, locale) })}
      </p>
      <div className="flex items-center gap-3">
        <span className="flex items-center gap-1 text-muted-foreground">
          {t("transactions.pager.pageSize")}:
          {PAGE_SIZES.map((s) => (
            <Link
              key={s}
              href={href({ size: s === 25 ? null : s, page: null })}
              aria-current={s === page.pageSize ? "true" : undefined}
              className={cn("rounded px-1.5 py-0.5 tabular-nums", s === page.pageSize ? "bg-muted font-medium text-foreground" : "hover:text-foreground")}
              scroll={false}
            >
              {s}
            </Link>
          ))}
        </span>
        <span className="tabular-nums text-muted-foreground">{t("transactions.pager.page", { page: page.page, pages: page.pages })}</span>
        {nav(page.page > 1, page.page - 1, t("transactions.pager.previous"), <ChevronLeft aria-hidden />, "pager-previous")}
        {nav(page.page < page.pages, page.page + 1, t("transactions.pager.next"), <ChevronRight aria-hidden />, "pager-next")}
      </div>
    </nav>
  );
}
