import Link from "@/components/ui/link";
import { TransactionStatus } from "@/components/events/transaction-status";
import { formatShortDateTime, formatMoney } from "@/lib/i18n/format";
import type { Locale, Translate } from "@/lib/i18n/translate";
import type { WalletDepositDto } from "@/lib/wallets/service";

/**
 * A wallet's newest deposits, newest first: when, who paid, how much, and the mirror's status (with
 * "reported, verifying" while a webhook awaits its read-back). Each opens its detail in Transactions
 * from a real link, so the keyboard reaches it. One row per line on a laptop; two lines on a phone.
 */
export function WalletDeposits({ deposits, t, locale }: { deposits: WalletDepositDto[]; t: Translate; locale: Locale }) {
  return (
    <ul className="divide-y" data-testid="wallet-deposits">
      {deposits.map((d) => (
        <li
          key={d.transactionId}
          data-testid="wallet-deposit"
          data-transaction-id={d.transactionId}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 py-2 text-sm sm:grid-cols-[11rem_minmax(0,1fr)_auto_7rem]"
        >
          <Link
            href={`/transactions?tx=${encodeURIComponent(d.transactionId)}`}
            className="w-fit rounded-sm whitespace-nowrap underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {formatShortDateTime(d.createdAt, locale)}
            <span className="sr-only">, {t("wallets.openDeposit", { id: d.transactionId })}</span>
          </Link>
          <span
            className="text-right font-medium whitespace-nowrap tabular-nums sm:order-3"
            data-testid="wallet-deposit-amount"
            data-amount={d.amount ?? ""}
            data-currency={d.currency ?? ""}
          >
            {d.amount && d.currency ? formatMoney(d.amount, d.currency, locale) : "—"}
          </span>
          <span className="min-w-0 truncate text-muted-foreground sm:order-2" title={d.payerDocument ?? undefined}>
            {d.payerName ?? t("wallets.payerUnknown")}
          </span>
          <span className="justify-self-end sm:order-4">
            <TransactionStatus status={d.status} reportedStatus={d.reportedStatus} t={t} />
          </span>
        </li>
      ))}
    </ul>
  );
}
