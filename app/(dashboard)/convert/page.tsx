import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { SectionCard } from "@/components/shell/section-card";
import { LiveRefresh } from "@/components/live/live-refresh";
import { ConvertPanel, type BalanceLine } from "@/components/convert/convert-panel";
import { ConversionList } from "@/components/convert/conversion-list";
import { can } from "@/lib/auth/roles";
import { readBalance } from "@/lib/api-context";
import { describeFailure } from "@/lib/api-context/describe";
import { listConversions } from "@/lib/conversions/service";
import { initialPair, isConversionCurrency } from "@/lib/conversions/form";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { conversionsTag, keep, outgoingTag } from "@/lib/pages/kept";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.convert.title") };
}

/** Convert: the live rate, a quote with its countdown, the conversion, and the latest conversions. */
export default async function ConvertPage() {
  // Every page checks for itself; the layout's check does not protect what a page renders.
  const { access, t, locale, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  const header = <PageHeader title={t("pages.convert.title")} description={t("pages.convert.description")} />;
  if (!isConnected) {
    return (
      <>
        {header}
        <NotConnected access={access} environment={environment} />
      </>
    );
  }
  const canConvert = can(access.role, "money.move");
  const [conversions, balance] = await Promise.all([
    // The same for the whole team until a conversion (or its transaction, for the status: `outgoing:`) changes.
    keep(`conversions:${access.organizationId}:${environment}`, [conversionsTag(access.organizationId), outgoingTag(access.organizationId)], () => listConversions(db, target, 10)),
    canConvert ? readBalance(access, environment).then((r) => ({ ok: true as const, data: r.data }), (e: unknown) => ({ ok: false as const, error: e })) : null,
  ]);
  let balanceError: string | null = null;
  let balances: BalanceLine[] = [];
  if (balance?.ok) balances = balance.data.map((b) => ({ currency: b.currency, available: b.available }));
  else if (balance && !balance.ok) {
    const f = describeFailure(balance.error, environment);
    if (!f) throw balance.error;
    balanceError = t(f.key, f.vars);
  }

  // The form offers the currencies that convert.
  const held = balances.filter((b) => isConversionCurrency(b.currency));

  return (
    <>
      {header}
      <ProviderNotice access={access} environment={environment} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <SectionCard title={t("convert.form.title")} description={t("convert.intro", { environment: t(`environments.${environment}`) })} className="content-start">
          {!canConvert ? (
            <p className="text-sm text-muted-foreground" data-testid="convert-not-allowed">
              {t("convert.roleOnly", { role: t(`roles.${access.role}`) })}
            </p>
          ) : balanceError ? (
            <Alert variant="destructive">
              <AlertDescription>{balanceError}</AlertDescription>
            </Alert>
          ) : balances.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("convert.noBalance")}</p>
          ) : (
            <ConvertPanel balances={held} pair={initialPair(held)} />
          )}
        </SectionCard>
        <SectionCard title={t("convert.list.title")} description={t("convert.list.description")} action={<LiveRefresh kinds={["transaction"]} environment={environment} after={after} />} className="content-start">
          <ConversionList conversions={conversions} t={t} locale={locale} />
        </SectionCard>
      </div>
    </>
  );
}
