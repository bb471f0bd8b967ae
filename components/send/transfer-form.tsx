"use client";

/**
 * Internal transfer to another account of the provider, by username. Reviewed before it goes (a
 * transfer is final); a transfer to the member's own account is refused by the API with
 * SELF_TRANSFER_BLOCKED, said in words under the username. Same reference rules as payouts.
 *
 * The form's code (react-hook-form, zod, the decimal type, the review: ≈ 65 KiB gzipped) loads when
 * the member turns to it, not with the page (./transfer-form-loaded.tsx); until then its fields render
 * alone, and what was typed is carried over.
 */
import { Button } from "@/components/ui/plain-button";
import { MoneyForm } from "@/components/forms/money-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatMoney } from "@/lib/i18n/format";
import { lazyModule } from "@/components/ui/lazy";
import { UNBOUND, useLazyForm, type FieldBinding } from "@/components/forms/lazy-form";
import type { ApprovalPolicy } from "@/lib/payouts/policy";
import type { TransferForm as TransferFormValues } from "@/lib/payouts/form";

export type TransferFormProps = { balances: Record<string, string> | null; currencies: string[]; policy: ApprovalPolicy };

const loadedForm = lazyModule(() => import("./transfer-form-loaded"));

export function TransferForm(props: TransferFormProps) {
  const { t } = useI18n();
  const { loaded, formProps, carried } = useLazyForm(loadedForm);
  if (loaded) return <loaded.TransferForm {...props} carried={carried} />;
  return (
    <MoneyForm label={t("send.transfer.title")} error={null} {...formProps}>
      <TransferFields bind={UNBOUND} currency={props.currencies[0] ?? "BRL"} currencies={props.currencies} balances={props.balances} />
    </MoneyForm>
  );
}

/** The transfer's fields, before and after the form's code loaded (`bind`); `currency`: the one chosen. */
export function TransferFields({ bind, currency, currencies, balances }: { bind: FieldBinding<keyof TransferFormValues>; currency: string; currencies: string[]; balances: Record<string, string> | null }) {
  const { t, locale } = useI18n();
  const available = balances?.[currency];
  return (
    <>
      <FormField label={t("send.transfer.username")} htmlFor="transfer-username" description={t("send.transfer.usernameHelp")} error={bind.error("username")}>
        <Input autoComplete="off" spellCheck={false} {...bind.field("username")} />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <FormField label={t("send.transfer.currency")} htmlFor="transfer-currency" error={bind.error("currency")}>
          <NativeSelect className="w-full" defaultValue={currencies[0] ?? "BRL"} {...bind.field("currency")}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={t("send.form.amount", { currency })}
          htmlFor="transfer-amount"
          description={available !== undefined ? t("send.form.available", { amount: formatMoney(available, currency, locale) }) : undefined}
          error={bind.error("amount")}
        >
          <Input inputMode="decimal" autoComplete="off" {...bind.field("amount")} />
        </FormField>
      </div>
      <FormField label={t("send.form.description")} htmlFor="transfer-description" error={bind.error("description")}>
        <Input autoComplete="off" maxLength={140} {...bind.field("description")} />
      </FormField>
      <details className="rounded-md border px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">{t("send.form.advanced")}</summary>
        <div className="mt-3">
          <FormField label={t("send.form.reference")} htmlFor="transfer-externalId" description={t("send.form.referenceHelp")} error={bind.error("externalId")}>
            <Input autoComplete="off" className="font-mono text-xs" {...bind.field("externalId")} />
          </FormField>
        </div>
      </details>
      <div className="flex justify-end">
        <Button type="submit">{t("send.transfer.review")}</Button>
      </div>
    </>
  );
}
