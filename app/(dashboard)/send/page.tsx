import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import { NotConnected } from "@/components/shell/not-connected";
import { SectionCard } from "@/components/shell/section-card";
import { LiveRefresh } from "@/components/live/live-refresh";
import { PayoutForm } from "@/components/send/payout-form";
import { PayoutList } from "@/components/send/payout-list";
import { can } from "@/lib/auth/roles";
import { getApprovalPolicy, listPayouts } from "@/lib/payouts/service";
import { reviewInputs } from "@/lib/payouts/review-inputs";
import { amountForNet } from "@/lib/payouts/fees";
import { sandboxToolsAvailable } from "@/lib/sandbox-control/tools";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { badgesTag, keep, outgoingTag, policyTag, USERS_TAG } from "@/lib/pages/kept";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.send.title") };
}

/** Send a payout (PIX, SPEI, crypto) after reviewing it; the latest payouts with their live status. */
export default async function SendPage() {
  const { access, t, locale, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  if (!isConnected) return <NotConnected access={access} environment={environment} />;
  const canSend = can(access.role, "money.move");
  const org = access.organizationId;
  // The same for the whole team until a payout, its transaction (`outgoing:`: not a charge's), a requester's name or the policy changes.
  const [payouts, policy, inputs, sandboxTools] = await Promise.all([
    keep(`payouts:${org}:${environment}`, [badgesTag(org), outgoingTag(org), USERS_TAG], () => listPayouts(db, target, { limit: 15 })),
    keep(`policy:${org}`, [policyTag(org)], () => getApprovalPolicy(db, org)),
    canSend ? reviewInputs(access, environment) : null,
    sandboxToolsAvailable(access, environment),
  ]);
  return (
    <>
      <ProviderNotice access={access} environment={environment} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <SectionCard title={t("send.form.title")} description={t("send.form.intro")}>
          {canSend && inputs ? (
            <PayoutForm balances={inputs.balances} fees={inputs.fees} policy={policy} pixReceivable={amountForNet(inputs.fees, "pix", "BRL", "1") !== null} />
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="send-not-allowed">
              {t("send.roleOnly", { role: t(`roles.${access.role}`) })}
            </p>
          )}
        </SectionCard>
        <SectionCard title={t("send.list.title")} description={t("send.list.description")} action={<LiveRefresh kinds={["transaction"]} environment={environment} after={after} />} className="content-start">
          <PayoutList payouts={payouts} t={t} locale={locale} canSend={canSend} sandboxTools={sandboxTools} />
        </SectionCard>
      </div>
    </>
  );
}
