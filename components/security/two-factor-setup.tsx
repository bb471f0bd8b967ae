"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { QRCodeSVG } from "qrcode.react";
import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { CopyButton } from "@/components/ui/copy-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { IdentityProofForm } from "@/components/security/identity-proof";
import { RecoveryCodes } from "@/components/security/recovery-codes";
import { confirmTwoFactorAction, startTwoFactorAction } from "@/app/(dashboard)/settings/security/actions";

/**
 * Enrolment, or moving two-factor to a new phone, in four steps: the password (and, when moving, a
 * code from the current app), a secret for the new app (QR code, or the key typed by hand), a code
 * from it to prove it, then the ten recovery codes, shown this once. Until the new app's code is
 * confirmed, the member's current two-factor keeps working.
 */
export function TwoFactorSetup({ next, replacing = false, onDone }: { next: string; replacing?: boolean; onDone?: () => void }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [secret, setSecret] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        notice={t(replacing ? "security.twoFactorMoved" : "security.twoFactorOn")}
        onDone={() => {
          onDone?.();
          router.push(next);
          router.refresh();
        }}
      />
    );
  }

  if (!secret) {
    return (
      <IdentityProofForm askCode={replacing} idPrefix="two-factor-start" submitLabel={t("security.continue")} onProof={(proof) => startTwoFactorAction(proof)} onDone={setSecret}>
        <p className="text-sm">{t(replacing ? "security.moveIntro" : "security.setupIntro")}</p>
        <p className="text-sm text-muted-foreground">{t("security.proveFirst")}</p>
      </IdentityProofForm>
    );
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        startTransition(async () => {
          const result = await confirmTwoFactorAction({ code });
          if (!result.ok) {
            setError(result.error.fieldErrors?.code ?? result.error.message);
            return;
          }
          setCodes(result.data.recoveryCodes);
        });
      }}
    >
      <p className="text-sm">{t("security.scanIntro")}</p>
      <div className="justify-self-center rounded-md bg-white p-2">
        <QRCodeSVG value={secret.uri} size={176} level="M" marginSize={2} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={t("security.qrLabel")} data-testid="totp-qr" />
      </div>
      <div className="grid gap-1 text-sm">
        <span className="text-muted-foreground">{t("security.manualKey")}</span>
        <span className="flex items-center gap-1">
          <code className="break-all" data-testid="totp-secret">
            {secret.secret}
          </code>
          <CopyButton value={secret.secret} label={t("security.copyKey")} copiedLabel={t("common.copied")} />
        </span>
      </div>
      <FormField label={t("security.codeFromApp")} htmlFor="totp-code" error={error ?? undefined}>
        <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={10} value={code} onChange={(e) => setCode(e.target.value)} aria-invalid={!!error} />
      </FormField>
      <Button type="submit" disabled={pending || code.trim().length < 6}>
        {t(replacing ? "security.moveConfirm" : "security.turnOn")}
      </Button>
    </form>
  );
}
