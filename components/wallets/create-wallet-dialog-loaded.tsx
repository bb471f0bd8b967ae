"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlert } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { WALLET_CURRENCIES, WALLET_LABEL_MAX, walletChains, walletFormSchema, walletKindOf, type WalletForm } from "@/lib/wallets/form-schema";
import { createWalletAction } from "@/app/(dashboard)/wallets/actions";
import { chainName } from "@/lib/payments/chain-names";
import { kindName, walletName } from "./labels";
import { CreateWalletButton, type CreateWalletDialogProps } from "./create-wallet-dialog";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { applyFieldErrors } from "@/components/forms/field-errors";

type Problem = { message: string; requestId?: string };

/**
 * "New wallet" (./create-wallet-dialog.tsx renders its button until this loads): a currency (and, for crypto, the network deposits arrive on) and an optional label.
 * The API call is made once. When its outcome is unknown (the answer was lost), the dialog says so
 * and asks before trying again, since a second attempt may create a second wallet.
 */
export function CreateWalletDialog({ environment, variant, triggerLabel, defaultOpen = false, focusTrigger }: CreateWalletDialogProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState(defaultOpen);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<Problem | null>(null);
  const [unknown, setUnknown] = useState<Problem | null>(null);
  const blank: WalletForm = { environment, currency: "BRL", chain: "", label: "" };
  const form = useForm<WalletForm>({ resolver: zodResolver(walletFormSchema), defaultValues: blank, mode: "onChange" });
  const currency = useWatch({ control: form.control, name: "currency" });
  const chains = walletChains(currency);
  const errors = form.formState.errors;
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);

  const reset = () => {
    form.reset(blank);
    setFailure(null);
    setUnknown(null);
  };

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    startTransition(async () => {
      const result = await createWalletAction(values);
      if (!result.ok) {
        const problem = { message: result.error.message, requestId: result.error.requestId };
        if (result.error.code === "WALLET_OUTCOME_UNKNOWN") {
          setUnknown(problem);
        } else {
          setFailure(problem);
          applyFieldErrors(form.setError, result.error, ["currency", "chain", "label"]);
        }
        router.refresh();
        return;
      }
      toast({ title: t("wallets.created"), description: walletName(t, result.data), variant: "success" });
      reset();
      setOpen(false);
      router.refresh();
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) reset();
      }}
    >
      <DialogTrigger asChild>
        <CreateWalletButton ref={triggerRef} variant={variant} triggerLabel={triggerLabel} />
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("wallets.createTitle")}</DialogTitle>
          <DialogDescription>{t("wallets.createDescription", { environment: t(`environments.${environment}`) })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {unknown && (
            <Alert variant="warning" role="alert" data-testid="wallet-outcome-unknown">
              <TriangleAlert aria-hidden />
              <AlertTitle>{t("wallets.errors.outcomeUnknownTitle")}</AlertTitle>
              <AlertDescription>
                <p>{unknown.message}</p>
                {unknown.requestId && <p className="font-mono text-xs">{t("apiErrors.requestId", { requestId: unknown.requestId })}</p>}
              </AlertDescription>
            </Alert>
          )}
          {failure && (
            <Alert variant="destructive" data-testid="wallet-create-error">
              <AlertDescription>
                <p>{failure.message}</p>
                {failure.requestId && <p className="font-mono text-xs">{t("apiErrors.requestId", { requestId: failure.requestId })}</p>}
              </AlertDescription>
            </Alert>
          )}
          <input type="hidden" {...form.register("environment")} />
          <FormField label={t("wallets.currency")} htmlFor="wallet-currency" description={t(`wallets.currencyHelp.${walletKindOf(currency)}`)} error={err(errors.currency?.message)}>
            {(control) => (
              <NativeSelect
                {...control}
                className="w-full"
                {...form.register("currency", {
                  // The network follows the coin: the first that carries it, as the API's default would.
                  onChange: (e: React.ChangeEvent<HTMLSelectElement>) => form.setValue("chain", walletChains(e.target.value)[0] ?? "", { shouldValidate: true }),
                })}
              >
                {WALLET_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {`${c} · ${kindName(t, walletKindOf(c))}`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {chains.length > 0 && (
            <FormField label={t("wallets.chain")} htmlFor="wallet-chain" description={t("wallets.chainHelp")} error={err(errors.chain?.message)}>
              {(control) => (
                <NativeSelect {...control} className="w-full" {...form.register("chain")}>
                  {chains.map((c) => (
                    <option key={c} value={c}>
                      {chainName(c)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
          <FormField label={t("wallets.label")} htmlFor="wallet-label" description={t("wallets.labelHelp")} error={err(errors.label?.message)}>
            <Input placeholder={t("wallets.labelPlaceholder")} maxLength={WALLET_LABEL_MAX} autoComplete="off" {...form.register("label")} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={pending} data-testid="wallet-create-submit">
              {pending ? t("wallets.creating") : unknown ? t("wallets.createAnyway") : t("wallets.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
