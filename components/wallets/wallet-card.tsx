import Link from "@/components/ui/link";
import { TriangleAlert } from "@/components/ui/icons";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import type { Locale, Translate } from "@/lib/i18n/translate";
import type { WalletSummaryDto } from "@/lib/wallets/service";
import { chainName } from "@/lib/payments/chain-names";
import { kindName, walletName } from "./labels";
import { WalletQr } from "./wallet-qr";
import { WalletDeposits } from "./wallet-deposits";
import { SimulateDepositDialog } from "./simulate-deposit-dialog";

/** The Transactions view of every deposit to wallets in a currency (the closest filter it offers). */
export const walletDepositsHref = (currency: string) => `/transactions?source=wallet_deposit&currency=${encodeURIComponent(currency)}`;

/**
 * One fixed wallet: its identifier to copy and as a QR code, what it has received, and its newest
 * deposits. `simulate`: the sandbox's "Simulate deposit" tool is offered (sandbox credential only).
 */
export function WalletCard({ wallet: w, t, locale, simulate }: { wallet: WalletSummaryDto; t: Translate; locale: Locale; simulate: boolean }) {
  const name = walletName(t, w);
  const kind = kindName(t, w.kind);
  const headingId = `wallet-${w.id}-name`;
  const created = formatDateTime(w.createdAt, locale);
  return (
    <Card data-testid="wallet-card" data-wallet-id={w.walletId} data-currency={w.currency} aria-labelledby={headingId} role="region" className="gap-4 py-4 sm:py-6">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id={headingId} className="text-base break-words">
            {name}
          </h2>
        </CardTitle>
        <CardDescription className="grid gap-0.5">
          {/* Without a label, the title already says this. */}
          {w.label && (
            <span>
              {w.currency} · {kind}
              {w.chain ? ` · ${chainName(w.chain)}` : ""}
            </span>
          )}
          <span>{w.createdBy ? t("wallets.createdBy", { date: created, name: w.createdBy }) : t("wallets.createdOn", { date: created })}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:px-6">
        {w.identifier ? <WalletQr value={w.identifier} label={t("wallets.qrLabel", { kind })} /> : null}
        <div className="grid min-w-0 content-start gap-3">
          <div className="grid gap-1">
            <p className="text-xs font-medium text-muted-foreground">
              {kind}
            </p>
            {w.identifier ? (
              <div className="flex items-start gap-1">
                <code data-testid="wallet-identifier" className="min-w-0 rounded-md bg-muted px-2 py-1 font-mono text-sm break-all select-all">
                  {w.identifier}
                </code>
                <CopyButton value={w.identifier} label={t(`wallets.copy.${w.kind ?? "address"}`)} copiedLabel={t("common.copied")} className="size-8" />
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{t("wallets.noIdentifier")}</p>
            )}
          </div>
          {w.kind === "address" && w.chain && (
            <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="wallet-network-warning">
              <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0 text-warning" />
              <span>
                {t("wallets.networkWarning", { currency: w.currency, chain: chainName(w.chain) })}
                {w.minConfirmations ? ` ${t("wallets.confirmations", { count: w.minConfirmations })}` : ""}
              </span>
            </p>
          )}
          <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-md">
            <div className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{t("wallets.received")}</dt>
              <dd className="font-medium tabular-nums" data-testid="wallet-received" data-amount={w.received}>
                {formatMoney(w.received, w.currency, locale)}
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{t("wallets.receivedNet")}</dt>
              <dd className="tabular-nums" data-testid="wallet-received-net" data-amount={w.receivedNet}>
                {formatMoney(w.receivedNet, w.currency, locale)}
              </dd>
            </div>
          </dl>
          {/* With no deposit at all, the deposits below say so once. */}
          {w.depositCount > 0 && (
            <p className="text-xs text-muted-foreground" data-testid="wallet-deposit-count">
              {t("wallets.paidDeposits", { count: w.confirmedCount })}
              {w.lastDepositAt ? ` · ${t("wallets.lastDeposit", { date: formatDateTime(w.lastDepositAt, locale) })}` : ""}
            </p>
          )}
          {/* The wallet's id, for an integration or the provider's support: after what a payer needs. */}
          <p className="inline-flex min-w-0 items-center gap-1 font-mono text-xs text-muted-foreground">
            <span className="truncate">{t("wallets.walletId", { id: w.walletId })}</span>
            <CopyButton value={w.walletId} label={t("wallets.copyWalletId")} copiedLabel={t("common.copied")} />
          </p>
        </div>
      </CardContent>
      <CardContent className="grid gap-2 border-t px-4 pt-4 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">{t("wallets.depositsTitle")}</h3>
          {simulate && <SimulateDepositDialog walletId={w.walletId} currency={w.currency} name={name} />}
        </div>
        {w.deposits.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="wallet-no-deposits">
            {t("wallets.noDeposits")}
          </p>
        ) : (
          <WalletDeposits deposits={w.deposits} t={t} locale={locale} />
        )}
        {w.depositCount > 0 && (
          <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
            {w.depositCount > w.deposits.length ? <span>{t("wallets.showingLatest", { shown: w.deposits.length, total: w.depositCount })}</span> : <span />}
            <Link href={walletDepositsHref(w.currency)} className="rounded-sm underline underline-offset-4 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              {t("wallets.allInTransactions", { currency: w.currency })}
            </Link>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
