"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { createOrganizationAction } from "@/app/(dashboard)/actions";
import { restartLiveStream } from "@/components/live/live-hub";

/** Start another organisation: the member becomes its admin and switches to it. */
export function NewOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useI18n();
  const router = useRouter();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) {
          setName("");
          setError(null);
        }
      }}
    >
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("shell.newOrganization")}</DialogTitle>
          <DialogDescription>{t("shell.newOrganizationDescription")}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            startTransition(async () => {
              const result = await createOrganizationAction({ name });
              if (!result.ok) {
                setError(result.error.fieldErrors?.name ?? result.error.message);
                return;
              }
              toast({ title: t("shell.organizationCreated", { name: name.trim() }), variant: "success" });
              onOpenChange(false);
              setName("");
              restartLiveStream();
              router.push("/overview");
              router.refresh();
            });
          }}
        >
          <FormField label={t("auth.organizationName")} htmlFor="new-organization-name" error={error ?? undefined}>
            <Input id="new-organization-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? t("auth.creating") : t("shell.createOrganization")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
