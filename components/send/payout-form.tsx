"use client";

/**
 * New payout: PIX (key and its type), SPEI (CLABE with its bank, recipient name) or crypto (coin, then
 * the networks that carry it, then an address checked for that network). Checked as the member types
 * with the rules the server applies again (lib/payouts/form.ts). "Review" shows what will leave:
 * amount, estimated fee, what the recipient gets, the balance after, the recipient, and whether the
 * approval policy will hold it; only "Send" calls the server. The reference (external_id) is made once
 * per payout and kept across failures and retries, so a double click, a lost answer or a reload can
 * only ever pay once.
 *
 * The form's code (react-hook-form, zod, the decimal type, the PIX, CLABE and address checks, the
 * review: ≈ 70 KiB gzipped) loads when the member turns to it, not with the page
 * (./payout-form-loaded.tsx). Until then its first state renders alone (a PIX payout by key), and
 * what was typed, the kind chosen, the amount's mode and a press of "Pay a PIX code" are carried over.
 */
import { useState } from "react";
import { Button } from "@/components/ui/plain-button";
import { MoneyForm } from "@/components/forms/money-form";
import { ChoiceTiles } from "@/components/ui/choice-tiles";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatMoney } from "@/lib/i18n/format";
import { lazyModule } from "@/components/ui/lazy";
import { UNBOUND, useLazyForm, type FieldBinding } from "@/components/forms/lazy-form";
import { AmountModeToggle } from "@/components/send/amount-mode";
import { PixCodeOpenButton } from "@/components/send/pix-code-open";
import { PAYOUT_FORM_KINDS, PIX_KEY_TYPES, type AmountMode, type PayoutFormKind } from "@/lib/payouts/vocabulary";
import type { FeeRow } from "@/lib/payouts/fees";
import type { ApprovalPolicy } from "@/lib/payouts/policy";
import type { PayoutForm as PayoutFormValues } from "@/lib/payouts/form";

/** `pixReceivable`: the fee table can say what to send for a PIX amount to arrive (the server works it out: the amount's mode is shown then). */
export type PayoutFormProps = { balances: Record<string, string> | null; fees: FeeRow[]; policy: ApprovalPolicy; pixReceivable: boolean };

/** The amount's mode radios' name (the form's state, not one of its fields). */
export const AMOUNT_MODE_FIELD = "payout-mode";

const loadedForm = lazyModule(() => import("./payout-form-loaded"));

export function PayoutForm(props: PayoutFormProps) {
  const { t, locale } = useI18n();
  const { loaded, formProps, carried, press } = useLazyForm(loadedForm);
  const [mode, setMode] = useState<AmountMode>("receive");
  if (loaded) return <loaded.PayoutForm {...props} carried={carried} />;
  const kind = (carried.initial.kind as PayoutFormKind | undefined) ?? "pix";
  // A PIX payout's currency; its amount as Brazilian bank apps write it.
  const available = props.balances?.BRL;
  const availableLine = available !== undefined ? <span className="block">{t("send.form.available", { amount: formatMoney(available, "BRL", locale) })}</span> : undefined;
  return (
    <MoneyForm label={t("send.form.title")} error={null} {...formProps}>
      <ChoiceTiles legend={t("send.form.kind")} options={PAYOUT_FORM_KINDS} value={kind} label={(o) => t(`send.kinds.${o}`)} help={t(`send.kindHelp.${kind}`)} field={{ name: "kind" }} className="grid-cols-3" />
      <PixCodeOpenButton onClick={() => press("pix-code")} />
      <PixKeyFields bind={UNBOUND} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label={t("send.form.amount", { currency: "BRL" })}
          htmlFor={payoutFieldId("amount")}
          description={availableLine}
        >
          <Input name="amount" inputMode="decimal" autoComplete="off" placeholder="0,00" />
        </FormField>
        {props.pixReceivable && <AmountModeToggle name={AMOUNT_MODE_FIELD} value={mode} onChange={setMode} />}
      </div>
      <PayoutTail bind={UNBOUND} />
    </MoneyForm>
  );
}

type Bind = FieldBinding<keyof PayoutFormValues>;

/** A field's id (its label's `for`). */
export const payoutFieldId = (name: string) => `payout-${name}`;

/** A PIX key and its type, before and after the form's code loaded (`bind`). */
export function PixKeyFields({ bind }: { bind: Bind }) {
  const { t } = useI18n();
  return (
    <div className="grid items-start gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <FormField label={t("send.form.keyType")} htmlFor={payoutFieldId("keyType")} error={bind.error("keyType")}>
        <NativeSelect className="w-full" defaultValue="" {...bind.field("keyType")}>
          <option value="">—</option>
          {PIX_KEY_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`send.form.keyTypes.${k}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t("send.form.pixKey")} htmlFor={payoutFieldId("pixKey")} description={t("send.form.pixKeyHelp")} error={bind.error("pixKey")}>
        <Input autoComplete="off" spellCheck={false} {...bind.field("pixKey")} />
      </FormField>
    </div>
  );
}

/** What every payout ends with: its description, its reference (folded away) and the review button. */
export function PayoutTail({ bind }: { bind: Bind }) {
  const { t } = useI18n();
  return (
    <>
      <FormField label={t("send.form.description")} htmlFor={payoutFieldId("description")} error={bind.error("description")}>
        <Input autoComplete="off" maxLength={140} {...bind.field("description")} />
      </FormField>
      <details className="rounded-md border px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">{t("send.form.advanced")}</summary>
        <div className="mt-3">
          <FormField label={t("send.form.reference")} htmlFor={payoutFieldId("externalId")} description={t("send.form.referenceHelp")} error={bind.error("externalId")}>
            <Input autoComplete="off" className="font-mono text-xs" {...bind.field("externalId")} />
          </FormField>
        </div>
      </details>
      <div className="flex justify-end">
        <Button type="submit">{t("send.form.review")}</Button>
      </div>
    </>
  );
}
