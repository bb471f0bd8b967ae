/**
 * Sending a charge to the payer from the charge's page: the phone's own share sheet where the
 * browser has one (./native-share-button.tsx, the one part that runs in the browser), and always a
 * WhatsApp link and an e-mail (to the payer's address when the charge has it). The message says who
 * is paid and how much, the due date of a boleto, the payment page's link when it is on, and the code
 * itself, so the payer can pay from the message alone. Written by the server, in the member's language.
 */
import { Mail, MessageCircle } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/plain-button";
import { NativeShareButton } from "@/components/receive/native-share-button";
import { digitableGroups } from "@/lib/payments/boleto";
import { formatDueDate, formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/vocabulary";
import type { Translate } from "@/lib/i18n/translate";
import type { ChargeCodeData } from "@/components/receive/charge-code";

export type ShareChargeProps = {
  charge: ChargeCodeData;
  merchant: string;
  /** the payment page, when it is on */
  payUrl: string | null;
  payerEmail?: string | null;
  t: Translate;
  locale: Locale;
};

/** The message's subject and body, in the member's language. */
export function shareMessage({ charge: c, merchant, payUrl, t, locale }: ShareChargeProps): { subject: string; body: string } {
  const subject = t("charges.share.subject", { amount: formatMoney(c.amount, c.currency, locale), merchant });
  const lines = [subject];
  if (c.boleto) lines.push(t("charges.share.dueLine", { date: formatDueDate(c.boleto.due_date, locale) }));
  if (payUrl) lines.push("", t("charges.share.linkLine", { url: payUrl }));
  const pi = c.paymentInfo ?? {};
  if (c.boleto) lines.push("", t("charges.share.boletoLine", { line: digitableGroups(c.boleto.digitable_line).join(" ") }));
  if (c.boleto?.pix_qrcode) lines.push("", t("charges.share.pixLine"), c.boleto.pix_qrcode);
  else if (c.method === "PIX" && pi.qrcode) lines.push("", t("charges.share.pixLine"), pi.qrcode);
  if (c.method === "SPEI" && pi.clabe) lines.push("", t("charges.share.clabeLine", { clabe: pi.clabe }));
  if (c.method === "CRYPTO" && pi.address) lines.push("", t("charges.share.addressLine", { coin: c.currency, network: pi.network ?? pi.chain ?? c.chain ?? "", address: pi.address }));
  return { subject, body: lines.join("\n") };
}

export function ShareCharge(props: ShareChargeProps) {
  const { t } = props;
  const { subject, body } = shareMessage(props);
  const to = props.payerEmail ? encodeURIComponent(props.payerEmail).replace("%40", "@") : "";
  const mailto = `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(body)}`;
  return (
    <div className="grid gap-2 print:hidden" data-testid="share-charge">
      <p className="text-sm font-medium">{t("charges.share.title")}</p>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <NativeShareButton title={subject} text={body} label={t("charges.share.native")} />
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp" className={buttonVariants({ variant: "outline", className: "h-11" })}>
          <MessageCircle aria-hidden /> {t("charges.share.whatsapp")}
        </a>
        <a href={mailto} data-testid="share-email" className={buttonVariants({ variant: "outline", className: "h-11" })}>
          <Mail aria-hidden /> {props.payerEmail ? t("charges.share.emailPayer") : t("charges.share.email")}
        </a>
      </div>
    </div>
  );
}
