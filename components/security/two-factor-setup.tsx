"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { QRCodeSVG } from "qrcode.react";
import { Download, ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { confirmTwoFactorAction, startTwoFactorAction } from "@/app/(dashboard)/settings/security/actions";

/**
 * Enrolment in three steps: a secret for the authenticator app (QR code, or the key typed by
 * hand), a code from the app to prove it, then the ten recovery codes, shown this once.
 */
export function TwoFactorSetup({ next }: { next: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [secret, setSecret] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);

  if (codes) {
    const text = codes.join("\n");
    return (
      <div className="grid gap-4" data-testid="recovery-codes">
        <Alert>
          <ShieldCheck aria-hidden />
          <AlertDescription>{t("security.twoFactorOn")}</AlertDescription>
        </Alert>
        <p className="text-sm">{t("security.recoveryCodesIntro")}</p>
        <ol className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm">
          {codes.map((c) => (
            <li key={c} data-testid="recovery-code">
              {c}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <CopyButton value={text} label={t("security.copyRecoveryCodes")} copiedLabel={t("common.copied")} />
          <Button variant="outline" size="sm" asChild>
            <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + "\n")}`} download="recovery-codes.txt">
              <Download aria-hidden /> {t("security.downloadRecoveryCodes")}
            </a>
          </Button>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} className="size-4" />
          {t("security.recoveryCodesSaved")}
        </label>
        <Button disabled={!saved} onClick={() => router.push(next)}>
          {t("security.continue")}
        </Button>
      </div>
    );
  }

  if (!secret) {
    return (
      <div className="grid gap-3">
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <p className="text-sm">{t("security.setupIntro")}</p>
        <Button
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              const result = await startTwoFactorAction({});
              if (!result.ok) return void setError(result.error.message);
              setSecret(result.data);
            })
          }
        >
          {t("security.setupStart")}
        </Button>
      </div>
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
        {t("security.turnOn")}
      </Button>
    </form>
  );
}
