/** A charge's public payment page, on the charge's page: its address to copy or open, and (for a member who may) turning it off or on. */
import { ExternalLink } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/plain-button";
import { CopyButton } from "@/components/ui/copy-button";
import { PayLinkToggle } from "@/components/receive/charge-actions";
import { getI18n } from "@/lib/i18n/server";

export async function PayLink({ chargeId, url, enabled, canChange }: { chargeId: string; url: string; enabled: boolean; canChange: boolean }) {
  const { t } = await getI18n();
  return (
    <div className="grid gap-3">
      {enabled ? (
        <div className="flex items-start gap-2 rounded-md border bg-muted/40 p-2">
          <span className="min-w-0 flex-1 font-mono text-xs break-all select-all" data-testid="pay-link">
            {url}
          </span>
          <CopyButton value={url} label={t("charges.pay.copy")} copiedLabel={t("common.copied")} className="shrink-0" />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="pay-link-off">
          {t("charges.pay.off")}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {enabled && (
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ExternalLink aria-hidden /> {t("charges.pay.open")}
          </a>
        )}
        {canChange && <PayLinkToggle chargeId={chargeId} enabled={enabled} />}
      </div>
    </div>
  );
}
