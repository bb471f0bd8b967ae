/**
 * The Wallets page's rules without a network: the form's schema (shared with the action), the
 * simulated deposit's amount, and which failures leave a wallet's creation in doubt.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { PaymentApiError, type PaymentApiErrorInit } from "@/lib/payment-api";
import { ApiContextError } from "@/lib/api-context/context";
import { createTranslator, getMessages, LOCALES } from "@/lib/i18n";
import { checkDepositAmount, normalizeAmount, walletChains, walletFormSchema, walletKindOf } from "@/lib/wallets/form-schema";
import { describeWalletFailure } from "@/lib/wallets/failures";
import { callOutcome } from "@/lib/api-context/outcome";

const form = (v: Partial<{ currency: string; chain: string; label: string }>) => z.safeParse(walletFormSchema, { environment: "sandbox", currency: "BRL", chain: "", label: "", ...v });
const issues = (v: Parameters<typeof form>[0]) => {
  const r = form(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
};

describe("the new-wallet form", () => {
  it("takes a PIX key or a CLABE without a network, and a coin on a network that carries it", () => {
    expect(issues({ currency: "BRL" })).toEqual([]);
    expect(issues({ currency: "MXN" })).toEqual([]);
    expect(issues({ currency: "USDT", chain: "tron" })).toEqual([]);
    expect(issues({ currency: "BTC", chain: "bitcoin" })).toEqual([]);
    expect(form({ currency: "BRL", label: "  Store front  " })).toMatchObject({ success: true, data: { label: "Store front" } });
  });

  it("refuses what the API would refuse, under the right field", () => {
    expect(issues({ currency: "USDT" })).toEqual(["chain:wallets.errors.chainRequired"]);
    expect(issues({ currency: "BTC", chain: "tron" })).toEqual(["chain:wallets.errors.chainNotForCurrency"]);
    // layer-2 networks are cash-out networks, not the cash-in chains a wallet receives on
    expect(issues({ currency: "USDC", chain: "arbitrum" })).toEqual(["chain:wallets.errors.chainNotForCurrency"]);
    expect(issues({ currency: "BRL", chain: "tron" })).toEqual(["chain:wallets.errors.chainNotForFiat"]);
    expect(issues({ currency: "TRX" as never, chain: "tron" })[0]).toMatch(/^currency:wallets\.errors\.currencyRequired/);
    expect(issues({ label: "x".repeat(61) })).toEqual(["label:wallets.errors.labelTooLong"]);
  });

  it("offers the spec's cash-in chains per coin, and names the identifier by currency", () => {
    expect(walletChains("USDT")).toEqual(["tron", "ethereum", "bsc", "polygon", "solana"]);
    expect(walletChains("ETH")).toEqual(["ethereum"]);
    expect(walletChains("BNB")).toEqual(["bsc"]);
    expect(walletChains("BRL")).toEqual([]);
    expect([walletKindOf("BRL"), walletKindOf("MXN"), walletKindOf("SOL")]).toEqual(["pix_key", "clabe", "address"]);
  });
});

describe("a simulated deposit's amount", () => {
  it("reads the member's way of writing it, exactly", () => {
    expect(normalizeAmount("1.234,56")).toBe("1234.56");
    expect(normalizeAmount("1,234.56")).toBe("1234.56");
    expect(normalizeAmount(" 10,5 ")).toBe("10.5");
    expect(normalizeAmount("1e3")).toBeNull();
    expect(normalizeAmount("-5")).toBeNull();
    expect(checkDepositAmount("0.1", "BRL")).toEqual({ ok: true, amount: "0.1" });
    expect(checkDepositAmount("0,00000001", "BTC")).toEqual({ ok: true, amount: "0.00000001" });
  });

  it("refuses an amount the currency cannot carry, or one that would not be exact as a JSON number", () => {
    expect(checkDepositAmount("", "BRL")).toMatchObject({ ok: false, problem: { key: "wallets.errors.amountRequired" } });
    expect(checkDepositAmount("abc", "BRL")).toMatchObject({ ok: false, problem: { key: "wallets.errors.amountInvalid" } });
    expect(checkDepositAmount("0", "BRL")).toMatchObject({ ok: false, problem: { key: "wallets.errors.amountPositive" } });
    expect(checkDepositAmount("1.001", "BRL")).toMatchObject({ ok: false, problem: { key: "wallets.errors.amountDecimals", vars: { places: 2, currency: "BRL" } } });
    expect(checkDepositAmount("0.000000001", "BTC")).toMatchObject({ ok: false, problem: { key: "wallets.errors.amountDecimals", vars: { places: 8 } } });
    expect(checkDepositAmount("10000000.01", "BRL")).toMatchObject({ ok: false, problem: { key: "wallets.errors.amountTooLarge" } });
    // 18 decimals are ETH's scale, but 19 significant digits do not survive a JSON number
    expect(checkDepositAmount("1.000000000000000001", "ETH")).toMatchObject({ ok: false, problem: { key: "wallets.errors.amountTooLarge" } });
  });

  it("says so in every language", () => {
    for (const locale of LOCALES) {
      const t = createTranslator(getMessages(locale), locale);
      const r = checkDepositAmount("1.001", "BRL");
      if (r.ok) throw new Error("expected a problem");
      expect(t(r.problem.key, r.problem.vars)).toMatch(/2/);
      const big = checkDepositAmount("99999999", "MXN");
      if (big.ok) throw new Error("expected a problem");
      expect(t(big.problem.key, big.problem.vars)).toMatch(/10[.,]000[.,]000/);
    }
  });
});

describe("which failures leave the wallet in doubt (the one verdict every writer uses)", () => {
  const WALLET_PATH = "/v2/transactions/wallet";
  const outcomeUnknown = (e: unknown) => callOutcome(e) === "unknown";
  const err = (o: Partial<PaymentApiErrorInit>) =>
    new PaymentApiError({ status: 0, code: "CONNECTION_ERROR", message: "x", group: "SYSTEM", retryable: true, path: WALLET_PATH, method: "POST", attempts: 1, ...o });

  it("a cut connection, a timeout, a 5xx, a gateway's page or an unreadable success: the request may have been processed", () => {
    expect(outcomeUnknown(err({ code: "CONNECTION_ERROR", details: { errno: "ECONNRESET" } }))).toBe(true);
    expect(outcomeUnknown(err({ code: "CONNECTION_ERROR" }))).toBe(true);
    expect(outcomeUnknown(err({ code: "TIMEOUT" }))).toBe(true);
    expect(outcomeUnknown(err({ code: "INVALID_RESPONSE", status: 502 }))).toBe(true);
    expect(outcomeUnknown(err({ code: "INVALID_RESPONSE", status: 201 }))).toBe(true);
    // The service's own 5xx: charges, payouts and conversions always counted it as unknown; wallets
    // now agree (issue 25: four copies of this rule disagreed).
    expect(outcomeUnknown(err({ code: "SERVICE_UNAVAILABLE", status: 503 }))).toBe(true);
  });

  it("a refusal, a connection never made, a failed token request, the breaker or the client's own validation: nothing was created", () => {
    expect(outcomeUnknown(err({ code: "CONNECTION_ERROR", details: { errno: "ECONNREFUSED" } }))).toBe(false);
    expect(outcomeUnknown(err({ code: "CONNECTION_ERROR", path: "/v2/oauth/token" }))).toBe(false);
    expect(outcomeUnknown(err({ code: "INVALID_CURRENCY", status: 0, attempts: 0 }))).toBe(false);
    expect(outcomeUnknown(err({ code: "INVALID_RESPONSE", status: 404 }))).toBe(false);
    expect(outcomeUnknown(err({ code: "CIRCUIT_OPEN", attempts: 0, local: true }))).toBe(false);
    expect(outcomeUnknown(err({ code: "UNSUPPORTED_CHAIN", status: 422 }))).toBe(false);
    expect(outcomeUnknown(new ApiContextError("NO_ACTIVE_CREDENTIAL", "none"))).toBe(false);
  });

  it("puts each in words, with the field it concerns", () => {
    const en = createTranslator(getMessages("en"), "en");
    const text = (e: unknown) => {
      const f = describeWalletFailure(e, "sandbox")!;
      return { code: f.code, field: f.field, text: en(f.key, f.vars), requestId: f.requestId };
    };
    expect(text(err({ code: "TIMEOUT", requestId: null }))).toMatchObject({ code: "WALLET_OUTCOME_UNKNOWN", text: expect.stringMatching(/^The connection to the Payment API broke/) });
    expect(text(err({ code: "UNSUPPORTED_CHAIN", status: 422, details: { field: "chain", supported: ["tron", "ethereum"] }, requestId: "req_1" }))).toEqual({
      code: "UNSUPPORTED_CHAIN",
      field: "chain",
      text: "The provider does not accept this network for wallets. It accepts: tron, ethereum.",
      requestId: "req_1",
    });
    expect(text(err({ code: "UNSUPPORTED_CURRENCY", status: 422 }))).toMatchObject({ field: "currency", text: "The provider does not offer fixed wallets in this currency." });
    expect(text(err({ code: "KYC_REQUIRED", status: 403 })).text).toMatch(/identity verification \(KYC\)/);
    expect(text(err({ code: "MISSING_REQUIRED_FIELD", status: 400, details: { field: "currency" } }))).toMatchObject({ field: "currency", text: "The Payment API refused the wallet's details (MISSING_REQUIRED_FIELD). Check the currency and the network." });
    expect(text(err({ code: "ACCOUNT_UNDER_REVIEW", status: 403 })).text).toBe(en("apiErrors.ACCOUNT_UNDER_REVIEW"));
    expect(text(new ApiContextError("NO_ACTIVE_CREDENTIAL", "none")).text).toMatch(/No sandbox credential is active/);
    expect(describeWalletFailure(new Error("bug"))).toBeNull();
  });
});
