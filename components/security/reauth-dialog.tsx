"use client";
/** The "Confirm it's you" dialog (./reauth-provider.tsx loads it when an action first asks for it). */
import { useState } from "react";
import { Button } from "@/components/ui/plain-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/components/providers/i18n-provider";
import { reauthenticateAction } from "@/app/(dashboard)/settings/security/actions";

export function ReauthDialog({ asking, onClose }: { asking: { code: boolean } | null; onClose: (confirmed: boolean) => void }) {
  return (
    <Dialog open={asking !== null} onOpenChange={(open) => !open && onClose(false)}>
      <DialogContent>{asking && <ReauthForm askCode={asking.code} onDone={() => onClose(true)} onCancel={() => onClose(false)} />}</DialogContent>
    </Dialog>
  );
}

function ReauthForm({ askCode, onDone, onCancel }: { askCode: boolean; onDone: () => void; onCancel: () => void }) {
  const { t } = useI18n();
  // Not a transition: the page's own transition waits on this dialog, and React holds entangled
  // transitions pending together, so the button would stay "Checking…" after a wrong password.
  const [pending, setPending] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setPending(true);
    const result = await reauthenticateAction({ password, ...(askCode ? { code } : {}) }).finally(() => setPending(false));
    if (result.ok) return onDone();
    const fields = result.error.fieldErrors ?? {};
    setErrors({ password: fields.password, code: fields.code, form: fields.password || fields.code ? undefined : result.error.message });
  };
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="reauth-dialog">
      <DialogHeader>
        <DialogTitle>{t("reauth.title")}</DialogTitle>
        <DialogDescription>{t(askCode ? "reauth.descriptionCode" : "reauth.description")}</DialogDescription>
      </DialogHeader>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <FormField label={t("auth.password")} htmlFor="reauth-password" error={errors.password}>
        <Input id="reauth-password" type="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      {askCode && (
        <FormField label={t("auth.twoFactorCode")} htmlFor="reauth-code" error={errors.code}>
          <Input id="reauth-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={pending || !password || (askCode && !code)}>
          {pending ? t("reauth.confirming") : t("reauth.confirm")}
        </Button>
      </DialogFooter>
    </form>
  );
}
