"use client";

/**
 * The payout form's code (./payout-form.tsx says what the form does and renders its first state
 * until this loads): checked as the member types, reviewed before anything is sent, one reference
 * per payout kept across failures and retries.
 */
import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { MoneyForm } from "@/components/forms/money-form";
import { ChoiceTiles } from "@/components/ui/choice-tiles";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { formatMoney } from "@/lib/i18n/format";
import { normalizeAmount } from "@/lib/charges/form";
import { CHAINS, isChainCode } from "@/lib/payments/chains";
import { clabeBankName } from "@/lib/payments/clabe";
import { guessPixKeyType, validatePixKey } from "@/lib/payments/pix-key";
import { maskPixKey } from "@/lib/payments/documents";
import { Money } from "@/lib/payments/money";
import { LAYER2_NETWORKS, PAYOUT_COINS, PAYOUT_FORM_KINDS, currencyOfKind, networksFor, payoutFormSchema, type PayoutForm as PayoutFormValues } from "@/lib/payouts/form";
import { amountForNet, payoutAmounts, type AmountMode } from "@/lib/payouts/fees";
import { AmountModeToggle } from "@/components/send/amount-mode";
import { PixCodeCard, PixCodeEntry } from "@/components/send/pix-code-entry";
import type { PixCodeToPay } from "@/lib/payouts/pix-code";
import { needsApproval } from "@/lib/payouts/policy";
import { requestPayoutAction } from "@/app/(dashboard)/send/actions";
import { ReviewLines, ReviewStep, ReviewWarnings, type ReviewLine } from "@/components/money/review-step";
import { newReference } from "@/lib/reference";
import { useReviewedSend } from "@/components/forms/use-reviewed-send";
import { carriedValues, useCarriedForm } from "@/components/forms/carried-form";
import type { CarriedForm, FieldBinding } from "@/components/forms/lazy-form";
import { chainName } from "@/lib/payments/chain-names";
import { AMOUNT_MODE_FIELD, PayoutTail, PixKeyFields, payoutFieldId, type PayoutFormProps } from "./payout-form";

const blank = (ref: string): PayoutFormValues => ({
  kind: "pix",
  amount: "",
  externalId: ref,
  description: "",
  keyType: "",
  pixKey: "",
  clabe: "",
  name: "",
  coin: "USDT",
  network: "tron",
  address: "",
});

/** The key as banks show it on a review: its type and the key masked ("CPF ***.982.247-**"). */
function pixKeyShown(v: PayoutFormValues): string {
  const r = validatePixKey(v.pixKey ?? "", v.keyType ?? "");
  return maskPixKey(r.ok ? r.value : (v.pixKey ?? "").trim(), v.keyType ?? "");
}

/** What a typed amount means for each kind until the member says otherwise: PIX as Brazilian banks do. */
const DEFAULT_MODES: Record<PayoutFormValues["kind"], AmountMode> = { pix: "receive", spei: "send", crypto: "send" };

const isAmountMode = (v: string | undefined): v is AmountMode => v === "receive" || v === "send";

export function PayoutForm({ balances, fees, policy, carried }: PayoutFormProps & { carried?: CarriedForm }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const initial = useMemo(() => blank(newReference("po")), []);
  // What was typed before this loaded (the amount's mode is the form's state, not a field).
  const { [AMOUNT_MODE_FIELD]: typedMode, ...typed } = carriedValues(carried);
  const form = useForm<PayoutFormValues>({ resolver: zodResolver(payoutFormSchema), defaultValues: { ...initial, ...typed }, mode: "onChange", reValidateMode: "onChange" });
  const kind = useWatch({ control: form.control, name: "kind" });
  const coin = useWatch({ control: form.control, name: "coin" }) ?? "USDT";
  const network = useWatch({ control: form.control, name: "network" }) ?? "";
  const clabe = useWatch({ control: form.control, name: "clabe" }) ?? "";
  const currency = currencyOfKind(kind, coin);
  const errors = form.formState.errors;
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);
  const id = payoutFieldId;
  const bank = /^\d{3}/.test(clabe.replace(/\D/g, "")) ? clabeBankName(clabe.replace(/\D/g, "").slice(0, 3)) : undefined;
  const available = balances?.[currency];
  const [modes, setModes] = useState(() => (isAmountMode(typedMode) ? { ...DEFAULT_MODES, [form.getValues("kind")]: typedMode } : DEFAULT_MODES));
  // A PIX code being paid (its key and amount fill the form and are not typed).
  const [code, setCode] = useState<PixCodeToPay | null>(null);
  const paying = kind === "pix" ? code : null;
  // "Recipient receives" only when the fee table can say what to send for it; a code's amount is what it asks to receive.
  const canReceive = amountForNet(fees, kind, currency, "1") !== null;
  const mode: AmountMode = !canReceive ? "send" : paying?.amount ? "receive" : modes[kind];
  const fill = (c: PixCodeToPay | null) => {
    setCode(c);
    const opts = { shouldValidate: c !== null };
    form.setValue("keyType", c?.keyType ?? "", opts);
    form.setValue("pixKey", c?.key ?? "", opts);
    // A code without an amount leaves it to the member: not flagged as missing before they type.
    form.setValue("amount", c?.amount ?? "", { shouldValidate: !!c?.amount });
  };
  const typedAmount = normalizeAmount(useWatch({ control: form.control, name: "amount" }) ?? "");
  const figuresOf = (raw: string) => {
    const n = normalizeAmount(raw);
    return n === null || !new Money(n).gt(0) ? null : payoutAmounts(fees, kind, currency, n, mode);
  };
  const live = typedAmount !== null && !errors.amount ? figuresOf(typedAmount) : null;

  // What is sent is what the review showed: the amount that leaves the balance.
  const request = (v: PayoutFormValues) => requestPayoutAction({ ...v, amount: figuresOf(v.amount)?.amount ?? v.amount });
  const { review, edit, pending, formError, onReview, send } = useReviewedSend(form, request, (data, sent) => {
    toast({ title: t(data.state === "awaiting_approval" ? "send.result.held" : "send.result.sent"), variant: "success" });
    form.reset({ ...blank(newReference("po")), kind: sent.kind, coin: sent.coin, network: sent.network, keyType: "" });
    setCode(null);
    router.refresh();
  });

  const formRef = useCarriedForm(carried, () => void onReview());
  const bind: FieldBinding<keyof PayoutFormValues> = {
    field: (name) => {
      // A key type chosen checks the key again; a key typed without a type gets the type its shape says (a chosen one is never changed).
      if (name === "keyType") return form.register("keyType", { onChange: () => form.trigger("pixKey") });
      if (name === "pixKey")
        return form.register("pixKey", {
          onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
            if (!form.getValues("keyType")) {
              const guess = guessPixKeyType(e.target.value);
              if (guess) form.setValue("keyType", guess, { shouldValidate: true });
            }
          },
        });
      return form.register(name);
    },
    error: (name) => err(errors[name]?.message),
  };

  if (review) {
    const figures = figuresOf(review.amount)!;
    const amount = figures.amount;
    const after = available !== undefined ? new Money(available).minus(amount) : null;
    const held = needsApproval(policy, { [currency]: amount });
    const lines: ReviewLine[] = [
      { label: t("send.review.amount"), value: formatMoney(amount, currency, locale), strong: mode === "send", testId: "review-amount" },
      { label: t("send.review.fee"), value: figures.fee !== null ? formatMoney(figures.fee, currency, locale) : t("send.review.feeUnknown"), testId: "review-fee" },
      ...(figures.net !== null ? [{ label: t("send.review.net"), value: formatMoney(figures.net, currency, locale), strong: mode === "receive", testId: "review-net" }] : []),
      { label: t("send.review.balanceAfter"), value: after ? formatMoney(after.toFixed(), currency, locale) : t("send.review.balanceUnknown"), warn: after?.lt(0) },
    ];
    const recipient: ReviewLine[] =
      review.kind === "pix" && paying
        ? [
            { label: t("send.pixCode.receiver"), value: paying.receiverName, testId: "review-receiver" },
            ...(paying.receiverDocument ? [{ label: t("send.pixCode.document"), value: paying.receiverDocument }] : []),
            ...(paying.city ? [{ label: t("send.pixCode.city"), value: paying.city }] : []),
            { label: t("send.form.pixKey"), value: `${t(`send.form.keyTypes.${paying.keyType}`)} ${maskPixKey(paying.key, paying.keyType)}`, testId: "review-pix-key" },
          ]
        : review.kind === "pix"
        ? [
            { label: t("send.form.pixKey"), value: `${t(`send.form.keyTypes.${review.keyType as "cpf"}`)} ${pixKeyShown(review)}`, testId: "review-pix-key" },
          ]
        : review.kind === "spei"
          ? [
              { label: t("send.form.name"), value: review.name!.trim() },
              { label: "CLABE", value: review.clabe!.replace(/[\s-]/g, ""), mono: true },
              { label: t("send.review.bank"), value: clabeBankName(review.clabe!.replace(/\D/g, "").slice(0, 3)) ?? "—" },
            ]
          : [
              { label: t("send.review.network"), value: `${review.coin} · ${review.network}` },
              { label: t("send.form.address"), value: review.address!.trim(), mono: true },
            ];
    return (
      <ReviewStep
        id="payout-review"
        testId="payout-review"
        title={t("send.review.title")}
        description={t("send.review.description")}
        back={{ label: t("send.review.edit"), onClick: edit, disabled: pending }}
        actions={
          <>
            <Button type="button" onClick={send} disabled={pending} autoFocus>
              {pending ? t("send.review.sending") : held ? t("send.review.confirmHeld") : t("send.review.confirm", { amount: formatMoney(amount, currency, locale) })}
            </Button>
          </>
        }
      >
        <ReviewLines lines={lines} />
        <h4 className="text-sm font-medium">{t("send.review.recipient")}</h4>
        <ReviewLines lines={[...recipient, { label: t("send.review.reference"), value: review.externalId, mono: true }]} />
        <ReviewWarnings insufficient={after?.lt(0) && t("send.review.insufficient")} held={held && t("send.review.held")} />
      </ReviewStep>
    );
  }

  const layer2 = kind === "crypto" && isChainCode(network) && LAYER2_NETWORKS.includes(network);
  const evm = kind === "crypto" && isChainCode(network) && CHAINS[network].addressFormat === "evm";

  return (
    <MoneyForm ref={formRef} onSubmit={onReview} label={t("send.form.title")} error={formError}>
      <ChoiceTiles legend={t("send.form.kind")} options={PAYOUT_FORM_KINDS} value={kind} label={(o) => t(`send.kinds.${o}`)} help={t(`send.kindHelp.${kind}`)} field={form.register("kind")} className="grid-cols-3" />

      {paying && <PixCodeCard code={paying} onClear={() => fill(null)} />}
      {kind === "pix" && !paying && <PixCodeEntry onRead={fill} defaultOpen={carried?.pressed === "pix-code"} />}
      {kind === "pix" && !paying && <PixKeyFields bind={bind} />}

      {kind === "spei" && (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t("send.form.clabe")} htmlFor={id("clabe")} description={bank ? t("send.form.clabeBank", { bank }) : undefined} error={err(errors.clabe?.message)}>
            <Input inputMode="numeric" autoComplete="off" maxLength={22} {...form.register("clabe")} />
          </FormField>
          <FormField label={t("send.form.name")} htmlFor={id("name")} error={err(errors.name?.message)}>
            <Input autoComplete="off" {...form.register("name")} />
          </FormField>
        </div>
      )}

      {kind === "crypto" && (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label={t("send.form.coin")} htmlFor={id("coin")} error={err(errors.coin?.message)}>
              <NativeSelect
                className="w-full"
                {...form.register("coin", {
                  onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                    const networks = networksFor(e.target.value);
                    if (!networks.includes(form.getValues("network") as never)) form.setValue("network", networks[0] ?? "", { shouldValidate: true });
                  },
                })}
              >
                {PAYOUT_COINS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={t("send.form.network")} htmlFor={id("network")} description={t("send.form.networkHelp", { coin })} error={err(errors.network?.message)}>
              <NativeSelect className="w-full" {...form.register("network", { onChange: () => form.getValues("address") && form.trigger("address") })}>
                {networksFor(coin).map((n) => (
                  <option key={n} value={n}>
                    {chainName(n)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField label={t("send.form.address")} htmlFor={id("address")} error={err(errors.address?.message)}>
            <Input autoComplete="off" spellCheck={false} className="font-mono text-xs" {...form.register("address")} />
          </FormField>
          {(layer2 || evm) && (
            <p className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm" role="note" data-testid="network-warning">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
              {t(layer2 ? "send.form.layer2Warning" : "send.form.evmWarning", { network: chainName(network), coin })}
            </p>
          )}
        </>
      )}

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label={t("send.form.amount", { currency })}
          htmlFor={id("amount")}
          description={
            paying || live || available !== undefined ? (
              <>
                {paying && <span className="block">{paying.amount ? t("send.pixCode.amountFixed", { amount: formatMoney(paying.amount, currency, locale) }) : t("send.pixCode.amountOpen")}</span>}
                {live?.fee != null && (
                  <span className="block" data-testid="amount-hint">
                    {mode === "receive"
                      ? t("send.form.youSend", { amount: formatMoney(live.amount, currency, locale), fee: formatMoney(live.fee, currency, locale) })
                      : t("send.form.theyReceive", { amount: formatMoney(live.net!, currency, locale), fee: formatMoney(live.fee, currency, locale) })}
                  </span>
                )}
                {available !== undefined && <span className="block">{t("send.form.available", { amount: formatMoney(available, currency, locale) })}</span>}
              </>
            ) : undefined
          }
          error={err(errors.amount?.message)}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder={currency === "BRL" || currency === "MXN" ? "0,00" : "0.00"} readOnly={!!paying?.amount} {...form.register("amount")} />
        </FormField>
        {canReceive && !paying?.amount && <AmountModeToggle name={AMOUNT_MODE_FIELD} value={mode} onChange={(m) => setModes((all) => ({ ...all, [kind]: m }))} />}
      </div>
      <PayoutTail bind={bind} />
    </MoneyForm>
  );
}
