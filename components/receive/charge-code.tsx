/**
 * How a payer pays a charge, by method, made for paying from a phone: the main action is one
 * full-width button that copies the code (PIX copy and paste, the boleto's number, the CLABE, the
 * address). PIX keeps its QR code for paying from another device: below the button on a phone, above
 * it on a wider screen. Boleto: see ./boleto-code.tsx. SPEI: the CLABE and bank. Crypto: an address
 * QR with its network and a warning to send only that coin on that network. Once the time is over
 * the code is no longer offered. Shared by the charge's page in the dashboard and the public
 * payment page; a settled charge (paid, expired…) is not shown here at all.
 *
 * A server component: the browser gets only the live parts (the copy button, the time left and the
 * swap to "expired": ./code-parts.tsx), not the layout of every method.
 */
import { AlertTriangle } from "@/components/ui/icons";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { CopyCodeButton } from "@/components/receive/copy-code-button";
import { BoletoCode, type BoletoPdfParty } from "@/components/receive/boleto-code";
import { ExpiredPanel, TimeLeft, UntilExpired } from "@/components/receive/code-parts";
import { secondsLeft } from "@/lib/charges/time-left";
import { CodeText } from "@/components/receive/code-text";
import { formatMoney } from "@/lib/i18n/format";
import { chainName } from "@/lib/payments/chain-names";
import { getI18n } from "@/lib/i18n/server";
import type { PublicCharge } from "@/lib/charges/service";

/** What paying needs: the same fields on a member's view of a charge and on the public one. */
export type ChargeCodeData = Pick<PublicCharge, "method" | "currency" | "chain" | "amount" | "paymentInfo" | "boleto" | "expiresAt"> & Partial<Pick<PublicCharge, "clockOffsetMs">>;

export type ChargeCodeProps = {
  charge: ChargeCodeData;
  /** who a boleto's PDF names; without it no PDF is offered */
  pdf?: BoletoPdfParty | null;
  /** where the printable boleto is */
  printHref?: string | null;
  /** a boleto without the provider's PDF: offer to print this page */
  printHere?: boolean;
  /** shown to the payer (the public page): a PIX QR says it is for paying from another device */
  forPayer?: boolean;
  /** the charge's QR image, drawn by the server (components/receive/qr-image.tsx `chargeQr`) */
  qr?: React.ReactNode;
  /** a SPEI charge's bank, named by the server (lib/payments/clabe.ts `speiBankName`: its list of banks stays there) */
  speiBank?: string | null;
};

export async function ChargeCode(props: ChargeCodeProps) {
  const p = props.charge;
  const timed = p.expiresAt !== null && p.method !== "BOLETO" && p.method !== "PIX_BOLETO";
  if (!timed) return <MethodCode {...props} expiry={null} />;
  // Over already as the server renders it: nothing to copy; else the browser swaps the code out when its time is up.
  // A server component renders once per request: reading the clock here is not a render impurity.
  // eslint-disable-next-line react-hooks/purity
  if (secondsLeft(p.expiresAt!, Date.now(), p.clockOffsetMs) === 0) return <ExpiredPanel />;
  const expiry = (
    <p className="text-center text-sm text-muted-foreground">
      <TimeLeft expiresAt={p.expiresAt!} clockOffsetMs={p.clockOffsetMs} />
    </p>
  );
  return (
    <UntilExpired expiresAt={p.expiresAt!} clockOffsetMs={p.clockOffsetMs}>
      <MethodCode {...props} expiry={expiry} />
    </UntilExpired>
  );
}

async function MethodCode({ charge: p, pdf = null, printHref, printHere, forPayer, qr = null, speiBank = null, expiry }: ChargeCodeProps & { expiry: React.ReactNode }) {
  const { t, locale } = await getI18n();
  const pi = p.paymentInfo ?? {};
  const copied = t("common.copied");

  if (p.method === "PIX" && pi.qrcode) {
    return (
      <div className="grid grid-cols-1 gap-4">
        <div className="order-1 grid gap-2 sm:order-2">
          {expiry}
          <CopyCodeButton value={pi.qrcode} label={t("charges.code.copyPix")} copiedLabel={copied} testId="copy-code" />
        </div>
        <div className="order-2 grid gap-2 sm:order-1">
          {forPayer && <p className="text-center text-sm text-muted-foreground sm:hidden">{t("charges.code.scanFromAnotherDevice")}</p>}
          {qr}
        </div>
        <CodeText value={pi.qrcode} label={t("charges.code.pixCopyPaste")} testId="pix-code" className="order-3" />
        <p className="order-4 text-xs text-muted-foreground">{t("charges.code.pixHelp")}</p>
      </div>
    );
  }

  if ((p.method === "BOLETO" || p.method === "PIX_BOLETO") && p.boleto) {
    return <BoletoCode boleto={p.boleto} amount={p.amount} currency={p.currency} party={pdf} printHref={printHref} printHere={printHere} qr={qr} />;
  }

  if (p.method === "SPEI" && pi.clabe) {
    return (
      <div className="grid grid-cols-1 gap-4">
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">{t("charges.code.bank")}</dt>
          <dd className="font-medium">
            {speiBank ?? "—"} {pi.bank_code && <span className="text-muted-foreground">({pi.bank_code})</span>}
          </dd>
          <dt className="text-muted-foreground">{t("charges.code.exactAmount")}</dt>
          <dd className="font-medium">{formatMoney(p.amount, p.currency, locale)}</dd>
        </dl>
        {expiry}
        <CopyCodeButton value={pi.clabe} label={t("charges.code.copyClabe")} copiedLabel={copied} testId="copy-code" />
        <CodeText value={pi.clabe} label={t("charges.code.clabe")} testId="clabe" />
        <p className="text-xs text-muted-foreground">{t("charges.code.speiHelp")}</p>
      </div>
    );
  }

  if (p.method === "CRYPTO" && pi.address) {
    const code = pi.network ?? pi.chain ?? p.chain ?? "";
    const network = code ? chainName(code) : "";
    return (
      <div className="grid grid-cols-1 gap-4">
        <Alert variant="warning">
          <AlertTriangle aria-hidden />
          <AlertTitle>{t("charges.code.cryptoWarningTitle", { coin: p.currency, network })}</AlertTitle>
          <AlertDescription>{t("charges.code.cryptoWarning", { coin: p.currency, network })}</AlertDescription>
        </Alert>
        <div className="order-1 grid gap-2 sm:order-2">
          {expiry}
          <CopyCodeButton value={pi.address} label={t("charges.code.copyAddress")} copiedLabel={copied} testId="copy-code" />
        </div>
        <div className="order-2 sm:order-1">
          {qr}
        </div>
        <CodeText value={pi.address} label={t("charges.code.address")} testId="deposit-address" className="order-3" />
        <dl className="order-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">{t("charges.code.network")}</dt>
          <dd className="font-medium capitalize">{network}</dd>
          <dt className="text-muted-foreground">{t("charges.code.confirmations")}</dt>
          <dd>{pi.min_confirmations ?? "—"}</dd>
          <dt className="text-muted-foreground">{t("charges.code.exactAmount")}</dt>
          <dd className="font-medium">{formatMoney(p.amount, p.currency, locale)}</dd>
        </dl>
      </div>
    );
  }

  return <p className="text-sm text-muted-foreground">{t("charges.code.none")}</p>;
}
