import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "@/components/ui/icons";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SectionCard } from "@/components/shell/section-card";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { LiveRefresh } from "@/components/live/live-refresh";
import { TransactionStatus } from "@/components/events/transaction-status";
import { ChargeCode } from "@/components/receive/charge-code";
import { chargeQr } from "@/components/receive/qr-image";
import { speiBankName } from "@/lib/payments/clabe";
import { ShareCharge } from "@/components/receive/share-charge";
import { SandboxChargeTools } from "@/components/receive/charge-actions";
import { PayLink } from "@/components/receive/pay-link";
import { can } from "@/lib/auth/roles";
import { apiContext } from "@/lib/api-context";
import { publicBaseUrl } from "@/lib/env";
import { getCharge } from "@/lib/charges/service";
import { merchantIdentity } from "@/lib/receive/merchant";
import { formatDocument, isValidCnpj, isValidCpf } from "@/lib/payments/documents";
import { sandboxToolsAvailable } from "@/lib/sandbox-control/tools";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("charges.detail.title") };
}

const FINAL = new Set(["confirmed", "expired", "refunded", "cancelled", "failed"]);
const CLOSED = ["expired", "refunded", "cancelled", "failed"] as const;
const closedStatus = (status: string | null) => CLOSED.find((s) => s === status) ?? null;

/** The payer as a boleto names them: "Ana Souza · 529.982.247-25". */
function payerLine(payer: { name?: string; document?: string }): string | null {
  const doc = payer.document && (isValidCpf(payer.document) || isValidCnpj(payer.document)) ? formatDocument(payer.document) : payer.document;
  return [payer.name, doc].filter(Boolean).join(" · ") || null;
}

/** One charge: how to pay it, its live status, its payment page and (sandbox) the tools to drive it. */
export default async function ChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { access, t, locale, environment, db, scope: target, after } = await pageContext("dashboard.view");
  const { id } = await params;
  const charge = await getCharge(db, target, id);
  if (!charge) notFound();
  const tools = can(access.role, "charges.create") && charge.state === "created" && (await sandboxToolsAvailable(access, environment));
  const settled = charge.status !== null && FINAL.has(charge.status);
  // The countdown runs on the provider's clock (its expiry is judged there).
  const clockOffsetMs = await (await apiContext()).clockOffsetMs(target);
  const payUrl = `${publicBaseUrl()}/pay/${charge.payToken}`;
  const payable = charge.state === "created" && !settled;
  // A boleto's PDF names the merchant as the provider knows it (legal name and CNPJ).
  const identity = payable && charge.boleto ? await merchantIdentity(target, access.userId) : null;
  const closed = charge.state === "created" ? closedStatus(charge.status) : null;
  const rows: [string, React.ReactNode][] = [
    [t("charges.detail.amount"), formatMoney(charge.amount, charge.currency, locale)],
    ...(charge.fee !== null ? ([[t("charges.detail.fee"), formatMoney(charge.fee, charge.currency, locale)]] as [string, React.ReactNode][]) : []),
    ...(charge.amountNet !== null ? ([[t("charges.detail.net"), formatMoney(charge.amountNet, charge.currency, locale)]] as [string, React.ReactNode][]) : []),
    [t("charges.detail.method"), t(`charges.methods.${charge.method}`)],
    [t("charges.detail.payer"), payerLine(charge.payer) ?? "—"],
    [t("charges.detail.created"), formatDateTime(charge.createdAt, locale)],
    [
      t("charges.detail.reference"),
      <span key="ref" className="inline-flex items-center gap-1 font-mono text-xs break-all">
        {charge.externalId} <CopyButton value={charge.externalId} label={t("charges.detail.copyReference")} copiedLabel={t("common.copied")} />
      </span>,
    ],
  ];
  if (charge.transactionId) {
    rows.push([
      t("charges.detail.transaction"),
      <Link key="tx" href={`/transactions?tx=${charge.transactionId}`} className="font-mono text-xs break-all underline underline-offset-2">
        {charge.transactionId}
      </Link>,
    ]);
  }
  if (charge.e2eId) rows.push([t("charges.detail.e2e"), <span key="e2e" className="font-mono text-xs break-all">{charge.e2eId}</span>]);
  if (charge.txHash) rows.push([t("charges.detail.hash"), <span key="hash" className="font-mono text-xs break-all">{charge.txHash}</span>]);

  return (
    <>
      <PageHeader
        title={`${formatMoney(charge.amount, charge.currency, locale)} · ${t(`charges.methods.${charge.method}`)}`}
        description={t("charges.detail.description")}
        actions={
          <Link href="/receive" className="inline-flex items-center gap-1 text-sm underline-offset-2 hover:underline">
            <ArrowLeft aria-hidden className="size-4" /> {t("charges.detail.back")}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>
              <h2>{t("charges.detail.howToPay")}</h2>
            </CardTitle>
            <div className="flex items-center gap-3" data-testid="charge-status">
              {charge.state === "created" && charge.status ? (
                <TransactionStatus status={charge.status} reportedStatus={charge.reportedStatus} t={t} />
              ) : (
                <span className="text-sm text-muted-foreground">{t(`charges.state.${charge.state}`)}</span>
              )}
              <LiveRefresh kinds={["transaction"]} environment={environment} after={after} />
            </div>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            {charge.status === "confirmed" && (
              <Alert variant="success" data-testid="charge-paid">
                <AlertDescription>
                  {charge.amountNet !== null && charge.fee !== null
                    ? t("charges.detail.paidCredited", { net: formatMoney(charge.amountNet, charge.currency, locale), fee: formatMoney(charge.fee, charge.currency, locale) })
                    : t("charges.detail.paid")}
                </AlertDescription>
              </Alert>
            )}
            {charge.state !== "created" ? (
              <Alert variant={charge.state === "failed" ? "destructive" : "default"}>
                <AlertDescription>{charge.state === "failed" ? t("charges.detail.failed", { code: charge.errorCode ?? "" }) : t("charges.detail.sending")}</AlertDescription>
              </Alert>
            ) : closed ? (
              <Alert data-testid="charge-closed">
                <AlertDescription>{t(`charges.detail.closed.${closed}`)}</AlertDescription>
              </Alert>
            ) : (
              payable && (
                <>
                  <ChargeCode
                    charge={{ ...charge, clockOffsetMs }}
                    printHref={`/print/boleto/${charge.id}`}
                    pdf={{ beneficiary: { name: identity?.legalName ?? access.organizationName, document: identity?.document }, payer: payerLine(charge.payer), instructions: charge.description }}
                    qr={chargeQr(charge, t)}
                    speiBank={speiBankName(charge.paymentInfo)}
                  />
                  <ShareCharge charge={charge} merchant={access.organizationName} payUrl={charge.payEnabled ? payUrl : null} payerEmail={charge.payer.email} t={t} locale={locale} />
                </>
              )
            )}
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <SectionCard title={t("charges.detail.details")}>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              {rows.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-muted-foreground">{k}</dt>
                  <dd className="min-w-0">{v}</dd>
                </div>
              ))}
            </dl>
          </SectionCard>
          {charge.state === "created" && (
            <SectionCard title={t("charges.pay.title")} description={t("charges.pay.description")}>
              <PayLink chargeId={charge.id} url={payUrl} enabled={charge.payEnabled} canChange={can(access.role, "charges.create")} />
            </SectionCard>
          )}
          {tools && (
            <Card data-testid="sandbox-tools">
              <CardHeader>
                <CardTitle>
                  <h2>{t("charges.sandbox.title")}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <SandboxChargeTools chargeId={charge.id} status={charge.status} />
              </CardContent>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
