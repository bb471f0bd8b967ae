"use client";

/**
 * New charge: one form that adapts to the method (PIX, boleto, boleto with PIX, SPEI, crypto).
 * Checked as the member types with the spec's rules (lib/charges/form.ts, the same rules the server
 * action applies); the API's `details.field` errors land under their field. The reference
 * (external_id) is made once per form and kept across failures, so a double click, a retry or a
 * resend after a lost answer can only ever make one charge. A failed call keeps everything typed.
 */
import { useMemo, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { MoneyForm } from "@/components/forms/money-form";
import type { FormErrorValue } from "@/components/ui/form-error";
import { ChoiceTiles } from "@/components/ui/choice-tiles";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { DateField } from "@/components/ui/date-field";
import { translateKeyOrText } from "@/lib/i18n/translate";
import {
  BRAZIL_UFS,
  CHARGE_FORM_METHODS,
  CRYPTO_CHARGE_CURRENCIES,
  chainsFor,
  chargeFormSchema,
  currencyOf,
  isBoletoMethod,
  minimumFor,
  type ChargeForm as ChargeFormValues,
} from "@/lib/charges/form";
import type { RecentPayer } from "@/lib/charges/service";
import { createChargeAction } from "@/app/(dashboard)/receive/actions";
import { newReference } from "@/lib/reference";
import { applyFieldErrors } from "@/components/forms/field-errors";

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

export function ChargeForm({ recentPayers, canCreate }: { recentPayers: RecentPayer[]; canCreate: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<FormErrorValue>(null);
  const initial = useMemo(() => blank(newReference("chg")), []);
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
  const id = (name: string) => `charge-${name.replace(/\./g, "-")}`;

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

  if (!canCreate) {
    return <p className="text-sm text-muted-foreground">{t("charges.form.noPermission")}</p>;
  }

  return (
    <MoneyForm onSubmit={onSubmit} label={t("charges.form.title")} error={formError}>
      <ChoiceTiles legend={t("charges.form.method")} options={CHARGE_FORM_METHODS} value={method} label={(o) => t(`charges.methods.${o}`)} help={t(`charges.methodHelp.${method}`)} field={form.register("method")} className="grid-cols-2 sm:grid-cols-5" />

      <div className="grid gap-4 sm:grid-cols-2">
        {method === "CRYPTO" && (
          <>
            <FormField label={t("charges.form.coin")} htmlFor={id("coin")} error={err(errors.coin?.message)}>
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
            <FormField label={t("charges.form.chain")} htmlFor={id("chain")} description={t("charges.form.chainHelp", { coin })} error={err(errors.chain?.message)}>
              <NativeSelect className="w-full" {...form.register("chain")}>
                {chainsFor(coin).map((c) => (
                  <option key={c} value={c}>
                    {c}
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
          error={err(errors.amount?.message)}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder={boleto || currency === "BRL" || currency === "MXN" ? "0,00" : "0.00"} {...form.register("amount")} />
        </FormField>
        {boleto && (
          <FormField label={t("charges.form.dueDate")} htmlFor={id("dueDate")} description={t("charges.form.dueDateHelp")} error={err(errors.dueDate?.message)}>
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

      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">{t("charges.form.payer")}</legend>
        {recentPayers.length > 0 && (
          <FormField label={t("charges.form.recentPayer")} htmlFor={id("recent")}>
            <NativeSelect className="w-full" defaultValue="" onChange={(e) => fillPayer(e.target.value)}>
              <option value="">{t("charges.form.recentPayerPlaceholder")}</option>
              {recentPayers.map((p) => (
                <option key={p.document} value={p.document}>
                  {p.name} · {p.document}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t("charges.form.payerName")} htmlFor={id("payer.name")} error={err(errors.payer?.name?.message)}>
            <Input autoComplete="off" {...form.register("payer.name")} />
          </FormField>
          <FormField
            label={currency === "BRL" ? t("charges.form.payerDocumentBr") : t("charges.form.payerDocument")}
            htmlFor={id("payer.document")}
            error={err(errors.payer?.document?.message)}
          >
            <Input autoComplete="off" spellCheck={false} {...form.register("payer.document")} />
          </FormField>
          <FormField
            label={boleto ? t("charges.form.payerEmail") : t("charges.form.payerEmailOptional")}
            htmlFor={id("payer.email")}
            error={err(errors.payer?.email?.message)}
          >
            <Input type="email" autoComplete="off" {...form.register("payer.email")} />
          </FormField>
          {boleto && (
            <FormField label={t("charges.form.payerPhone")} htmlFor={id("payer.phone")} description={t("charges.form.payerPhoneHelp")} error={err(errors.payer?.phone?.message)}>
              <Input type="tel" inputMode="tel" autoComplete="off" {...form.register("payer.phone")} />
            </FormField>
          )}
        </div>
        {boleto && (
          <div className="grid gap-4 sm:grid-cols-6">
            <FormField className="sm:col-span-4" label={t("charges.form.street")} htmlFor={id("payer.address.address")} error={err(errors.payer?.address?.address?.message)}>
              <Input autoComplete="off" {...form.register("payer.address.address")} />
            </FormField>
            <FormField className="sm:col-span-2" label={t("charges.form.number")} htmlFor={id("payer.address.number")} error={err(errors.payer?.address?.number?.message)}>
              <Input autoComplete="off" {...form.register("payer.address.number")} />
            </FormField>
            <FormField className="sm:col-span-3" label={t("charges.form.complement")} htmlFor={id("payer.address.complement")} error={err(errors.payer?.address?.complement?.message)}>
              <Input autoComplete="off" {...form.register("payer.address.complement")} />
            </FormField>
            <FormField className="sm:col-span-3" label={t("charges.form.district")} htmlFor={id("payer.address.district")} error={err(errors.payer?.address?.district?.message)}>
              <Input autoComplete="off" {...form.register("payer.address.district")} />
            </FormField>
            <FormField className="sm:col-span-3" label={t("charges.form.city")} htmlFor={id("payer.address.city")} error={err(errors.payer?.address?.city?.message)}>
              <Input autoComplete="off" {...form.register("payer.address.city")} />
            </FormField>
            <FormField className="sm:col-span-1" label={t("charges.form.uf")} htmlFor={id("payer.address.uf")} error={err(errors.payer?.address?.uf?.message)}>
              <NativeSelect className="w-full" {...form.register("payer.address.uf")}>
                <option value="">—</option>
                {BRAZIL_UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField className="sm:col-span-2" label={t("charges.form.zip")} htmlFor={id("payer.address.zipCode")} error={err(errors.payer?.address?.zipCode?.message)}>
              <Input inputMode="numeric" autoComplete="off" placeholder="00000-000" {...form.register("payer.address.zipCode")} />
            </FormField>
          </div>
        )}
      </fieldset>

      {boleto && (
        <FormField label={t("charges.form.description")} htmlFor={id("description")} error={err(errors.description?.message)}>
          <Input autoComplete="off" {...form.register("description")} />
        </FormField>
      )}

      {!boleto && (
        <fieldset className="grid gap-3 rounded-lg border p-4">
          <legend className="px-1 text-sm font-medium">{t("charges.form.split")}</legend>
          <p className="text-xs text-muted-foreground">{t("charges.form.splitHelp")}</p>
          {split.fields.map((f, i) => (
            <div key={f.id} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
              <FormField label={t("charges.form.splitUsername")} htmlFor={id(`split.${i}.username`)} error={err(errors.split?.[i]?.username?.message)} className="col-span-2 sm:col-span-1">
                <Input autoComplete="off" spellCheck={false} {...form.register(`split.${i}.username`)} />
              </FormField>
              <FormField label={t("charges.form.splitKind")} htmlFor={id(`split.${i}.kind`)}>
                <NativeSelect className="w-full" {...form.register(`split.${i}.kind`)}>
                  <option value="percentage">{t("charges.form.splitPercentage")}</option>
                  <option value="fixed">{t("charges.form.splitFixed", { currency })}</option>
                </NativeSelect>
              </FormField>
              <FormField label={t("charges.form.splitValue")} htmlFor={id(`split.${i}.value`)} error={err(errors.split?.[i]?.value?.message)}>
                <Input inputMode="decimal" autoComplete="off" {...form.register(`split.${i}.value`)} />
              </FormField>
              <Button type="button" variant="ghost" size="icon" aria-label={t("charges.form.splitRemove", { n: i + 1 })} onClick={() => split.remove(i)} className="self-end">
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          {errors.split?.message && (
            <p className="text-sm text-destructive" role="alert">
              {err(errors.split.message)}
            </p>
          )}
          {errors.split?.root?.message && (
            <p className="text-sm text-destructive" role="alert">
              {err(errors.split.root.message)}
            </p>
          )}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => split.append({ username: "", kind: "percentage", value: "" })} disabled={split.fields.length >= 10}>
              <Plus aria-hidden /> {t("charges.form.splitAdd")}
            </Button>
          </div>
        </fieldset>
      )}

      <details className="rounded-lg border p-4 text-sm">
        <summary className="cursor-pointer font-medium">{t("charges.form.advanced")}</summary>
        <div className="mt-3">
          <FormField label={t("charges.form.reference")} htmlFor={id("externalId")} description={t("charges.form.referenceHelp")} error={err(errors.externalId?.message)}>
            <Input spellCheck={false} autoComplete="off" className="font-mono" {...form.register("externalId")} />
          </FormField>
        </div>
      </details>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? t("charges.form.creating") : t("charges.form.create")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={pending}
          onClick={() => {
            form.reset(blank(newReference("chg")));
            setFormError(null);
          }}
        >
          {t("charges.form.reset")}
        </Button>
      </div>
    </MoneyForm>
  );
}
