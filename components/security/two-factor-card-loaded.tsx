"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/plain-button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { IdentityProofForm } from "@/components/security/identity-proof";
import { RecoveryCodes } from "@/components/security/recovery-codes";
import { TwoFactorSetup } from "@/components/security/two-factor-setup";
import { regenerateRecoveryCodesAction, turnOffTwoFactorAction } from "@/app/(dashboard)/settings/security/actions";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import type { TwoFactorDialog } from "./two-factor-card";

type Open = TwoFactorDialog | null;

/**
 * What can change a member's two-factor once it is on, each in a dialog that asks for the password and
 * a current code: new recovery codes, a move to a new phone, turning it off (./two-factor-card.tsx
 * renders the buttons until this loads; `defaultOpen`: the dialog whose button was pressed meanwhile,
 * `focusTrigger`: the button that had focus).
 */
export function TwoFactorDialogs({ required, defaultOpen = null, focusTrigger = null }: { required: boolean; defaultOpen?: Open; focusTrigger?: Open }) {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState<Open>(defaultOpen);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const focusRef = useFocusOnMount<HTMLButtonElement>(focusTrigger !== null);
  const close = () => {
    setOpen(null);
    setNewCodes(null);
    router.refresh();
  };
  const dialog = (which: Exclude<Open, null>, trigger: React.ReactNode, title: string, description: string, body: React.ReactNode) => (
    <Dialog open={open === which} onOpenChange={(o) => (o ? setOpen(which) : close())}>
      <DialogTrigger asChild ref={focusTrigger === which ? focusRef : undefined}>
        {trigger}
      </DialogTrigger>
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
    <>
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
    </>
  );
}
