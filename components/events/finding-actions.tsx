"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Check, RefreshCw } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { useI18n } from "@/components/providers/i18n-provider";
import { recheckFindingAction, resolveFindingAction } from "@/app/(dashboard)/settings/reconciliation/actions";

/** `currency`: the finding is about that currency's balance, not about a transaction. */
export function FindingActions({ id, transactionId, currency }: { id: string; transactionId: string; currency?: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const checking = useRefreshingAction();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button size="sm">
            <Check aria-hidden /> {t("reconciliation.resolve")}
          </Button>
        </DialogTrigger>
        <DialogContent closeLabel={t("common.close")}>
          <DialogHeader>
            <DialogTitle>{t("reconciliation.resolveTitle")}</DialogTitle>
            <DialogDescription>{currency ? t("reconciliation.resolveBalanceDescription", { currency }) : t("reconciliation.resolveDescription", { transactionId })}</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              startTransition(async () => {
                const result = await resolveFindingAction({ id, note });
                if (!result.ok) {
                  setError(result.error.fieldErrors?.note ?? result.error.message);
                  return;
                }
                setOpen(false);
                toast({ title: t("reconciliation.resolved") });
                router.refresh();
              });
            }}
          >
            <Label htmlFor={`note-${id}`}>{t("reconciliation.note")}</Label>
            <Textarea id={`note-${id}`} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={!!error} aria-describedby={error ? `note-${id}-error` : undefined} />
            {error && (
              <p id={`note-${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="submit" disabled={pending}>
                {t("reconciliation.resolve")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
