import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckCircle2 } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { ChargeCode } from "@/components/receive/charge-code";
import { PayStatusWatcher, PrintButton } from "@/components/receive/pay-status";
import { getDb } from "@/lib/db";
import { publicCharge } from "@/lib/charges/service";
import { formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("charges.public.title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * The public payment page a merchant sends to a payer: how to pay, the amount, the merchant's name
 * and the status, live. It shows nothing else (no member, no other charge, no id that opens
 * anything), and answers only while the charge is payable (or for a day after it was paid).
 */
export default async function PayPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const charge = await publicCharge(await getDb(), token);
  if (!charge) notFound();
  const { t, locale } = await getI18n();
  const paid = charge.status === "paid";
  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-lg grid-cols-1 content-start gap-4 px-4 py-8 print:py-0">
      <PayStatusWatcher token={token} status={`${charge.status}:${charge.verifying}`} />
      <Card>
        <CardHeader>
          <CardDescription>{t("charges.public.payTo", { merchant: charge.merchant })}</CardDescription>
          <CardTitle>
            <h1 className="text-2xl" data-testid="pay-amount">
              {formatMoney(charge.amount, charge.currency, locale)}
            </h1>
          </CardTitle>
          {charge.description && <p className="text-sm text-muted-foreground">{charge.description}</p>}
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <div role="status" aria-live="polite" data-testid="pay-status">
            {paid ? (
              <Alert variant="success">
                <CheckCircle2 aria-hidden />
                <AlertDescription>{t("charges.public.paid")}</AlertDescription>
              </Alert>
            ) : charge.verifying ? (
              <p className="text-sm text-muted-foreground">{t("charges.public.verifying")}</p>
            ) : (
              <p className="text-sm text-muted-foreground">{t("charges.public.waiting")}</p>
            )}
          </div>
          {!paid && (
            <ChargeCode charge={charge} />
          )}
          {!paid && charge.boleto && !charge.boleto.url && <PrintButton label={t("charges.public.print")} />}
        </CardContent>
      </Card>
      <p className="text-center text-xs text-muted-foreground print:hidden">{t("charges.public.footer")}</p>
    </main>
  );
}
