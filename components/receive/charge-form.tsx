"use client";

/**
 * New charge: one form that adapts to the method (PIX, boleto, boleto with PIX, SPEI, crypto).
 * Checked as the member types with the spec's rules (lib/charges/form.ts, the same rules the server
 * action applies); the API's `details.field` errors land under their field. The reference
 * (external_id) is made once per form and kept across failures, so a double click, a retry or a
 * resend after a lost answer can only ever make one charge. A failed call keeps everything typed.
 *
 * The form's code (react-hook-form, zod, the decimal type, the document checks: ≈ 45 KiB gzipped)
 * loads when the member turns to it, not with the page (./charge-form-loaded.tsx). Until then its
 * first state renders alone (a PIX charge), and what was typed, the method chosen, a recent payer
 * picked and a press of "Add a share" are carried over.
 */
import { Plus } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { MoneyForm } from "@/components/forms/money-form";
import { ChoiceTiles } from "@/components/ui/choice-tiles";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { UNBOUND, useLazyForm, type FieldBinding } from "@/components/forms/lazy-form";
import { BRAZIL_UFS, CHARGE_FORM_METHODS, SPLIT_MAX_ENTRIES, type ChargeFormMethod } from "@/lib/charges/vocabulary";
import { CASH_IN_MINIMUMS } from "@/lib/payments/currencies";
import type { RecentPayer } from "@/lib/charges/service";

export type ChargeFormProps = { recentPayers: RecentPayer[]; canCreate: boolean };

/** The recent payer select's name (it fills the payer's fields; it is not one of the form's). */
export const RECENT_PAYER_FIELD = "recent-payer";

const loadedForm = lazyModule(() => import("./charge-form-loaded"));

export function ChargeForm(props: ChargeFormProps) {
  const { t } = useI18n();
  const { loaded, formProps, carried, press, clear } = useLazyForm(loadedForm);
  if (!props.canCreate) return <p className="text-sm text-muted-foreground">{t("charges.form.noPermission")}</p>;
  if (loaded) return <loaded.ChargeForm {...props} carried={carried} />;
  const method = (carried.initial.method as ChargeFormMethod | undefined) ?? "PIX";
  return (
    <MoneyForm label={t("charges.form.title")} error={null} {...formProps}>
      <ChargeMethodTiles bind={UNBOUND} method={method} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("charges.form.amount", { currency: "BRL" })} htmlFor={chargeFieldId("amount")} description={t("charges.form.minimum", { min: CASH_IN_MINIMUMS.BRL ?? "", currency: "BRL" })}>
          <Input name="amount" inputMode="decimal" autoComplete="off" placeholder="0,00" />
        </FormField>
      </div>
      <ChargePayerFields bind={UNBOUND} boleto={false} currency="BRL" recentPayers={props.recentPayers} />
      <SplitFieldset onAdd={() => press("split-add")} />
      <ChargeTail bind={UNBOUND} pending={false} onReset={(e) => clear(e.currentTarget.form)} />
    </MoneyForm>
  );
}

/** The names of the fields drawn both before and after the form's code loaded. */
type ChargeFieldName =
  | "method"
  | "externalId"
  | "payer.name"
  | "payer.document"
  | "payer.email"
  | "payer.phone"
  | `payer.address.${"address" | "number" | "complement" | "district" | "city" | "zipCode" | "uf"}`;
type Bind = FieldBinding<ChargeFieldName>;

/** A field's id (its label's `for`). */
export const chargeFieldId = (name: string) => `charge-${name.replace(/\./g, "-")}`;

export function ChargeMethodTiles({ bind, method }: { bind: Bind; method: ChargeFormMethod }) {
  const { t } = useI18n();
  return (
    <ChoiceTiles
      legend={t("charges.form.method")}
      options={CHARGE_FORM_METHODS}
      value={method}
      label={(o) => t(`charges.methods.${o}`)}
      help={t(`charges.methodHelp.${method}`)}
      field={bind.field("method")}
      className="grid-cols-2 sm:grid-cols-5"
    />
  );
}

/**
 * Who pays: a recent payer to start from, their name, document and e-mail; on a boleto their phone and
 * address too. `onRecentPayer`: fills the fields from the one picked (before the code loaded the pick
 * is carried by the select's name instead).
 */
export function ChargePayerFields({
  bind,
  boleto,
  currency,
  recentPayers,
  recentPayer,
  onRecentPayer,
}: {
  bind: Bind;
  boleto: boolean;
  currency: string;
  recentPayers: RecentPayer[];
  recentPayer?: string;
  onRecentPayer?: (document: string) => void;
}) {
  const { t } = useI18n();
  type Kind = Pick<React.ComponentProps<"input">, "type" | "inputMode" | "spellCheck" | "placeholder">;
  const field = (name: ChargeFieldName, label: string, input: Kind, className?: string, description?: string) => (
    <FormField className={className} label={label} htmlFor={chargeFieldId(name)} description={description} error={bind.error(name)}>
      <Input autoComplete="off" type={input.type} inputMode={input.inputMode} spellCheck={input.spellCheck} placeholder={input.placeholder} {...bind.field(name)} />
    </FormField>
  );
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t("charges.form.payer")}</legend>
      {recentPayers.length > 0 && (
        <FormField label={t("charges.form.recentPayer")} htmlFor={chargeFieldId("recent")}>
          <NativeSelect className="w-full" name={RECENT_PAYER_FIELD} defaultValue={recentPayer ?? ""} onChange={onRecentPayer && ((e) => onRecentPayer(e.target.value))}>
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
        {field("payer.name", t("charges.form.payerName"), {})}
        {field("payer.document", currency === "BRL" ? t("charges.form.payerDocumentBr") : t("charges.form.payerDocument"), { spellCheck: false })}
        {field("payer.email", boleto ? t("charges.form.payerEmail") : t("charges.form.payerEmailOptional"), { type: "email" })}
        {boleto && field("payer.phone", t("charges.form.payerPhone"), { type: "tel", inputMode: "tel" }, undefined, t("charges.form.payerPhoneHelp"))}
      </div>
      {boleto && (
        <div className="grid gap-4 sm:grid-cols-6">
          {field("payer.address.address", t("charges.form.street"), {}, "sm:col-span-4")}
          {field("payer.address.number", t("charges.form.number"), {}, "sm:col-span-2")}
          {field("payer.address.complement", t("charges.form.complement"), {}, "sm:col-span-3")}
          {field("payer.address.district", t("charges.form.district"), {}, "sm:col-span-3")}
          {field("payer.address.city", t("charges.form.city"), {}, "sm:col-span-3")}
          <FormField className="sm:col-span-1" label={t("charges.form.uf")} htmlFor={chargeFieldId("payer.address.uf")} error={bind.error("payer.address.uf")}>
            <NativeSelect className="w-full" defaultValue="" {...bind.field("payer.address.uf")}>
              <option value="">—</option>
              {BRAZIL_UFS.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {field("payer.address.zipCode", t("charges.form.zip"), { inputMode: "numeric", placeholder: "00000-000" }, "sm:col-span-2")}
        </div>
      )}
    </fieldset>
  );
}

/** The split's frame: its rows (`children`), the split's own error and the button that adds a row. */
export function SplitFieldset({ children, errors = [], count = 0, onAdd }: { children?: React.ReactNode; errors?: Array<string | undefined>; count?: number; onAdd: () => void }) {
  const { t } = useI18n();
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t("charges.form.split")}</legend>
      <p className="text-xs text-muted-foreground">{t("charges.form.splitHelp")}</p>
      {children}
      {errors.map(
        (error, i) =>
          error && (
            <p key={i} className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ),
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onAdd} disabled={count >= SPLIT_MAX_ENTRIES}>
          <Plus aria-hidden /> {t("charges.form.splitAdd")}
        </Button>
      </div>
    </fieldset>
  );
}

/** What every charge ends with: its reference (folded away), create and clear. */
export function ChargeTail({ bind, pending, onReset }: { bind: Bind; pending: boolean; onReset: (e: React.MouseEvent<HTMLButtonElement>) => void }) {
  const { t } = useI18n();
  return (
    <>
      <details className="rounded-lg border p-4 text-sm">
        <summary className="cursor-pointer font-medium">{t("charges.form.advanced")}</summary>
        <div className="mt-3">
          <FormField label={t("charges.form.reference")} htmlFor={chargeFieldId("externalId")} description={t("charges.form.referenceHelp")} error={bind.error("externalId")}>
            <Input spellCheck={false} autoComplete="off" className="font-mono" {...bind.field("externalId")} />
          </FormField>
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? t("charges.form.creating") : t("charges.form.create")}
        </Button>
        <Button type="button" variant="ghost" disabled={pending} onClick={onReset}>
          {t("charges.form.reset")}
        </Button>
      </div>
    </>
  );
}
