"use client";

import { Check, RefreshCw } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import { recheckFindingAction } from "@/app/(dashboard)/settings/reconciliation/actions";

export type FindingResolveProps = { id: string; transactionId: string; currency?: string };

/** "Resolve"'s button, before and after the dialog's code loaded. */
export function ResolveButton(props: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button size="sm" {...props}>
      <Check aria-hidden /> {t("reconciliation.resolve")}
    </Button>
  );
}

/**
 * The resolve dialog and its libraries (Radix Dialog, the class-merge table: ≈ 20 KiB gzipped) load
 * on the first intent, not with the page (./finding-resolve-dialog-loaded.tsx).
 */
const dialog = lazyModule(() => import("./finding-resolve-dialog-loaded"));

function ResolveDialog(props: FindingResolveProps) {
  const { loaded, intent, openOnLoad, focused } = useIntent(dialog);
  if (loaded) return <loaded.FindingResolveDialog {...props} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <ResolveButton {...closedTrigger("dialog")} {...intent} />;
}

/** `currency`: the finding is about that currency's balance, not about a transaction. */
export function FindingActions({ id, transactionId, currency }: FindingResolveProps) {
  const { t } = useI18n();
  const checking = useRefreshingAction();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={checking.pending}
        onClick={() => checking.run(() => recheckFindingAction({ id }), (data) => toast({ title: data.open ? t("reconciliation.stillOpen") : t("reconciliation.cleared") }))}
      >
        <RefreshCw aria-hidden className={checking.pending ? "animate-spin" : undefined} /> {t("reconciliation.recheck")}
      </Button>
      <ResolveDialog id={id} transactionId={transactionId} currency={currency} />
    </div>
  );
}
