/**
 * The rules of the Wallets page's two forms, shared by the form (checked as the member types) and the
 * server action (checked again on what arrives). Browser-safe: zod/mini and the payment tables of
 * lib/payments (the same tables the API client's schemas are built from), no Node built-ins.
 * Messages are message keys of the `wallets.errors` group.
 *
 * Spec "POST /v2/transactions/wallet": body currency (required) and chain (optional). A PIX key
 * (BRL) or a CLABE (MXN) has no chain; a crypto wallet's chain is one of the cash-in chains that
 * carries the coin ("Chains (extended list of 10)"). The API picks a default chain when none is sent;
 * the form asks the member instead, since a deposit sent on another network is not credited.
 */
import * as z from "zod/mini";
import { API_ENVIRONMENTS } from "@/lib/vocabulary";
import { CASH_IN_CHAINS, CHAINS, type CashInChain } from "@/lib/payments/chains";
import { CORE_CURRENCIES, CURRENCY_DECIMALS, isFiatCurrency, type CoreCurrency } from "@/lib/payments/currencies";
import { Money } from "@/lib/payments/money";

/** The currencies a wallet can be created in: the request bodies' enum (BRL, MXN, USDT, USDC, BTC, ETH, SOL, BNB). */
export const WALLET_CURRENCIES = CORE_CURRENCIES;
export type WalletCurrency = CoreCurrency;

/** What identifies a wallet, by currency: a PIX key (BRL), a CLABE (MXN) or an address (crypto). */
export type WalletKind = "pix_key" | "clabe" | "address";

export function walletKindOf(currency: string): WalletKind {
  if (currency === "BRL") return "pix_key";
  if (currency === "MXN") return "clabe";
  return "address";
}

/** The cash-in chains that carry a coin, in the spec's order (empty for BRL and MXN). */
export function walletChains(currency: string): CashInChain[] {
  if (isFiatCurrency(currency)) return [];
  return CASH_IN_CHAINS.filter((c) => (CHAINS[c].coins as readonly string[]).includes(currency));
}

export const WALLET_LABEL_MAX = 60;

export const walletFormSchema = z
  .object({
    /** the environment the member was looking at: the action refuses if it changed meanwhile */
    environment: z.enum(API_ENVIRONMENTS),
    currency: z.enum(WALLET_CURRENCIES, "wallets.errors.currencyRequired"),
    /** "" for BRL and MXN */
    chain: z.string().check(z.maxLength(20, "wallets.errors.chainRequired")),
    label: z.string().check(z.trim(), z.maxLength(WALLET_LABEL_MAX, "wallets.errors.labelTooLong")),
  })
  .check(
    z.superRefine((v, ctx) => {
      const chains = walletChains(v.currency);
      if (chains.length === 0) {
        if (v.chain !== "") ctx.addIssue({ code: "custom", path: ["chain"], message: "wallets.errors.chainNotForFiat", input: v.chain });
      } else if (v.chain === "") {
        ctx.addIssue({ code: "custom", path: ["chain"], message: "wallets.errors.chainRequired", input: v.chain });
      } else if (!(chains as string[]).includes(v.chain)) {
        ctx.addIssue({ code: "custom", path: ["chain"], message: "wallets.errors.chainNotForCurrency", input: v.chain });
      }
    }),
  );

export type WalletForm = z.infer<typeof walletFormSchema>;

// --- the sandbox's "Simulate deposit" -----------------------------------------------------------

/**
 * The largest simulated deposit. The amount crosses the API boundary as a JSON number (the control
 * API takes `amount` as a number): at most 15 significant digits keep it exact.
 */
export const DEPOSIT_MAX = "10000000";
const MAX_SIGNIFICANT_DIGITS = 15;

export const depositFormSchema = z.object({
  walletId: z.string().check(z.minLength(1), z.maxLength(100)),
  /** as typed: "1.234,56" and "1,234.56" are both read (see normalizeAmount) */
  amount: z.string().check(z.maxLength(40)),
});
export type DepositForm = z.infer<typeof depositFormSchema>;

/** "10,50" and "1.234,50" (pt-BR, es-MX) or "1,234.50" (en) → "10.50" / "1234.50"; null when not a number. */
export function normalizeAmount(input: string): string | null {
  let s = input.trim().replace(/[\s\u00a0]/g, "");
  if (!s) return null;
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  if (lastComma > lastDot) s = s.replace(/\./g, "").replace(",", ".");
  else if (lastComma >= 0) s = s.replace(/,/g, "");
  if (!/^\d+(?:\.\d+)?$/.test(s) || s.length > 40) return null;
  return s;
}

export type AmountProblem = { key: "wallets.errors.amountRequired" | "wallets.errors.amountInvalid" | "wallets.errors.amountPositive" | "wallets.errors.amountDecimals" | "wallets.errors.amountTooLarge"; vars?: Record<string, string | number> };

/** A deposit amount's problem for a wallet's currency, or the amount as an exact decimal string. */
export function checkDepositAmount(raw: string, currency: string): { ok: true; amount: string } | { ok: false; problem: AmountProblem } {
  if (!raw.trim()) return { ok: false, problem: { key: "wallets.errors.amountRequired" } };
  const n = normalizeAmount(raw);
  if (n === null) return { ok: false, problem: { key: "wallets.errors.amountInvalid" } };
  const d = new Money(n);
  if (d.lte(0)) return { ok: false, problem: { key: "wallets.errors.amountPositive" } };
  const places = (CURRENCY_DECIMALS as Record<string, number>)[currency] ?? 2;
  if (d.decimalPlaces() > places) return { ok: false, problem: { key: "wallets.errors.amountDecimals", vars: { places, currency } } };
  if (d.gt(DEPOSIT_MAX) || d.precision(true) > MAX_SIGNIFICANT_DIGITS) return { ok: false, problem: { key: "wallets.errors.amountTooLarge", vars: { max: Number(DEPOSIT_MAX), currency } } };
  return { ok: true, amount: d.toFixed() };
}

/** A sensible amount to offer in the simulation form, per currency. */
export function sampleDepositAmount(currency: string): string {
  const samples: Record<string, string> = { BRL: "150.00", MXN: "500.00", USDT: "25.00", USDC: "25.00", BTC: "0.0015", ETH: "0.02", SOL: "0.5", BNB: "0.1" };
  return samples[currency] ?? "10";
}
