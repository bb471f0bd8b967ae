"use client";

import { useState } from "react";
import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";

export type TwoFactorDialog = "codes" | "move" | "off";

/**
 * The dialogs that change two-factor, their forms and their libraries (Radix Dialog, the QR code of a
 * move to a new phone) load on the first intent, not with the page (./two-factor-card-loaded.tsx).
 */
const dialogs = lazyModule(() => import("./two-factor-card-loaded"));

/**
 * Two-factor's state for this member: off (set it up), or on, with what can change it: new recovery
 * codes, a move to a new phone, turning it off. Each asks for the password and a current code.
 */
export function TwoFactorCard({ enabled, codesLeft, required }: { enabled: boolean; codesLeft: number; required: boolean }) {
  const { t } = useI18n();
  const { loaded, intent, openOnLoad, focused } = useIntent(dialogs);
  // Which button was pressed or had focus before the dialogs' code arrived.
  const [pressed, setPressed] = useState<TwoFactorDialog | null>(null);
  const [focus, setFocus] = useState<TwoFactorDialog | null>(null);
  if (!enabled) {
    return (
      <div className="grid gap-3" data-testid="two-factor-off">
        <p className="text-sm">{t("security.twoFactorOffText")}</p>
        <Link href="/two-factor" className={buttonVariants({ className: "justify-self-start" })}>
          {t("security.setupStart")}
        </Link>
      </div>
    );
  }
  const trigger = (which: TwoFactorDialog, label: string) => (
    <Button
      variant="outline"
      {...closedTrigger("dialog")}
      {...intent}
      onPointerDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) setPressed(which);
        intent.onPointerDown(e);
      }}
      onClick={() => {
        setPressed(which);
        intent.onClick();
      }}
      onFocus={() => {
        setFocus(which);
        intent.onFocus();
      }}
    >
      {label}
    </Button>
  );
  return (
    <div className="grid gap-3" data-testid="two-factor-on">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="success">{t("security.on")}</Badge>
        {t("security.codesLeft", { count: codesLeft })}
      </p>
      <div className="flex flex-wrap gap-2">
        {loaded ? (
          <loaded.TwoFactorDialogs required={required} defaultOpen={openOnLoad ? pressed : null} focusTrigger={focused ? focus : null} />
        ) : (
          <>
            {trigger("codes", t("security.newCodes"))}
            {trigger("move", t("security.move"))}
            {required ? null : trigger("off", t("security.turnOff"))}
          </>
        )}
      </div>
      {required && <p className="text-sm text-muted-foreground">{t("security.policyRequiresTwoFactor")}</p>}
    </div>
  );
}
