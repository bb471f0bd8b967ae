"use client";

import { useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { turnOffTwoFactorAction } from "@/app/(dashboard)/settings/security/actions";

/** Two-factor's state for this member: on (codes left, turn off with the password) or off (set it up). */
export function TwoFactorCard({ enabled, codesLeft, required }: { enabled: boolean; codesLeft: number; required: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  if (!enabled) {
    return (
      <div className="grid gap-3" data-testid="two-factor-off">
        <p className="text-sm">{t("security.twoFactorOffText")}</p>
        <Button asChild className="justify-self-start">
          <Link href="/two-factor">{t("security.setupStart")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3" data-testid="two-factor-on">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="success">{t("security.on")}</Badge>
        {t("security.codesLeft", { count: codesLeft })}
      </p>
      {required ? (
        <p className="text-sm text-muted-foreground">{t("security.policyRequiresTwoFactor")}</p>
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="outline" className="justify-self-start">
              {t("security.turnOff")}
            </Button>
          </DialogTrigger>
          <DialogContent closeLabel={t("common.close")}>
            <DialogHeader>
              <DialogTitle>{t("security.turnOffTitle")}</DialogTitle>
              <DialogDescription>{t("security.turnOffDescription")}</DialogDescription>
            </DialogHeader>
            <form
              className="grid gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                startTransition(async () => {
                  const result = await turnOffTwoFactorAction({ password });
                  if (!result.ok) return void setError(result.error.fieldErrors?.password ?? result.error.message);
                  setOpen(false);
                  toast({ title: t("security.turnedOff") });
                  router.refresh();
                });
              }}
            >
              <FormField label={t("security.currentPassword")} htmlFor="off-password" error={error ?? undefined}>
                <Input id="off-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </FormField>
              <DialogFooter>
                <Button type="submit" variant="destructive" disabled={pending || !password}>
                  {t("security.turnOff")}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}
