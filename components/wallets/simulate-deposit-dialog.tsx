"use client";

import { FlaskConical } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";

export type SimulateDepositProps = { walletId: string; currency: string; name: string };

/** "Simulate a deposit"'s button, before and after the dialog's code loaded. */
export function SimulateDepositButton({ name, ...props }: ButtonProps & { name: string }) {
  const { t } = useI18n();
  return (
    <Button size="sm" variant="outline" data-testid="wallet-simulate-open" {...props}>
      <FlaskConical aria-hidden /> {t("wallets.simulate.button")}
      <span className="sr-only">, {name}</span>
    </Button>
  );
}

/** The sandbox's deposit dialog loads on the first intent (./simulate-deposit-dialog-loaded.tsx). */
const dialog = lazyModule(() => import("./simulate-deposit-dialog-loaded"));

export function SimulateDepositDialog(props: SimulateDepositProps) {
  const { loaded, intent, openOnLoad, focused } = useIntent(dialog);
  if (loaded) return <loaded.SimulateDepositDialog {...props} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <SimulateDepositButton name={props.name} {...closedTrigger("dialog")} {...intent} />;
}
