/**
 * The "New charge" form's rules, shared by the form (checked as the member types) and the server
 * action (checked again on what arrives). Browser-safe: zod/mini, the payment codecs, no Node
 * built-ins. Messages are message keys of the `charges.errors` group; a key that takes figures is
 * written "key|name=value" (lib/i18n/translate.ts `translateKeyOrText` reads both).
 *
 * The spec's rules: cash-in minimums 1.00 BRL, 2.00 USDT, 0.0001 BTC; boleto at least 1.00 with up to
 * 2 decimals, payer document a CPF or CNPJ (the alphanumeric CNPJ too), e-mail, phone 8 to 12
 * digits, CEP 8 digits, UF two letters; crypto needs a chain that carries the coin; split
 * percentages at most 95 in total; external_id at most 64 characters (150 on boleto).
 */
import * as z from "zod/mini";
import { CASH_IN_CHAINS, CHAINS, type CashInChain } from "@/lib/payments/chains";
import { CASH_IN_MINIMUMS, CURRENCY_DECIMALS, type Currency } from "@/lib/payments/currencies";
import { Money } from "@/lib/payments/money";
import { unformatDocument, validateDocument } from "@/lib/payments/documents";
import { BRAZIL_UFS, CHARGE_FORM_METHODS, CRYPTO_CHARGE_CURRENCIES, SPLIT_MAX_ENTRIES, isBoletoMethod, type ChargeFormMethod } from "./vocabulary";

export { BRAZIL_UFS, CHARGE_FORM_METHODS, CRYPTO_CHARGE_CURRENCIES, SPLIT_MAX_ENTRIES, isBoletoMethod } from "./vocabulary";
export type { ChargeFormMethod, CryptoChargeCurrency } from "./vocabulary";

export const SPLIT_MAX_PERCENT = 95;
export const EXTERNAL_ID_MAX = 64;
export const BOLETO_EXTERNAL_ID_MAX = 150;

/** What the sandbox tools may do to a charge (control API /sandbox/transactions/{id}/simulate). */
export const CHARGE_SIMULATIONS = ["cashin.confirmed", "cashin.expired", "cashin.refunded"] as const;
export type ChargeSimulation = (typeof CHARGE_SIMULATIONS)[number];

/** The currency a method charges in (crypto: the chosen coin). */
export function currencyOf(method: ChargeFormMethod, coin: string): Currency {
  if (method === "SPEI") return "MXN";
  if (method === "CRYPTO") return coin as Currency;
  return "BRL";
}

/** The cash-in chains that carry a coin, in the spec's order. */
export function chainsFor(coin: string): CashInChain[] {
  return CASH_IN_CHAINS.filter((c) => (CHAINS[c].coins as readonly string[]).includes(coin));
}

/** "10,50" and "1.234,50" (pt-BR, es) and "1,234.50" (en) → "10.50" / "1234.50"; null when not a number. */
export function normalizeAmount(input: string): string | null {
  let s = input.trim().replace(/\s|\u00a0/g, "");
  if (!s) return null;
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  if (lastComma > lastDot) s = s.replace(/\./g, "").replace(",", ".");
  else if (lastComma >= 0) s = s.replace(/,/g, "");
  if (!/^(?:0|[1-9]\d*)(?:\.\d+)?$/.test(s) || s.length > 40) return null;
  return s;
}

/** The smallest amount the method accepts, as a decimal string (null: more than zero). */
export function minimumFor(method: ChargeFormMethod, currency: Currency): string | null {
  if (isBoletoMethod(method)) return "1.00";
  return CASH_IN_MINIMUMS[currency] ?? null;
}

/** Decimal places the amount may have: 2 on boleto and fiat, the coin's scale on crypto. */
export function decimalsFor(method: ChargeFormMethod, currency: Currency): number {
  return isBoletoMethod(method) ? 2 : CURRENCY_DECIMALS[currency];
}

/** An amount's problem as a message (with figures), or null. */
export function amountProblem(raw: string, method: ChargeFormMethod, currency: Currency): string | null {
  if (!raw.trim()) return "charges.errors.amountRequired";
  const n = normalizeAmount(raw);
  if (n === null) return "charges.errors.amountInvalid";
  const d = new Money(n);
  if (d.lte(0)) return "charges.errors.amountPositive";
  const places = decimalsFor(method, currency);
  if (d.decimalPlaces() > places) return `charges.errors.amountDecimals|places=${places}`;
  const min = minimumFor(method, currency);
  if (min !== null && d.lt(min)) return `charges.errors.amountMinimum|min=${min}|currency=${currency}`;
  return null;
}

const text = (max: number, required: string) => z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max, "charges.errors.tooLong"));
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, "charges.errors.tooLong")));

export const splitEntryFormSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, "charges.errors.splitUsername"), z.maxLength(64, "charges.errors.splitUsername"), z.regex(/^[A-Za-z0-9_.-]+$/, "charges.errors.splitUsername")),
  kind: z.enum(["percentage", "fixed"]),
  value: z.string(),
});

export const chargeFormSchema = z
  .object({
    method: z.enum(CHARGE_FORM_METHODS),
    amount: z.string(),
    /** the coin of a crypto charge (ignored otherwise) */
    coin: z.optional(z.string()),
    chain: z.optional(z.string()),
    externalId: z.string().check(z.trim(), z.minLength(1, "charges.errors.externalIdRequired"), z.regex(/^[\x21-\x7e]+$/, "charges.errors.externalIdCharacters")),
    description: optionalText(140),
    payer: z.object({
      name: text(120, "charges.errors.payerNameRequired"),
      document: z.string().check(z.trim()),
      email: z.optional(z.string().check(z.trim())),
      phone: z.optional(z.string()),
      address: z.optional(
        z.object({
          address: z.string().check(z.trim()),
          number: optionalText(20),
          complement: optionalText(100),
          district: z.string().check(z.trim()),
          city: z.string().check(z.trim()),
          zipCode: z.string(),
          uf: z.string(),
        }),
      ),
    }),
    dueDate: z.optional(z.string()),
    split: z.optional(z.array(splitEntryFormSchema).check(z.maxLength(SPLIT_MAX_ENTRIES, "charges.errors.splitTooMany"))),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message, input: v });
      const boleto = isBoletoMethod(v.method);
      let currency: Currency = "BRL";
      if (v.method === "CRYPTO") {
        if (!v.coin || !(CRYPTO_CHARGE_CURRENCIES as readonly string[]).includes(v.coin)) add(["coin"], "charges.errors.coinRequired");
        else {
          currency = v.coin as Currency;
          if (!v.chain) add(["chain"], "charges.errors.chainRequired");
          else if (!chainsFor(v.coin).includes(v.chain as CashInChain)) add(["chain"], `charges.errors.chainCarries|coin=${v.coin}`);
        }
      } else currency = currencyOf(v.method, "");
      const amount = amountProblem(v.amount, v.method, currency);
      if (amount) add(["amount"], amount);
      if (v.externalId.trim().length > (boleto ? BOLETO_EXTERNAL_ID_MAX : EXTERNAL_ID_MAX)) add(["externalId"], `charges.errors.externalIdLength|max=${boleto ? BOLETO_EXTERNAL_ID_MAX : EXTERNAL_ID_MAX}`);

      // The payer's document: a CPF or CNPJ on every BRL charge (boleto demands it, PIX names the payer by it).
      const doc = v.payer.document.trim();
      if (!doc) add(["payer", "document"], "charges.errors.documentRequired");
      else if (currency === "BRL" && !validateDocument(doc).ok) add(["payer", "document"], "charges.errors.documentInvalid");
      else if (doc.length > 40) add(["payer", "document"], "charges.errors.tooLong");
      const email = v.payer.email?.trim() ?? "";
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) add(["payer", "email"], "charges.errors.emailInvalid");

      if (boleto) {
        if (!email) add(["payer", "email"], "charges.errors.emailRequired");
        const phone = (v.payer.phone ?? "").replace(/\D/g, "");
        if (!/^\d{8,12}$/.test(phone)) add(["payer", "phone"], "charges.errors.phoneInvalid");
        const a = v.payer.address;
        if (!a?.address) add(["payer", "address", "address"], "charges.errors.streetRequired");
        if (!a?.district) add(["payer", "address", "district"], "charges.errors.districtRequired");
        if (!a?.city) add(["payer", "address", "city"], "charges.errors.cityRequired");
        if (!/^\d{8}$/.test((a?.zipCode ?? "").replace(/\D/g, ""))) add(["payer", "address", "zipCode"], "charges.errors.zipInvalid");
        if (!(BRAZIL_UFS as readonly string[]).includes((a?.uf ?? "").trim().toUpperCase())) add(["payer", "address", "uf"], "charges.errors.ufInvalid");
        if (v.dueDate && !/^\d{4}-\d{2}-\d{2}$/.test(v.dueDate)) add(["dueDate"], "charges.errors.dueDateInvalid");
      }

      // Split: each entry checked, percentages at most 95 in total, fixed parts below the amount.
      let percent = new Money(0);
      let fixed = new Money(0);
      (v.split ?? []).forEach((s, i) => {
        const n = normalizeAmount(s.value);
        if (n === null || new Money(n).lte(0)) return add(["split", i, "value"], "charges.errors.splitValue");
        if (s.kind === "percentage") {
          if (new Money(n).decimalPlaces() > 2) return add(["split", i, "value"], "charges.errors.splitValue");
          percent = percent.plus(n);
        } else {
          if (new Money(n).decimalPlaces() > decimalsFor(v.method, currency)) return add(["split", i, "value"], `charges.errors.amountDecimals|places=${decimalsFor(v.method, currency)}`);
          fixed = fixed.plus(n);
        }
      });
      if (percent.gt(SPLIT_MAX_PERCENT)) add(["split"], `charges.errors.splitTotal|max=${SPLIT_MAX_PERCENT}`);
      const total = normalizeAmount(v.amount);
      if (total !== null && fixed.gt(0) && fixed.gte(total)) add(["split"], "charges.errors.splitFixedTotal");
    }),
  );

export type ChargeForm = z.infer<typeof chargeFormSchema>;

/** What the API is sent for a valid form (without postback_url): the exact body a retry repeats. */
export type ChargeRequest =
  | { kind: "cashin"; body: Record<string, unknown> }
  | { kind: "boleto"; body: Record<string, unknown> };

export function toChargeRequest(v: ChargeForm): { request: ChargeRequest; currency: Currency; amount: string; chain: string | null } {
  const currency = currencyOf(v.method, v.coin ?? "");
  const amount = new Money(normalizeAmount(v.amount)!).toFixed();
  const amountNumber = Number(amount);
  const split = (v.split ?? []).map((s) =>
    s.kind === "percentage" ? { username: s.username.trim(), percentage: Number(normalizeAmount(s.value)) } : { username: s.username.trim(), type: "fixed", amount: Number(normalizeAmount(s.value)) },
  );
  const document = currency === "BRL" ? unformatDocument(v.payer.document) : v.payer.document.trim();
  const email = v.payer.email?.trim() || undefined;
  if (isBoletoMethod(v.method)) {
    const a = v.payer.address!;
    const body: Record<string, unknown> = {
      amount: amountNumber,
      method: v.method,
      payer: {
        name: v.payer.name.trim(),
        document,
        email,
        phone: (v.payer.phone ?? "").replace(/\D/g, ""),
        address: {
          address: a.address.trim(),
          ...(a.number?.trim() ? { number: a.number.trim() } : {}),
          ...(a.complement?.trim() ? { complement: a.complement.trim() } : {}),
          district: a.district.trim(),
          city: a.city.trim(),
          zipCode: a.zipCode.replace(/\D/g, ""),
          uf: a.uf.trim().toUpperCase(),
        },
      },
      external_id: v.externalId.trim(),
      ...(v.dueDate ? { due_date: v.dueDate } : {}),
      ...(v.description?.trim() ? { description: v.description.trim() } : {}),
    };
    return { request: { kind: "boleto", body }, currency, amount, chain: null };
  }
  const chain = v.method === "CRYPTO" ? (v.chain ?? null) : null;
  const body: Record<string, unknown> = {
    amount: amountNumber,
    currency,
    ...(chain ? { chain } : {}),
    external_id: v.externalId.trim(),
    payer: { name: v.payer.name.trim(), document, ...(email ? { email } : {}) },
    ...(split.length ? { split } : {}),
  };
  return { request: { kind: "cashin", body }, currency, amount, chain };
}

/** The API's `details.field` (dotted, API names) as the form's field path. */
export function formFieldOf(apiField: string): string {
  if (apiField === "external_id") return "externalId";
  if (apiField === "due_date") return "dueDate";
  if (apiField === "currency") return "coin";
  if (apiField.startsWith("split")) return "split";
  return apiField;
}
