import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/i18n/format";
import type { Locale, Translate } from "@/lib/i18n/translate";
import type { OtherWalletDto } from "@/lib/wallets/service";
import { WalletDeposits } from "./wallet-deposits";

/**
 * Deposits the provider reported for wallets this dashboard has no record of: created by another
 * integration of the account, or by a creation here whose answer was lost (the API has no wallet
 * list, so this is the only place such a wallet can surface).
 */
export function OtherWallets({ wallets, t, locale }: { wallets: OtherWalletDto[]; t: Translate; locale: Locale }) {
  return (
    <Card className="gap-4 py-4 sm:py-6" data-testid="other-wallets" role="region" aria-labelledby="other-wallets-title">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id="other-wallets-title" className="text-base">
            {t("wallets.other.title")}
          </h2>
        </CardTitle>
        <CardDescription>{t("wallets.other.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        {wallets.map((w) => (
          <div key={w.walletId} className="grid gap-1 border-t pt-3 first:border-t-0 first:pt-0" data-testid="other-wallet" data-wallet-id={w.walletId}>
            <h3 className="font-mono text-sm break-all">{t("wallets.walletId", { id: w.walletId })}</h3>
            <p className="text-xs text-muted-foreground">
              {t("wallets.paidDeposits", { count: w.confirmedCount })}
              {w.currency ? ` · ${t("wallets.received")}: ${formatMoney(w.received, w.currency, locale)}` : ""}
            </p>
            <WalletDeposits deposits={w.deposits} t={t} locale={locale} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
