"use client";

import { QrCode } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";

/** "Pay a PIX code", closed: the button that opens the code's entry (./pix-code-entry.tsx), also drawn before the payout form's code loaded. */
export function PixCodeOpenButton({ onClick }: { onClick: () => void }) {
  const { t } = useI18n();
  return (
    <Button type="button" variant="outline" className="justify-self-start" onClick={onClick} data-testid="pix-code-open">
      <QrCode aria-hidden /> {t("send.pixCode.open")}
    </Button>
  );
}
