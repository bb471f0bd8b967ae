"use client";

/**
 * New conversion: from (a currency the account holds), to, and the amount typed the member's way.
 * The live rate is a query, read again every 15 s while the page is visible. "Get quote" asks the provider to
 * simulate: from_amount, fee, spread, rate and to_amount, with a countdown to expires_at (counted on
 * the provider's clock: the server says how long the quote still holds there). "Convert" asks for a
 * confirmation that sums up both sides, then executes; a quote that expired meanwhile comes back
 * renewed with the difference, and nothing is converted until the member confirms again. After the
 * countdown the button quotes again. The reference (external_id) is made once per quote and kept
 * (in this tab's session storage too), so a double click, a retry or a resubmit after a reload can
 * only ever convert once.
 *
 * The panel's code (react-hook-form, zod, the decimal type, React Query for the live rate, the
 * confirmation dialog: ≈ 80 KiB gzipped) is not in the page's first load: it is fetched once the page
 * is idle, or at once when the member turns to the form (./convert-panel-loaded.tsx). Until then the
 * fields render alone with the rate "loading", and what was typed, a swap and "Get quote" are
 * carried over.
 */
import { useEffect } from "react";
import { ArrowDownUp } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatMoney } from "@/lib/i18n/format";
import { lazyModule, preload, whenIdle } from "@/components/ui/lazy";
import { UNBOUND, useLazyForm, type FieldBinding } from "@/components/forms/lazy-form";
import { CONVERSION_CURRENCIES } from "@/lib/conversions/vocabulary";

export type BalanceLine = { currency: string; available: string };
/** `balances`: the account's balances in currencies that convert; `pair`: the pair the form starts on (lib/conversions/form.ts `initialPair`). */
export type ConvertPanelProps = { balances: BalanceLine[]; pair: { base: string; destination: string } };

/** NativeSelect fits its content; in this form both selects take their column. */
const WIDE_SELECT = "[&_[data-slot=native-select-wrapper]]:w-full";

const loadedPanel = lazyModule(() => import("./convert-panel-loaded"));

export function ConvertPanel(props: ConvertPanelProps) {
  const { t } = useI18n();
  const { loaded, formProps, carried, press } = useLazyForm(loadedPanel);
  // The live rate needs the panel's code: fetched once the page is idle, whether or not the member has turned to it.
  useEffect(() => whenIdle(() => preload(loadedPanel)), []);
  if (loaded) return <loaded.ConvertPanel {...props} carried={carried} />;
  const base = carried.initial.base ?? props.pair.base;
  const destination = carried.initial.destination ?? props.pair.destination;
  return (
    <div className="grid gap-5">
      <form noValidate className="grid gap-4" aria-label={t("convert.form.title")} {...formProps}>
        <ConvertFields
          base={base}
          currencies={props.balances.map((b) => b.currency)}
          select={(name) => ({ name, defaultValue: name === "base" ? base : destination })}
          onSwap={() => press("swap")}
          bind={UNBOUND}
          available={props.balances.find((b) => b.currency === base)?.available}
        >
          <RateBox>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-muted-foreground">{t("convert.rate.label")}</span>
              <RateLoading />
            </p>
          </RateBox>
          <QuoteButton busy={false} quoting={false} />
        </ConvertFields>
      </form>
    </div>
  );
}

/**
 * The pair (from, the swap, to) and the amount, before and after the panel's code loaded:
 * `select` gives each select its props (its name and value, or default value before: never a
 * className), `bind` binds the amount and says each field's problem; `children`: what follows (the
 * rate, the button).
 */
export function ConvertFields({
  base,
  currencies,
  select,
  onSwap,
  bind,
  available,
  children,
}: {
  base: string;
  currencies: string[];
  select: (name: "base" | "destination") => React.ComponentProps<"select">;
  onSwap: () => void;
  bind: FieldBinding<"base" | "destination" | "amount">;
  available: string | undefined;
  children: React.ReactNode;
}) {
  const { t, locale } = useI18n();
  const fromOptions = currencies.includes(base) ? currencies : [...currencies, base];
  const toOptions = CONVERSION_CURRENCIES.filter((c) => c !== base);
  return (
    <>
      <div className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
        <FormField label={t("convert.form.from")} htmlFor="convert-base" error={bind.error("base")} className={WIDE_SELECT}>
          <NativeSelect {...select("base")}>
            {fromOptions.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Button type="button" variant="outline" size="icon" onClick={onSwap} aria-label={t("convert.form.swap")} title={t("convert.form.swap")} className="justify-self-center">
          <ArrowDownUp aria-hidden className="sm:rotate-90" />
        </Button>
        <FormField label={t("convert.form.to")} htmlFor="convert-destination" error={bind.error("destination")} className={WIDE_SELECT}>
          <NativeSelect {...select("destination")}>
            {toOptions.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        label={t("convert.form.amount", { currency: base })}
        htmlFor="convert-amount"
        description={available !== undefined ? t("convert.form.available", { amount: formatMoney(available, base, locale) }) : undefined}
        error={bind.error("amount")}
      >
        <Input inputMode="decimal" autoComplete="off" placeholder={locale === "pt-BR" ? "0,00" : "0.00"} {...bind.field("amount")} />
      </FormField>
      {children}
    </>
  );
}

/** The live rate's box (announced as it changes). */
export function RateBox({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="live-rate" aria-live="polite">
      {children}
    </div>
  );
}

export function RateLoading() {
  const { t } = useI18n();
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground">
      <Spinner className="size-3.5" /> {t("convert.rate.loading")}
    </span>
  );
}

/** "Get quote"; `quoting`: asked and waiting for the answer. */
export function QuoteButton({ busy, quoting }: { busy: boolean; quoting: boolean }) {
  const { t } = useI18n();
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={busy}>
        {quoting ? (
          <>
            <Spinner /> {t("convert.form.quoting")}
          </>
        ) : (
          t("convert.form.quote")
        )}
      </Button>
    </div>
  );
}
