"use client";

import { useState } from "react";
import { Download, ShieldCheck } from "@/components/ui/icons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { useI18n } from "@/components/providers/i18n-provider";

/** Ten recovery codes, shown this once: copy, download, and say they are saved before going on. */
export function RecoveryCodes({ codes, notice, onDone }: { codes: string[]; notice: string; onDone: () => void }) {
  const { t } = useI18n();
  const [saved, setSaved] = useState(false);
  const text = codes.join("\n");
  return (
    <div className="grid gap-4" data-testid="recovery-codes">
      <Alert>
        <ShieldCheck aria-hidden />
        <AlertDescription>{notice}</AlertDescription>
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
      <Button disabled={!saved} onClick={onDone}>
        {t("security.continue")}
      </Button>
    </div>
  );
}
