"use client";
/**
 * "Confirm it's you" before a sensitive change. A page calls its action through `useReauth()`; when
 * the action answers REAUTH_REQUIRED (lib/auth/reauth.ts), this asks for the password (and a code
 * when two-factor is on), proves it to the server, and calls the action once more. Cancelling
 * leaves everything as it was.
 */
import { createContext, useCallback, useContext, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/components/providers/i18n-provider";
import type { ActionResult } from "@/lib/actions/result";
import { REAUTH_REQUIRED, REAUTH_REQUIRED_CODE } from "@/lib/auth/reauth";
import { reauthenticateAction } from "@/app/(dashboard)/settings/security/actions";

type WithReauth = <T>(run: () => Promise<ActionResult<T>>) => Promise<ActionResult<T>>;

const ReauthContext = createContext<WithReauth | null>(null);

export function useReauth(): WithReauth {
  const withReauth = useContext(ReauthContext);
  if (!withReauth) throw new Error("useReauth outside ReauthProvider");
  return withReauth;
}

export function ReauthProvider({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState<{ code: boolean } | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const withReauth = useCallback<WithReauth>(
    async (run) => {
      const first = await run();
      if (first.ok || (first.error.code !== REAUTH_REQUIRED && first.error.code !== REAUTH_REQUIRED_CODE)) return first;
      const confirmed = await new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setAsking({ code: first.error.code === REAUTH_REQUIRED_CODE });
      });
      if (!confirmed) return { ok: false, error: { code: "REAUTH_CANCELLED", message: t("reauth.cancelled") } };
      return run();
    },
    [t],
  );

  const close = (confirmed: boolean) => {
    setAsking(null);
    settle.current?.(confirmed);
    settle.current = null;
  };

  return (
    <ReauthContext.Provider value={withReauth}>
      {children}
      <Dialog open={asking !== null} onOpenChange={(open) => !open && close(false)}>
        <DialogContent>{asking && <ReauthForm askCode={asking.code} onDone={() => close(true)} onCancel={() => close(false)} />}</DialogContent>
      </Dialog>
    </ReauthContext.Provider>
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
