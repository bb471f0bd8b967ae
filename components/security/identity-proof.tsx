"use client";

/**
 * The password, and a code from the authenticator app while two-factor is on: what every change to
 * a member's two-factor asks for (lib/auth/account-security.ts). Field errors come from the action
 * (`password`, `code`); anything else shows above the fields.
 */
import { useState } from "react";
import { Button } from "@/components/ui/plain-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/components/providers/i18n-provider";
import type { ActionResult } from "@/lib/actions/result";

export type Proof = { password: string; code?: string };

export function IdentityProofForm<T>({
  askCode,
  idPrefix,
  submitLabel,
  destructive,
  onProof,
  onDone,
  children,
}: {
  askCode: boolean;
  idPrefix: string;
  submitLabel: string;
  destructive?: boolean;
  onProof: (proof: Proof) => Promise<ActionResult<T>>;
  onDone: (data: T) => void;
  children?: React.ReactNode;
}) {
  const { t } = useI18n();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  // Not a transition: a refusal must show at once, with the button usable again.
  const [pending, setPending] = useState(false);
  return (
    <form
      method="post"
      noValidate
      className="grid gap-4"
      data-testid={`${idPrefix}-proof`}
      onSubmit={async (e) => {
        e.preventDefault();
        setErrors({});
        setPending(true);
        const result = await onProof({ password, ...(askCode ? { code } : {}) }).finally(() => setPending(false));
        if (result.ok) return onDone(result.data);
        const f = result.error.fieldErrors ?? {};
        setErrors({ password: f.password, code: f.code, form: f.password || f.code ? undefined : result.error.message });
      }}
    >
      {children}
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <FormField label={t("security.currentPassword")} htmlFor={`${idPrefix}-password`} error={errors.password}>
        <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      {askCode && (
        <FormField label={t("security.currentCode")} htmlFor={`${idPrefix}-code`} description={t("security.currentCodeHelp")} error={errors.code}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
      )}
      <Button type="submit" variant={destructive ? "destructive" : "default"} className="justify-self-start" disabled={pending || !password || (askCode && !code.trim())}>
        {pending ? t("reauth.confirming") : submitLabel}
      </Button>
    </form>
  );
}
