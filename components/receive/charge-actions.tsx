"use client";

/** The charge page's controls: turning its public payment page off or on (the rest of that card is ./pay-link.tsx, the server's), and the sandbox tools. */
import { useState } from "react";
import { FlaskConical } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { useI18n } from "@/components/providers/i18n-provider";
import { setPayLinkAction, simulateChargeAction } from "@/app/(dashboard)/receive/actions";
import type { ChargeSimulation } from "@/lib/charges/form";

/** Turns the charge's payment page off or on. */
export function PayLinkToggle({ chargeId, enabled }: { chargeId: string; enabled: boolean }) {
  const { t } = useI18n();
  const { pending, run } = useRefreshingAction();
  const toggle = () =>
    run(
      () => setPayLinkAction({ id: chargeId, enabled: !enabled }),
      (data) => toast({ title: data.enabled ? t("charges.pay.enabledToast") : t("charges.pay.disabledToast"), variant: "success" }),
    );
  return (
    <Button variant={enabled ? "ghost" : "outline"} size="sm" onClick={toggle} disabled={pending}>
      {enabled ? t("charges.pay.disable") : t("charges.pay.enable")}
    </Button>
  );
}

export function SandboxChargeTools({ chargeId, status }: { chargeId: string; status: string | null }) {
  const { t } = useI18n();
  const { pending, run: refreshing } = useRefreshingAction();
  const [running, setRunning] = useState<ChargeSimulation | null>(null);
  const run = (event: ChargeSimulation) =>
    refreshing(
      async () => {
        setRunning(event);
        const r = await simulateChargeAction({ id: chargeId, event });
        setRunning(null);
        return r;
      },
      () => toast({ title: t("charges.sandbox.sent"), description: t("charges.sandbox.sentDescription"), variant: "success" }),
    );
  const isPending = status === "pending";
  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <FlaskConical aria-hidden className="size-4" /> {t("charges.sandbox.description")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => run("cashin.confirmed")} disabled={pending || !isPending}>
          {running === "cashin.confirmed" ? t("charges.sandbox.working") : t("charges.sandbox.pay")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => run("cashin.expired")} disabled={pending || !isPending}>
          {running === "cashin.expired" ? t("charges.sandbox.working") : t("charges.sandbox.expire")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => run("cashin.refunded")} disabled={pending || !(isPending || status === "confirmed")}>
          {running === "cashin.refunded" ? t("charges.sandbox.working") : t("charges.sandbox.refund")}
        </Button>
      </div>
    </div>
  );
}
