import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckCircle2 } from "@/components/ui/icons";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ChargeCode } from "@/components/receive/charge-code";
import { chargeQr } from "@/components/receive/qr-image";
import { speiBankName } from "@/lib/payments/clabe";
import { PayStatusWatcher } from "@/components/receive/pay-status";
import { getDb } from "@/lib/db";
import { publicCharge } from "@/lib/charges/service";
import { merchantIdentity, payPageScope } from "@/lib/receive/merchant";
import { formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("charges.public.title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * The public payment page a merchant sends to a payer, made for paying from a phone: who is paid
 * (the name, and the legal name and CNPJ the payer's bank will show), the amount, the status live,
 * and how to pay with the copy button first. It shows nothing else (no member, no other charge, no
 * id that opens anything), and answers only while the charge is payable (or for a day after it was
 * paid, without its code).
 */
export default async function PayPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const charge = await publicCharge(db, token);
  if (!charge) notFound();
  const scope = await payPageScope(db, token);
  const identity = scope ? await merchantIdentity(scope) : { legalName: null, document: null };
  const { t, locale } = await getI18n();
  const paid = charge.status === "paid";
  const payable = !paid && !charge.verifying;
  const legalName = identity.legalName && identity.legalName !== charge.merchant ? identity.legalName : null;
  const amount = formatMoney(charge.amount, charge.currency, locale);
  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-lg grid-cols-1 content-start gap-4 px-3 py-4 sm:px-4 sm:py-8 print:py-0">
      <PayStatusWatcher token={token} status={`${charge.status}:${charge.verifying}`} />
      <Card className="gap-4 py-5 sm:gap-6 sm:py-6">
        <CardHeader className="px-4 sm:px-6">
          <CardDescription>{t("charges.public.payTo", { merchant: charge.merchant })}</CardDescription>
          <h1 className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="pay-amount">
            {amount}
          </h1>
          {(legalName || identity.document) && (
            <p className="text-sm text-muted-foreground" data-testid="pay-merchant">
              {legalName}
              {legalName && identity.document && " · "}
              {identity.document && <span className="whitespace-nowrap">{identity.document}</span>}
            </p>
          )}
          {charge.description && <p className="text-sm text-muted-foreground">{charge.description}</p>}
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 px-4 sm:px-6">
          <div role="status" aria-live="polite" data-testid="pay-status">
            {paid ? (
              <div className="grid justify-items-center gap-2 rounded-lg bg-success/10 p-6 text-center" data-testid="pay-paid">
                <CheckCircle2 aria-hidden className="size-10 text-success" />
                <p className="text-xl font-semibold">{t("charges.public.paidTitle")}</p>
                <p className="text-sm">{t("charges.public.paidText", { merchant: charge.merchant })}</p>
              </div>
            ) : charge.verifying ? (
              <p className="text-sm text-muted-foreground">{t("charges.public.verifying")}</p>
            ) : (
              <p className="text-sm text-muted-foreground">{t("charges.public.waiting")}</p>
            )}
          </div>
          {payable && (
            <ChargeCode
              charge={charge}
              pdf={{ beneficiary: { name: identity.legalName ?? charge.merchant, document: identity.document }, instructions: charge.description }}
              printHere
              forPayer
              qr={chargeQr(charge, t)}
              speiBank={speiBankName(charge.paymentInfo)}
            />
          )}
        </CardContent>
      </Card>
      <p className="text-center text-xs text-muted-foreground print:hidden">{t("charges.public.footer")}</p>
    </main>
  );
}
