"use client";

import { useState } from "react";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { IdentityProofForm } from "@/components/security/identity-proof";
import { RecoveryCodes } from "@/components/security/recovery-codes";
import { TwoFactorSetup } from "@/components/security/two-factor-setup";
import { regenerateRecoveryCodesAction, turnOffTwoFactorAction } from "@/app/(dashboard)/settings/security/actions";

type Open = "codes" | "move" | "off" | null;

/**
 * Two-factor's state for this member: off (set it up), or on, with what can change it: new recovery
 * codes, a move to a new phone, turning it off. Each asks for the password and a current code.
 */
export function TwoFactorCard({ enabled, codesLeft, required }: { enabled: boolean; codesLeft: number; required: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
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
  const close = () => {
    setOpen(null);
    setNewCodes(null);
    router.refresh();
  };
  const dialog = (which: Exclude<Open, null>, trigger: React.ReactNode, title: string, description: string, body: React.ReactNode) => (
    <Dialog open={open === which} onOpenChange={(o) => (o ? setOpen(which) : close())}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t("common.close")} className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
  return (
    <div className="grid gap-3" data-testid="two-factor-on">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="success">{t("security.on")}</Badge>
        {t("security.codesLeft", { count: codesLeft })}
      </p>
      <div className="flex flex-wrap gap-2">
        {dialog(
          "codes",
          <Button variant="outline">{t("security.newCodes")}</Button>,
          t("security.newCodesTitle"),
          t("security.newCodesDescription"),
          newCodes ? (
            <RecoveryCodes codes={newCodes} notice={t("security.newCodesDone")} onDone={close} />
          ) : (
            <IdentityProofForm askCode idPrefix="new-codes" submitLabel={t("security.newCodes")} onProof={(proof) => regenerateRecoveryCodesAction(proof)} onDone={(d) => setNewCodes(d.recoveryCodes)} />
          ),
        )}
        {dialog(
          "move",
          <Button variant="outline">{t("security.move")}</Button>,
          t("security.moveTitle"),
          t("security.moveDescription"),
          <TwoFactorSetup next="/settings/security" replacing onDone={close} />,
        )}
        {required ? null : (
          dialog(
            "off",
            <Button variant="outline">{t("security.turnOff")}</Button>,
            t("security.turnOffTitle"),
            t("security.turnOffDescription"),
            <IdentityProofForm
              askCode
              destructive
              idPrefix="off"
              submitLabel={t("security.turnOff")}
              onProof={(proof) => turnOffTwoFactorAction(proof)}
              onDone={() => {
                close();
                toast({ title: t("security.turnedOff") });
              }}
            />,
          )
        )}
      </div>
      {required && <p className="text-sm text-muted-foreground">{t("security.policyRequiresTwoFactor")}</p>}
    </div>
  );
}
