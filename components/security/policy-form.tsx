"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { setSecurityPolicyAction } from "@/app/(dashboard)/settings/security/actions";

/** Admins: two-factor for admins and every role that moves money; the idle timeout of sessions. */
export function PolicyForm({ requireTwoFactor, sessionIdleMinutes }: { requireTwoFactor: boolean; sessionIdleMinutes: number }) {
  const { t } = useI18n();
  const router = useRouter();
  const [require, setRequire] = useState(requireTwoFactor);
  const [idle, setIdle] = useState(String(sessionIdleMinutes));
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="grid max-w-md gap-4"
      data-testid="policy-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        startTransition(async () => {
          const result = await setSecurityPolicyAction({ requireTwoFactor: require, sessionIdleMinutes: Number(idle) });
          if (!result.ok) return void setError(result.error.fieldErrors?.sessionIdleMinutes ?? result.error.message);
          toast({ title: t("security.policySaved"), variant: "success" });
          router.refresh();
        });
      }}
    >
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4" checked={require} onChange={(e) => setRequire(e.target.checked)} />
        <span>
          <span className="font-medium">{t("security.requireTwoFactor")}</span>
          <span className="block text-muted-foreground">{t("security.requireTwoFactorHelp")}</span>
        </span>
      </label>
      <FormField label={t("security.idleMinutes")} htmlFor="idle-minutes" error={error ?? undefined} description={t("security.idleMinutesHelp")}>
        <Input id="idle-minutes" type="number" inputMode="numeric" min={5} max={720} value={idle} onChange={(e) => setIdle(e.target.value)} className="w-32" />
      </FormField>
      <Button type="submit" disabled={pending} className="justify-self-start">
        {t("security.savePolicy")}
      </Button>
    </form>
  );
}
