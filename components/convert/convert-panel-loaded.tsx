"use client";

/**
 * The Convert panel's code (./convert-panel.tsx says what it does): the live rate, the quote with its
 * countdown, the confirmation and the conversion, one reference per quote kept across retries.
 */
import { useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, RefreshCw, Timer } from "@/components/ui/icons";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { QueryProvider } from "@/components/providers/query-provider";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/plain-button";
import { FormError, type FormErrorValue } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { formatMoney, formatNumber } from "@/lib/i18n/format";
import { normalizeAmount } from "@/lib/charges/form";
import { Money } from "@/lib/payments/money";
import { estimateAt, peopleInverse, peopleRate } from "@/lib/conversions/format";
import { conversionAmountProblem, conversionQuoteFormSchema, isConversionCurrency, type ConversionQuote, type ConversionQuoteForm } from "@/lib/conversions/form";
import type { Executed, RateView } from "@/lib/conversions/service";
import { conversionQuoteAction, conversionRateAction, conversionRequoteAction, executeConversionAction } from "@/app/(dashboard)/convert/actions";
import { newReference } from "@/lib/reference";
import { cn } from "@/lib/utils";
import { ResultCard } from "./conversion-result";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import { ReviewLines, ReviewStep } from "@/components/money/review-step";
import { applyFieldErrors } from "@/components/forms/field-errors";
import { carriedValues, useCarriedForm } from "@/components/forms/carried-form";
import type { CarriedForm } from "@/components/forms/lazy-form";
import { ConvertFields, QuoteButton, RateBox, RateLoading, type ConvertPanelProps } from "./convert-panel";

/** The quote on screen: its reference, when it ends on this browser's clock, and what a renewal changed. */
type Pending = { quote: ConversionQuote; externalId: string; deadline: number; requoted?: { previous: ConversionQuote; difference: string } };

const STORAGE_KEY = "convert:pending";
const RATE_EVERY_MS = 15_000;
/** How long typing pauses before the typed amount's rate is read. */
const RATE_PAUSE_MS = 350;

/** The provider's (or the rate budget's) refusal of a rate read, in the member's words. */
class RateRefused extends Error {}

function pendingOf(quote: ConversionQuote, msLeft: number, requoted?: Pending["requoted"]): Pending {
  return { quote, externalId: newReference("cv"), deadline: Date.now() + msLeft, ...(requoted ? { requoted } : {}) };
}

function restore(): Pending | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as Pending;
    return p && typeof p.externalId === "string" && p.quote && typeof p.deadline === "number" ? p : null;
  } catch {
    return null;
  }
}

function keep(p: Pending | null) {
  try {
    if (p) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(p));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // private mode: the reference then lives as long as the page
  }
}

/** Milliseconds left until `deadline`, ticking while there is one. */
function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, deadline - now);
}

/** The live rate is a query: React Query comes with this panel only (not in the shell). */
export function ConvertPanel(props: ConvertPanelProps & { carried?: CarriedForm }) {
  return (
    <QueryProvider>
      <Panel {...props} />
    </QueryProvider>
  );
}

function Panel({ balances: held, pair, carried }: ConvertPanelProps & { carried?: CarriedForm }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const withReauth = useReauth();
  const initial = useMemo<ConversionQuoteForm>(() => {
    const typed = { base: pair.base, destination: pair.destination, amount: "", ...carriedValues(carried) };
    // A base chosen before the code loaded may be the destination the form started on.
    if (typed.destination === typed.base) typed.destination = typed.base === "USDT" ? "BRL" : "USDT";
    return typed;
  }, [pair, carried]);
  const form = useForm<ConversionQuoteForm>({ resolver: zodResolver(conversionQuoteFormSchema), defaultValues: initial, mode: "onChange", reValidateMode: "onChange" });
  const base = useWatch({ control: form.control, name: "base" });
  const destination = useWatch({ control: form.control, name: "destination" });
  const amountRaw = useWatch({ control: form.control, name: "amount" }) ?? "";
  const amountValid = conversionAmountProblem(amountRaw, base) === null;
  const amount = amountValid ? new Money(normalizeAmount(amountRaw)!).toFixed() : null;

  const [stored, setPendingState] = useState<Pending | null>(null);
  // Changing the pair or the amount leaves the quote behind (coming back to them finds it again).
  const pending =
    stored && stored.quote.base === base && stored.quote.destination === destination && amount !== null && new Money(amount).equals(stored.quote.fromAmount) ? stored : null;
  const [result, setResult] = useState<Executed | null>(null);
  const [busy, setBusy] = useState<null | "quote" | "convert" | "requote">(null);
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<FormErrorValue>(null);
  const msLeft = useCountdown(pending?.deadline ?? null);
  const expired = pending !== null && msLeft <= 0;
  const errors = form.formState.errors;
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);

  const setPending = (p: Pending | null) => {
    setPendingState(p);
    keep(p);
  };

  // A reload keeps the quote on screen and, above all, its reference.
  useEffect(() => {
    const p = restore();
    if (!p) return;
    const id = setTimeout(() => {
      form.reset({ base: p.quote.base, destination: p.quote.destination, amount: p.quote.fromAmount });
      setPendingState(p);
    }, 0);
    return () => clearTimeout(id);
  }, [form]);

  // The live rate, a query on the one QueryClient: read for the pair and the amount once typing pauses,
  // again every 15 s while the page is visible and when the member comes back to it. The provider
  // sends no event when its rates move, so there is no live stream to invalidate it: it is refetched.
  const rateAmount = useDebouncedValue(amount ?? "1", RATE_PAUSE_MS);
  const rateQuery = useQuery({
    queryKey: ["convert-rate", base, destination, rateAmount],
    queryFn: async (): Promise<RateView> => {
      const r = await conversionRateAction({ base, destination, amount: rateAmount });
      if (!r.ok) throw new RateRefused(r.error.message);
      return r.data;
    },
    enabled: isConversionCurrency(base) && isConversionCurrency(destination) && base !== destination,
    refetchInterval: RATE_EVERY_MS,
    staleTime: RATE_EVERY_MS,
    // The pair's last rate stays on screen while the new amount's is read.
    placeholderData: keepPreviousData,
    retry: false,
  });
  // A refusal is said; a read that never arrived (offline a moment) leaves the last rate up until the next.
  const rateError = rateQuery.error instanceof RateRefused ? rateQuery.error.message : null;
  const rateView = rateError === null ? (rateQuery.data ?? null) : null;
  const shownRate = rateView && rateView.base === base && rateView.destination === destination ? rateView : null;

  const available = (currency: string) => held.find((b) => b.currency === currency)?.available;
  const money = (v: string, c: string) => formatMoney(v, c, locale);
  const rateFigure = (r: { value: string; decimals: number }) => formatNumber(r.value, locale, r.decimals);
  const rateText = (r: string, b: string, d: string) => t("convert.rate.value", { base: b, rate: rateFigure(peopleRate(r)), destination: d });
  const inverseText = (r: string, b: string, d: string) => {
    const inv = peopleInverse(r);
    return inv ? t("convert.rate.value", { base: d, rate: rateFigure(inv), destination: b }) : null;
  };
  // What the typed amount gives at the live rate, at once while typing (the rate is read again after a pause).
  const estimate = shownRate && amount ? estimateAt(amount, shownRate.rate, destination) : null;

  const showFailure = (e: { code: string; message: string; requestId?: string; fieldErrors?: Record<string, string> }) => {
    setFormError({ message: e.message, requestId: e.requestId });
    applyFieldErrors(form.setError, e, ["amount", "base", "destination"]);
  };

  const onQuote = form.handleSubmit(async (values) => {
    setFormError(null);
    setResult(null);
    setBusy("quote");
    try {
      const r = await conversionQuoteAction(values);
      if (!r.ok) return showFailure(r.error);
      setPending(pendingOf(r.data.quote, r.data.msLeft));
    } finally {
      setBusy(null);
    }
  });

  const onRequote = async () => {
    if (!pending || busy) return;
    setFormError(null);
    setBusy("requote");
    try {
      const r = await conversionRequoteAction({ quote: pending.quote });
      if (!r.ok) return showFailure(r.error);
      setPending(pendingOf(r.data.quote, r.data.msLeft, { previous: r.data.previous, difference: r.data.difference }));
    } finally {
      setBusy(null);
    }
  };

  const onConvert = async () => {
    if (!pending || busy) return;
    setFormError(null);
    setBusy("convert");
    const current = pending;
    try {
      const r = await withReauth(() => executeConversionAction({ externalId: current.externalId, quote: current.quote }));
      setConfirming(false);
      if (!r.ok) return showFailure(r.error);
      if (r.data.kind === "requoted") {
        setPending(pendingOf(r.data.quote, r.data.msLeft, { previous: r.data.previous, difference: r.data.difference }));
        return;
      }
      const c = r.data.conversion;
      setPending(null);
      setResult(r.data);
      toast({
        title: t("convert.result.toast", { from: money(c.amountFrom ?? c.amount, c.baseCurrency), to: money(c.amountTo ?? "0", c.destinationCurrency) }),
        variant: "success",
      });
      router.refresh();
    } finally {
      setBusy(null);
    }
  };

  const validateAmount = () => form.getValues("amount") !== "";
  const chooseBase = (next: string) => {
    const opts = { shouldValidate: validateAmount(), shouldDirty: true } as const;
    form.setValue("base", next, opts);
    if (form.getValues("destination") === next) form.setValue("destination", next === "USDT" ? "BRL" : "USDT", opts);
  };

  const swap = () => {
    const opts = { shouldValidate: form.getValues("amount") !== "", shouldDirty: true } as const;
    form.setValue("base", destination, opts);
    form.setValue("destination", base, opts);
  };

  const startOver = () => {
    setResult(null);
    setFormError(null);
    form.reset({ base, destination, amount: "" });
  };

  // The swap pressed before the code loaded, then "Get quote" (or Enter) pressed meanwhile, once.
  useEffect(() => {
    if (carried?.pressed === "swap") swap();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const formRef = useCarriedForm(carried, () => void onQuote());

  if (result) return <ResultCard result={result} onAnother={startOver} />;

  const q = pending?.quote;
  const seconds = Math.ceil(msLeft / 1000);
  const baseAvailable = available(base);

  return (
    <div className="grid gap-5">
      <FormError error={formError} />
      <form onSubmit={onQuote} noValidate className="grid gap-4" aria-label={t("convert.form.title")} ref={formRef}>
        <ConvertFields
          base={base}
          currencies={held.map((b) => b.currency)}
          select={(name) =>
            name === "base"
              ? { name, value: base, onChange: (e) => chooseBase(e.target.value) }
              : { name, value: destination, onChange: (e) => form.setValue("destination", e.target.value, { shouldValidate: true, shouldDirty: true }) }
          }
          onSwap={swap}
          bind={{ field: (name) => form.register(name), error: (name) => err(errors[name]?.message) }}
          available={baseAvailable}
        >
          <RateBox>
            {estimate && !pending && (
              <p className="flex flex-wrap items-baseline gap-x-2" data-testid="live-estimate">
                <span className="text-muted-foreground">{t("convert.rate.youGet")}</span>
                <span className="text-base font-semibold tabular-nums" data-testid="live-estimate-value">
                  ≈ {money(estimate, destination)}
                </span>
                <span className="text-xs text-muted-foreground">{t("convert.rate.estimateNote")}</span>
              </p>
            )}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-muted-foreground">{t("convert.rate.label")}</span>
              {shownRate ? (
                <>
                  <span className="font-medium tabular-nums" data-testid="live-rate-value">
                    {rateText(shownRate.rate, base, destination)}
                  </span>
                  <span className="text-muted-foreground tabular-nums" data-testid="live-rate-inverse">
                    {inverseText(shownRate.rate, base, destination)}
                  </span>
                </>
              ) : rateError !== null ? (
                <span className="text-destructive">{t("convert.rate.unavailable", { message: rateError })}</span>
              ) : (
                <RateLoading />
              )}
            </p>
          </RateBox>
          {!pending && <QuoteButton busy={busy !== null} quoting={busy === "quote"} />}
        </ConvertFields>
      </form>

      {pending && q && (
        <ReviewStep
          id="convert-quote"
          testId="quote-card"
          className="rounded-lg border p-4"
          title={t("convert.quote.title")}
          aside={
            <span
              className={cn("inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium tabular-nums", expired ? "bg-destructive/10 text-destructive" : seconds <= 10 ? "bg-warning/15 text-warning" : "bg-muted")}
              data-testid="quote-countdown"
              role="timer"
            >
              <Timer aria-hidden className="size-3.5" />
              {expired ? t("convert.quote.expiredBadge") : t("convert.quote.expiresIn", { seconds })}
            </span>
          }
          back={{ label: t("convert.quote.change"), onClick: () => setPending(null), disabled: busy !== null }}
          actions={
            <>
              {expired ? (
                <Button type="button" onClick={onRequote} disabled={busy !== null}>
                  {busy === "requote" ? (
                    <>
                      <Spinner /> {t("convert.quote.requoting")}
                    </>
                  ) : (
                    <>
                      <RefreshCw aria-hidden /> {t("convert.quote.requote")}
                    </>
                  )}
                </Button>
              ) : (
                <Button type="button" onClick={() => setConfirming(true)} disabled={busy !== null}>
                  {busy === "convert" ? (
                    <>
                      <Spinner /> {t("convert.quote.converting")}
                    </>
                  ) : (
                    t("convert.quote.convert")
                  )}
                </Button>
              )}
            </>
          }
        >
          {pending.requoted && (
            <Alert data-testid="requote-difference">
              <RefreshCw aria-hidden />
              <AlertTitle>{t("convert.requoted.title")}</AlertTitle>
              <AlertDescription>{differenceText(pending.requoted, q, t, money)}</AlertDescription>
            </Alert>
          )}
          <ReviewLines
            lines={[
              { label: t("convert.quote.from"), value: money(q.fromAmount, q.base) },
              { label: t("convert.quote.fee"), value: q.fee !== null ? money(q.fee, q.base) : "—" },
              { label: t("convert.quote.spread"), value: q.spread !== null ? `${formatNumber(q.spread, locale, 4)} %` : "—" },
              { label: t("convert.quote.rate"), value: rateText(q.rate, q.base, q.destination) },
              { label: t("convert.quote.to"), value: money(q.toAmount, q.destination), strong: true, testId: "quote-to-amount" },
              { label: t("convert.quote.reference"), value: pending.externalId, mono: true },
            ]}
          />
          {expired && (
            <p className="text-sm text-muted-foreground" role="status">
              {t("convert.quote.expired")}
            </p>
          )}
        </ReviewStep>
      )}

      <AlertDialog open={confirming && pending !== null} onOpenChange={(open) => !open && busy !== "convert" && setConfirming(false)}>
        <AlertDialogContent>
          {q && (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("convert.confirm.title", { from: money(q.fromAmount, q.base), destination: q.destination })}</AlertDialogTitle>
                <AlertDialogDescription>
                  {t("convert.confirm.description", {
                    from: money(q.fromAmount, q.base),
                    to: money(q.toAmount, q.destination),
                    base: q.base,
                    destination: q.destination,
                    rate: rateFigure(peopleRate(q.rate)),
                  })}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <div className="flex items-center justify-center gap-3 rounded-md border bg-muted/40 p-3 text-sm font-medium tabular-nums">
                <span>−{money(q.fromAmount, q.base)}</span>
                <ArrowRight aria-hidden className="size-4 text-muted-foreground" />
                <span>+{money(q.toAmount, q.destination)}</span>
              </div>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={busy === "convert"}>{t("convert.confirm.cancel")}</AlertDialogCancel>
                <AlertDialogAction
                  disabled={busy === "convert"}
                  onClick={(e) => {
                    e.preventDefault(); // stays open while converting; closed by the answer
                    void onConvert();
                  }}
                >
                  {busy === "convert" ? (
                    <>
                      <Spinner /> {t("convert.quote.converting")}
                    </>
                  ) : (
                    t("convert.confirm.confirm")
                  )}
                </AlertDialogAction>
              </AlertDialogFooter>
            </>
          )}
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function differenceText(r: NonNullable<Pending["requoted"]>, q: ConversionQuote, t: ReturnType<typeof useI18n>["t"], money: (v: string, c: string) => string): string {
  const d = new Money(r.difference);
  const vars = { amount: money(q.toAmount, q.destination), difference: money(d.abs().toFixed(), q.destination), previous: money(r.previous.toAmount, r.previous.destination) };
  return t(d.gt(0) ? "convert.requoted.more" : d.lt(0) ? "convert.requoted.less" : "convert.requoted.same", vars);
}
