import type { Metadata } from "next";
import { NotConnected } from "@/components/shell/not-connected";
import { SectionCard } from "@/components/shell/section-card";
import { LiveRefresh } from "@/components/live/live-refresh";
import { TransferForm } from "@/components/send/transfer-form";
import { PayoutList } from "@/components/send/payout-list";
import { can } from "@/lib/auth/roles";
import { getApprovalPolicy, listPayouts } from "@/lib/payouts/service";
import { reviewInputs } from "@/lib/payouts/review-inputs";
import { CORE_CURRENCIES } from "@/lib/payments/currencies";
import { Money } from "@/lib/payments/money";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: `${t("send.transfer.title")} · ${t("pages.send.title")}` };
}

/** Transfer to another account by username; the latest transfers with their direction. */
export default async function TransferPage() {
  const { access, t, locale, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  if (!isConnected) return <NotConnected access={access} environment={environment} />;
  const canSend = can(access.role, "money.move");
  const [all, policy, inputs] = await Promise.all([
    listPayouts(db, target, { limit: 40 }),
    getApprovalPolicy(db, access.organizationId),
    canSend ? reviewInputs(access, environment) : null,
  ]);
  const transfers = all.filter((p) => p.kind === "transfer").slice(0, 15);
  // The currencies with money available first (in the usual order), then the rest.
  const funded = CORE_CURRENCIES.filter((c) => new Money(inputs?.balances?.[c] ?? 0).gt(0));
  const currencies = [...funded, ...CORE_CURRENCIES.filter((c) => !funded.includes(c))];
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <SectionCard title={t("send.transfer.title")} description={t("send.transfer.intro")}>
        {canSend && inputs ? (
          <TransferForm balances={inputs.balances} currencies={currencies} policy={policy} />
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="send-not-allowed">
            {t("send.roleOnly", { role: t(`roles.${access.role}`) })}
          </p>
        )}
      </SectionCard>
      <SectionCard title={t("send.list.title")} description={t("send.list.description")} action={<LiveRefresh kinds={["transaction"]} environment={environment} after={after} />} className="content-start">
        <PayoutList payouts={transfers} t={t} locale={locale} canSend={canSend} />
      </SectionCard>
    </div>
  );
}
