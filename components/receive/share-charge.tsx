"use client";

/**
 * Sending a charge to the payer from the charge's page: the phone's own share sheet where the
 * browser has one (navigator.share), and always a WhatsApp link and an e-mail (to the payer's
 * address when the charge has it). The message says who is paid and how much, the due date of a
 * boleto, the payment page's link when it is on, and the code itself, so the payer can pay from the
 * message alone.
 */
import { useSyncExternalStore } from "react";
import { Mail, MessageCircle, Share2 } from "@/components/ui/icons";
import { Button, buttonVariants } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { digitableGroups } from "@/components/receive/code-parts";
import { formatDueDate, formatMoney } from "@/lib/i18n/format";
import type { ChargeCodeData } from "@/components/receive/charge-code";

export type ShareChargeProps = {
  charge: ChargeCodeData;
  merchant: string;
  /** the payment page, when it is on */
  payUrl: string | null;
  payerEmail?: string | null;
};

/** The message's subject and body, in the member's language. */
function useMessage({ charge: c, merchant, payUrl }: ShareChargeProps): { subject: string; body: string } {
  const { t, locale } = useI18n();
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

const noChange = () => () => {};
const hasNativeShare = () => typeof navigator.share === "function";

export function ShareCharge(props: ShareChargeProps) {
  const { t } = useI18n();
  const { subject, body } = useMessage(props);
  const native = useSyncExternalStore(noChange, hasNativeShare, () => false);
  const to = props.payerEmail ? encodeURIComponent(props.payerEmail).replace("%40", "@") : "";
  const mailto = `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(body)}`;
  return (
    <div className="grid gap-2 print:hidden" data-testid="share-charge">
      <p className="text-sm font-medium">{t("charges.share.title")}</p>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {native && (
          <Button
            type="button"
            variant="outline"
            className="col-span-2 h-11"
            onClick={() => {
              navigator.share({ title: subject, text: body }).catch(() => {
                // dismissed: nothing to do
              });
            }}
          >
            <Share2 aria-hidden /> {t("charges.share.native")}
          </Button>
        )}
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
