"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button } from "@/components/ui/plain-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { saveViewAction } from "@/app/(dashboard)/transactions/actions";
import { SaveViewButton } from "./save-view-dialog";

/** "Save view": a name for the current filters (./save-view-dialog.tsx renders its button until this loads). */
export function SaveViewDialog({ current, defaultOpen = false, focusTrigger }: { current: string; defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [saving, startSaving] = useTransition();
  const [open, setOpen] = useState(defaultOpen);
  const [error, setError] = useState<string | null>(null);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);

  const onSave = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "");
    setError(null);
    // The refusal stays in the dialog, under the name, rather than in a toast.
    startSaving(async () => {
      const r = await saveViewAction({ name, query: current });
      if (!r.ok) return setError(r.error.fieldErrors?.name ?? r.error.message);
      setOpen(false);
      toast({ title: t("transactions.views.saved", { name: r.data.name }), variant: "success" });
      router.refresh();
    });
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (setOpen(o), setError(null))}>
      <DialogTrigger asChild>
        <SaveViewButton ref={triggerRef} />
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSave} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("transactions.views.save")}</DialogTitle>
            <DialogDescription>{t("transactions.views.saveDescription")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="view-name">{t("transactions.views.name")}</Label>
            <Input id="view-name" name="name" required maxLength={60} autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? "view-name-error" : undefined} />
            {error && (
              <p id="view-name-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={saving}>
              {t("common.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
