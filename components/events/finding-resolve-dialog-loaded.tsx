"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/plain-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { useI18n } from "@/components/providers/i18n-provider";
import { resolveFindingAction } from "@/app/(dashboard)/settings/reconciliation/actions";
import { ResolveButton, type FindingResolveProps } from "./finding-actions";

/** A finding resolved with a note (./finding-actions.tsx renders its button until this loads). */
export function FindingResolveDialog({ id, transactionId, currency, defaultOpen = false, focusTrigger }: FindingResolveProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(defaultOpen);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <ResolveButton ref={triggerRef} />
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
  );
}
