"use client";

import { useState, useTransition } from "react";
import { useQueryStates } from "nuqs";
import { SlidersHorizontal, X } from "lucide-react";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { TX_METHODS, TX_SORTS, TX_SOURCES, TX_STATUSES, TX_TYPES, transactionSearchParams, type TransactionView } from "@/lib/transactions/filters";
import type { MessageKey } from "@/lib/i18n/translate";
import { cn } from "@/lib/utils";

const SORT_LABEL: Record<(typeof TX_SORTS)[number], MessageKey> = {
  "date.desc": "transactions.sort.dateDesc",
  "date.asc": "transactions.sort.dateAsc",
  "amount.desc": "transactions.sort.amountDesc",
  "amount.asc": "transactions.sort.amountAsc",
};

const dateInput = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");

/** A labelled filter field. */
function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A select whose first choice, "Any", clears the filter. */
function AnySelect({ id, value, options, label, onChange }: { id: string; value: string | null; options: readonly string[]; label: (v: string) => string; onChange: (v: string | null) => void }) {
  const { t } = useI18n();
  return (
    <NativeSelect id={id} className="w-full" value={value ?? ""} onChange={(e) => onChange(e.target.value || null)}>
      <option value="">{t("transactions.filters.any")}</option>
      {options.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </NativeSelect>
  );
}

/**
 * The filters, all in the URL (nuqs, `shallow: false`: the server re-renders the page from the
 * mirror). Selects and the sort apply at once; text fields on "Apply" or Enter, so typing does not
 * send a query per key. Each change is a history entry: Back returns to the previous view.
 */
export function FilterBar({ currencies, view }: { currencies: string[]; view: TransactionView }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(transactionSearchParams, { shallow: false, history: "push", startTransition, scroll: false });
  const advancedSet = Boolean(params.id || params.ext || params.payer || params.min || params.max || params.source || params.method);
  const [more, setMore] = useState(advancedSet);
  // At phone width the filters fold away behind one button, so the list starts on the first screen.
  const [phoneOpen, setPhoneOpen] = useState(false);
  // Remount the uncontrolled fields when the URL changes under them (Back, a saved view, Clear).
  const formKey = JSON.stringify(params);

  const apply = (patch: Partial<Record<keyof typeof transactionSearchParams, unknown>>) =>
    void setParams({ ...(patch as Parameters<typeof setParams>[0]), page: null, tx: null });

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const s = (k: string) => {
      const v = String(fd.get(k) ?? "").trim();
      return v ? v : null;
    };
    const d = (k: string) => {
      const v = s(k);
      return v ? new Date(`${v}T00:00:00Z`) : null;
    };
    apply({ q: s("q"), from: d("from"), to: d("to"), id: s("id"), ext: s("ext"), payer: s("payer"), min: s("min"), max: s("max") });
  };

  // The URL's statuses as the filter bar holds them (updated at once, before the server answers), in the mirror's vocabulary.
  const checkedStatuses = new Set(params.status.map((s) => (s === "paid" ? "confirmed" : s === "canceled" ? "cancelled" : s)));
  const toggleStatus = (status: string, on: boolean) => apply({ status: on ? [...new Set([...params.status, status])] : params.status.filter((s) => s !== status && !(status === "confirmed" && s === "paid") && !(status === "cancelled" && s === "canceled")) });
  const activeCount = [view.q, view.type, view.source, view.method, view.currency, view.from, view.to, view.transactionId, view.externalId, view.payer, view.minAmount, view.maxAmount].filter(Boolean).length + (view.statuses.length ? 1 : 0);

  return (
    <section aria-label={t("transactions.filters.title")} className="grid gap-3 rounded-lg border bg-card p-3" aria-busy={pending}>
      <Button type="button" variant="ghost" size="sm" className="justify-start md:hidden" aria-expanded={phoneOpen} aria-controls="tx-filters" onClick={() => setPhoneOpen((o) => !o)}>
        <SlidersHorizontal aria-hidden />
        {t("transactions.filters.title")}
        {activeCount > 0 && <span className="text-xs text-muted-foreground">· {t("transactions.filters.active", { count: activeCount })}</span>}
      </Button>
      <form key={formKey} id="tx-filters" onSubmit={onSubmit} className={cn("grid gap-3", !phoneOpen && "max-md:hidden")} role="search">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[2fr_1fr_1fr_1fr_1fr] [&>*]:min-w-0">
          <Field id="f-q" label={t("transactions.filters.search")}>
            <Input id="f-q" name="q" type="search" defaultValue={params.q} placeholder={t("transactions.filters.searchPlaceholder")} maxLength={100} />
          </Field>
          <Field id="f-type" label={t("transactions.filters.type")}>
            <AnySelect id="f-type" value={params.type} options={TX_TYPES} label={(v) => t(`txKinds.type.${v}` as MessageKey)} onChange={(type) => apply({ type })} />
          </Field>
          <Field id="f-currency" label={t("transactions.filters.currency")}>
            <AnySelect id="f-currency" value={params.currency} options={[...new Set([...currencies, ...(params.currency ? [params.currency] : [])])]} label={(c) => c} onChange={(currency) => apply({ currency })} />
          </Field>
          <Field id="f-from" label={t("transactions.filters.from")}>
            <Input id="f-from" name="from" type="date" defaultValue={dateInput(params.from)} />
          </Field>
          <Field id="f-to" label={t("transactions.filters.to")}>
            <Input id="f-to" name="to" type="date" defaultValue={dateInput(params.to)} />
          </Field>
        </div>

        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <legend className="mb-1.5 text-sm font-medium">{t("transactions.filters.status")}</legend>
          {TX_STATUSES.map((s) => (
            <label key={s} className="inline-flex items-center gap-1.5 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={checkedStatuses.has(s)} onChange={(e) => toggleStatus(s, e.target.checked)} data-testid={`f-status-${s}`} />
              {t(`transactions.status.${s}` as MessageKey)} <span className="text-xs text-muted-foreground">({s})</span>
            </label>
          ))}
        </fieldset>

        {more && (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 [&>*]:min-w-0">
            <Field id="f-source" label={t("transactions.filters.source")}>
              <AnySelect id="f-source" value={params.source} options={TX_SOURCES} label={(v) => t(`txKinds.source.${v}` as MessageKey)} onChange={(source) => apply({ source })} />
            </Field>
            <Field id="f-method" label={t("transactions.filters.method")}>
              <AnySelect id="f-method" value={params.method} options={TX_METHODS} label={(v) => t(`txKinds.method.${v}` as MessageKey)} onChange={(method) => apply({ method })} />
            </Field>
            <Field id="f-payer" label={t("transactions.filters.payer")}>
              <Input id="f-payer" name="payer" defaultValue={params.payer ?? ""} maxLength={100} />
            </Field>
            <div className="grid grid-cols-2 gap-2">
              <Field id="f-min" label={t("transactions.filters.minAmount")}>
                <Input id="f-min" name="min" inputMode="decimal" defaultValue={params.min ?? ""} pattern="[0-9]+([.,][0-9]+)?" />
              </Field>
              <Field id="f-max" label={t("transactions.filters.maxAmount")}>
                <Input id="f-max" name="max" inputMode="decimal" defaultValue={params.max ?? ""} pattern="[0-9]+([.,][0-9]+)?" />
              </Field>
            </div>
            <Field id="f-id" label={t("transactions.filters.transactionId")}>
              <Input id="f-id" name="id" defaultValue={params.id ?? ""} maxLength={100} className="font-mono" />
            </Field>
            <Field id="f-ext" label={t("transactions.filters.externalId")}>
              <Input id="f-ext" name="ext" defaultValue={params.ext ?? ""} maxLength={150} className="font-mono" />
            </Field>
          </div>
        )}

        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" size="sm">
            {pending && <Spinner />}
            {t("transactions.filters.apply")}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setMore((m) => !m)} aria-expanded={more}>
            <SlidersHorizontal aria-hidden />
            {more ? t("transactions.filters.fewer") : t("transactions.filters.more")}
          </Button>
          {activeCount > 0 && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => void setParams(Object.fromEntries(Object.keys(transactionSearchParams).map((k) => [k, null])) as Parameters<typeof setParams>[0])}
            >
              <X aria-hidden />
              {t("transactions.filters.clear")}
            </Button>
          )}
          {activeCount > 0 && (
            <span className="text-xs text-muted-foreground" data-testid="filters-active">
              {t("transactions.filters.active", { count: activeCount })}
            </span>
          )}
          <div className="ml-auto flex items-center gap-2">
            <Label htmlFor="f-sort" className="text-sm">
              {t("transactions.sort.label")}
            </Label>
            <NativeSelect id="f-sort" value={params.sort} onChange={(e) => apply({ sort: e.target.value })}>
              {TX_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(SORT_LABEL[s])}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </form>
    </section>
  );
}
