"use client";

/**
 * The charge form's code (./charge-form.tsx says what it does): checked as the member types, one
 * reference per form kept across failures, everything typed kept when the call fails.
 */
import { useEffect, useMemo, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { get, useFieldArray, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { MoneyForm } from "@/components/forms/money-form";
import type { FormErrorValue } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { DateField } from "@/components/ui/date-field";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { CRYPTO_CHARGE_CURRENCIES, chainsFor, chargeFormSchema, currencyOf, isBoletoMethod, minimumFor, type ChargeForm as ChargeFormValues } from "@/lib/charges/form";
import { createChargeAction } from "@/app/(dashboard)/receive/actions";
import { newReference } from "@/lib/reference";
import { applyFieldErrors } from "@/components/forms/field-errors";
import { carriedInto, useCarriedForm } from "@/components/forms/carried-form";
import type { CarriedForm } from "@/components/forms/lazy-form";
import { chainName } from "@/lib/payments/chain-names";
import { ChargeMethodTiles, ChargePayerFields, ChargeTail, RECENT_PAYER_FIELD, SplitFieldset, chargeFieldId as id, type ChargeFormProps } from "./charge-form";

const blank = (ref: string): ChargeFormValues => ({
  method: "PIX",
  amount: "",
  coin: "USDT",
  chain: "tron",
  externalId: ref,
  description: "",
  payer: { name: "", document: "", email: "", phone: "", address: { address: "", number: "", complement: "", district: "", city: "", zipCode: "", uf: "" } },
  dueDate: "",
  split: [],
});

const emptySplit = { username: "", kind: "percentage", value: "" } as const;

/** The charge form's code: ./charge-form.tsx renders its first state until this loads, and hands over what was typed. */
export function ChargeForm({ recentPayers, carried }: ChargeFormProps & { carried?: CarriedForm }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormErrorValue>(null);
  const initial = useMemo(() => carriedInto(blank(newReference("chg")), carried), [carried]);
  const form = useForm<ChargeFormValues>({ resolver: zodResolver(chargeFormSchema), defaultValues: initial, mode: "onChange", reValidateMode: "onChange" });
  const split = useFieldArray({ control: form.control, name: "split" });
  const method = useWatch({ control: form.control, name: "method" });
  const coin = useWatch({ control: form.control, name: "coin" }) ?? "USDT";
  const dueDate = useWatch({ control: form.control, name: "dueDate" }) ?? "";
  const currency = currencyOf(method, coin);
  const boleto = isBoletoMethod(method);
  const min = minimumFor(method, currency);
  const errors = form.formState.errors;
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);
  const bind = {
    field: form.register,
    error: (name: string) => err((get(errors, name) as { message?: string } | undefined)?.message),
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const payload: ChargeFormValues = {
        ...values,
        split: boleto ? [] : values.split,
        payer: boleto ? values.payer : { name: values.payer.name, document: values.payer.document, email: values.payer.email },
        dueDate: boleto ? values.dueDate || undefined : undefined,
        description: boleto ? values.description : undefined,
      };
      const result = await createChargeAction(payload);
      if (!result.ok) {
        setFormError({ message: result.error.message, requestId: result.error.requestId });
        applyFieldErrors(form.setError, result.error);
        return;
      }
      toast({ title: t("charges.form.created"), variant: "success" });
      router.push(`/receive/${result.data.id}`);
    });
  });

  const fillPayer = (document: string) => {
    const p = recentPayers.find((r) => r.document === document);
    if (!p) return;
    const opts = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue("payer.name", p.name, opts);
    form.setValue("payer.document", p.document, opts);
    if (p.email) form.setValue("payer.email", p.email, opts);
    if (p.phone) form.setValue("payer.phone", p.phone, opts);
    if (p.address) {
      for (const k of ["address", "number", "complement", "district", "city", "zipCode", "uf"] as const) {
        if (typeof p.address[k] === "string") form.setValue(`payer.address.${k}`, p.address[k], opts);
      }
    }
  };
  const reset = () => {
    form.reset(blank(newReference("chg")));
    setFormError(null);
  };

  // What was picked or pressed before the code loaded, once: a recent payer, "Add a share".
  const recentPayer = carried?.initial[RECENT_PAYER_FIELD];
  useEffect(() => {
    if (recentPayer) fillPayer(recentPayer);
    if (carried?.pressed === "split-add") split.append(emptySplit);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const formRef = useCarriedForm(carried, () => void onSubmit());

  return (
    <MoneyForm onSubmit={onSubmit} label={t("charges.form.title")} error={formError} ref={formRef}>
      <ChargeMethodTiles bind={bind} method={method} />

      <div className="grid gap-4 sm:grid-cols-2">
        {method === "CRYPTO" && (
          <>
            <FormField label={t("charges.form.coin")} htmlFor={id("coin")} error={bind.error("coin")}>
              <NativeSelect
                className="w-full"
                {...form.register("coin", {
                  onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                    const chains = chainsFor(e.target.value);
                    const current = form.getValues("chain");
                    if (!current || !chains.includes(current as never)) form.setValue("chain", chains[0] ?? "", { shouldValidate: true });
                  },
                })}
              >
                {CRYPTO_CHARGE_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={t("charges.form.chain")} htmlFor={id("chain")} description={t("charges.form.chainHelp", { coin })} error={bind.error("chain")}>
              <NativeSelect className="w-full" {...form.register("chain")}>
                {chainsFor(coin).map((c) => (
                  <option key={c} value={c}>
                    {chainName(c)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </>
        )}
        <FormField
          label={t("charges.form.amount", { currency })}
          htmlFor={id("amount")}
          description={min ? t("charges.form.minimum", { min, currency }) : undefined}
          error={bind.error("amount")}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder={boleto || currency === "BRL" || currency === "MXN" ? "0,00" : "0.00"} {...form.register("amount")} />
        </FormField>
        {boleto && (
          <FormField label={t("charges.form.dueDate")} htmlFor={id("dueDate")} description={t("charges.form.dueDateHelp")} error={bind.error("dueDate")}>
            {(control) => (
              <DateField
                id={control.id}
                aria-describedby={control["aria-describedby"]}
                aria-invalid={control["aria-invalid"]}
                value={dueDate}
                onValueChange={(v) => form.setValue("dueDate", v, { shouldValidate: true, shouldDirty: true })}
              />
            )}
          </FormField>
        )}
      </div>

      <ChargePayerFields bind={bind} boleto={boleto} currency={currency} recentPayers={recentPayers} recentPayer={recentPayer} onRecentPayer={fillPayer} />

      {boleto && (
        <FormField label={t("charges.form.description")} htmlFor={id("description")} error={bind.error("description")}>
          <Input autoComplete="off" {...form.register("description")} />
        </FormField>
      )}

      {!boleto && (
        <SplitFieldset onAdd={() => split.append(emptySplit)} count={split.fields.length} errors={[bind.error("split"), bind.error("split.root")]}>
          {split.fields.map((f, i) => (
            <div key={f.id} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
              <FormField label={t("charges.form.splitUsername")} htmlFor={id(`split.${i}.username`)} error={bind.error(`split.${i}.username`)} className="col-span-2 sm:col-span-1">
                <Input autoComplete="off" spellCheck={false} {...form.register(`split.${i}.username`)} />
              </FormField>
              <FormField label={t("charges.form.splitKind")} htmlFor={id(`split.${i}.kind`)}>
                <NativeSelect className="w-full" {...form.register(`split.${i}.kind`)}>
                  <option value="percentage">{t("charges.form.splitPercentage")}</option>
                  <option value="fixed">{t("charges.form.splitFixed", { currency })}</option>
                </NativeSelect>
              </FormField>
              <FormField label={t("charges.form.splitValue")} htmlFor={id(`split.${i}.value`)} error={bind.error(`split.${i}.value`)}>
                <Input inputMode="decimal" autoComplete="off" {...form.register(`split.${i}.value`)} />
              </FormField>
              <Button type="button" variant="ghost" size="icon" aria-label={t("charges.form.splitRemove", { n: i + 1 })} onClick={() => split.remove(i)} className="self-end">
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
        </SplitFieldset>
      )}

      <ChargeTail bind={bind} pending={pending} onReset={reset} />
    </MoneyForm>
  );
}
