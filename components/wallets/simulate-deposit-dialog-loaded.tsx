"use client";

import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatMoney } from "@/lib/i18n/format";
import { checkDepositAmount, sampleDepositAmount } from "@/lib/wallets/form-schema";
import { simulateWalletDepositAction } from "@/app/(dashboard)/wallets/actions";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { SimulateDepositButton, type SimulateDepositProps } from "./simulate-deposit-dialog";

/**
 * Sandbox tool (./simulate-deposit-dialog.tsx renders its button until this loads; rendered only when the active credential targets our sandbox; the action checks
 * again): the sandbox pays into this wallet and sends the deposit's webhooks, as a real payer would.
 * Nothing is written from here: the deposit shows up in the list when its webhook has been verified.
 */
export function SimulateDepositDialog({ walletId, currency, name, defaultOpen = false, focusTrigger }: SimulateDepositProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  const [amount, setAmount] = useState(sampleDepositAmount(currency));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const checked = checkDepositAmount(amount, currency);
  const fieldError = touched && !checked.ok ? t(checked.problem.key, checked.problem.vars) : serverError?.field === "amount" ? serverError.message : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!checked.ok) return;
    startTransition(async () => {
      const result = await simulateWalletDepositAction({ walletId, amount });
      if (!result.ok) {
        setServerError({ field: Object.keys(result.error.fieldErrors ?? {})[0], message: result.error.message });
        return;
      }
      toast({
        title: t("wallets.simulate.sent", { amount: formatMoney(result.data.amount, result.data.currency, locale) }),
        description: t("wallets.simulate.sentDescription"),
        variant: "success",
      });
      setOpen(false);
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          setAmount(sampleDepositAmount(currency));
          setTouched(false);
          setServerError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <SimulateDepositButton ref={triggerRef} name={name} />
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("wallets.simulate.title")}</DialogTitle>
          <DialogDescription>{t("wallets.simulate.description", { name })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {serverError && serverError.field !== "amount" && (
            <Alert variant="destructive">
              <AlertDescription>{serverError.message}</AlertDescription>
            </Alert>
          )}
          <FormField label={t("wallets.simulate.amount", { currency })} htmlFor={`${id}-amount`} error={fieldError}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setTouched(true);
                if (serverError?.field === "amount") setServerError(null);
              }}
              onBlur={() => setTouched(true)}
              className="font-mono"
            />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={pending} data-testid="wallet-simulate-submit">
              {pending ? t("wallets.simulate.sending") : t("wallets.simulate.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
