"use client";

/**
 * The transfer form's code (./transfer-form.tsx says what it does): checked as the member types,
 * reviewed before it goes, one reference per form kept across failures.
 */
import { useMemo } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/plain-button";
import { MoneyForm } from "@/components/forms/money-form";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { formatMoney } from "@/lib/i18n/format";
import { normalizeAmount } from "@/lib/charges/form";
import { Money } from "@/lib/payments/money";
import { transferFormSchema, type TransferForm as TransferFormValues } from "@/lib/payouts/form";
import { needsApproval } from "@/lib/payouts/policy";
import { requestTransferAction } from "@/app/(dashboard)/send/actions";
import { ReviewLines, ReviewStep, ReviewWarnings } from "@/components/money/review-step";
import { newReference } from "@/lib/reference";
import { useReviewedSend } from "@/components/forms/use-reviewed-send";
import { carriedValues, useCarriedForm } from "@/components/forms/carried-form";
import type { CarriedForm, FieldBinding } from "@/components/forms/lazy-form";
import { TransferFields, type TransferFormProps } from "./transfer-form";

/** The transfer form's code: ./transfer-form.tsx renders its fields until this loads, and hands over what was typed. */
export function TransferForm({ balances, currencies, policy, carried }: TransferFormProps & { carried?: CarriedForm }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const initial = useMemo<TransferFormValues>(() => ({ username: "", currency: currencies[0] ?? "BRL", amount: "", externalId: newReference("tr"), description: "" }), [currencies]);
  const form = useForm<TransferFormValues>({ resolver: zodResolver(transferFormSchema), defaultValues: { ...initial, ...carriedValues(carried) }, mode: "onChange", reValidateMode: "onChange" });
  const currency = useWatch({ control: form.control, name: "currency" });
  const errors = form.formState.errors;
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);
  const available = balances?.[currency];

  const { review, edit, pending, formError, onReview, send } = useReviewedSend(form, requestTransferAction, (data, sent) => {
    toast({ title: t(data.state === "awaiting_approval" ? "send.result.held" : "send.result.transferSent"), variant: "success" });
    form.reset({ ...initial, currency: sent.currency, externalId: newReference("tr") });
    router.refresh();
  });

  const formRef = useCarriedForm(carried, () => void onReview());
  const bind: FieldBinding<keyof TransferFormValues> = {
    // A new currency checks the amount again (its minimum and decimals are the currency's).
    field: (name) => (name === "currency" ? form.register("currency", { onChange: () => form.getValues("amount") && form.trigger("amount") }) : form.register(name)),
    error: (name) => err(errors[name]?.message),
  };

  if (review) {
    const amount = new Money(normalizeAmount(review.amount)!).toFixed();
    const money = formatMoney(amount, review.currency, locale);
    const after = available !== undefined ? new Money(available).minus(amount) : null;
    const held = needsApproval(policy, { [review.currency]: amount });
    return (
      <ReviewStep
        id="transfer-review"
        testId="transfer-review"
        title={t("send.transfer.confirmTitle", { amount: money, username: review.username.trim() })}
        description={t("send.transfer.confirmDescription")}
        back={{ label: t("send.review.edit"), onClick: edit, disabled: pending }}
        actions={
          <>
            <Button type="button" onClick={send} disabled={pending} autoFocus>
              {pending ? t("send.review.sending") : held ? t("send.review.confirmHeld") : t("send.transfer.confirm", { amount: money })}
            </Button>
          </>
        }
      >
        <ReviewLines
          lines={[
            { label: t("send.review.amount"), value: money, strong: true },
            { label: t("send.review.username"), value: `@${review.username.trim()}` },
            { label: t("send.review.balanceAfter"), value: after ? formatMoney(after.toFixed(), review.currency, locale) : t("send.review.balanceUnknown"), warn: after?.lt(0) },
            { label: t("send.review.reference"), value: review.externalId, mono: true },
          ]}
        />
        <ReviewWarnings insufficient={after?.lt(0) && t("send.review.insufficient")} held={held && t("send.review.held")} />
      </ReviewStep>
    );
  }

  return (
    <MoneyForm ref={formRef} onSubmit={onReview} label={t("send.transfer.title")} error={formError}>
      <TransferFields bind={bind} currency={currency} currencies={currencies} balances={balances} />
    </MoneyForm>
  );
}
