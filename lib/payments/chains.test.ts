import { describe, expect, it } from "vitest";
import {
  CHAINS,
  CHAIN_CODES,
  CASH_IN_CHAINS,
  CASH_OUT_NETWORKS,
  EVM_CHAINS,
  coinsForChain,
  confirmationsForChain,
  chainsForCurrency,
  isCurrencySupportedOnChain,
  isCurrencySupportedForCashIn,
  isChainCode,
  isCashInChain,
  isCashOutNetwork,
} from "./chains";
import {
  CURRENCIES,
  CORE_CURRENCIES,
  CURRENCY_DECIMALS,
  CASH_IN_MINIMUMS,
  BOLETO_MIN_AMOUNT,
  FIAT_METHODS,
  isCurrency,
  isCoreCurrency,
  isFiatCurrency,
  isCryptoCurrency,
  currencyDecimals,
} from "./currencies";

describe("chain table (spec: Chains, extended list of 10)", () => {
  it("has the ten chains with the spec's coins and confirmations", () => {
    const table = Object.fromEntries(CHAIN_CODES.map((c) => [c, [coinsForChain(c).join(","), confirmationsForChain(c)]]));
    expect(table).toEqual({
      tron: ["USDT,USDC,TRX", 20],
      ethereum: ["ETH,USDT,USDC", 12],
      bsc: ["BNB,USDT,USDC", 15],
      polygon: ["POL,USDT,USDC", 32],
      solana: ["SOL,USDT,USDC", 32],
      bitcoin: ["BTC", 3],
      arbitrum: ["ETH,USDT,USDC", 20],
      base: ["ETH,USDT,USDC", 20],
      optimism: ["ETH,USDT,USDC", 20],
      avalanche: ["AVAX,USDT,USDC", 15],
    });
    for (const c of CHAIN_CODES) expect(CHAINS[c].code).toBe(c);
  });

  it("lists the cash-in chains and the cash-out networks", () => {
    expect([...CASH_IN_CHAINS]).toEqual(["tron", "ethereum", "bsc", "polygon", "solana", "bitcoin"]);
    expect(isCashInChain("arbitrum")).toBe(false);
    expect(isCashInChain("solana")).toBe(true);
    for (const n of ["tron", "ethereum", "bsc", "polygon", "arbitrum", "base", "optimism", "bitcoin", "solana"]) {
      expect(isCashOutNetwork(n), n).toBe(true);
    }
    expect(CASH_OUT_NETWORKS).toHaveLength(10);
    expect(isCashOutNetwork("dogecoin")).toBe(false);
    expect(isChainCode("ETHEREUM")).toBe(false);
  });

  it("groups the EVM chains", () => {
    expect([...EVM_CHAINS].sort()).toEqual(["arbitrum", "avalanche", "base", "bsc", "ethereum", "optimism", "polygon"]);
  });

  it("answers which currency moves on which chain", () => {
    expect(isCurrencySupportedOnChain("USDT", "tron")).toBe(true);
    expect(isCurrencySupportedOnChain("USDC", "base")).toBe(true);
    expect(isCurrencySupportedOnChain("ETH", "arbitrum")).toBe(true);
    expect(isCurrencySupportedOnChain("BTC", "ethereum")).toBe(false);
    expect(isCurrencySupportedOnChain("USDT", "bitcoin")).toBe(false);
    expect(isCurrencySupportedOnChain("BNB", "ethereum")).toBe(false);
    expect(isCurrencySupportedOnChain("BRL", "tron")).toBe(false);
    expect(isCurrencySupportedForCashIn("USDT", "arbitrum")).toBe(false);
    expect(isCurrencySupportedForCashIn("USDT", "polygon")).toBe(true);
    expect(chainsForCurrency("BTC")).toEqual(["bitcoin"]);
    expect(chainsForCurrency("SOL")).toEqual(["solana"]);
    expect(chainsForCurrency("ETH")).toEqual(["ethereum", "arbitrum", "base", "optimism"]);
    expect(chainsForCurrency("USDT")).toHaveLength(9);
    expect(chainsForCurrency("MXN")).toEqual([]);
  });
});

describe("currencies (spec: Currencies, Limits)", () => {
  it("lists the core and extended currencies", () => {
    expect([...CORE_CURRENCIES]).toEqual(["BRL", "MXN", "USDT", "USDC", "BTC", "ETH", "SOL", "BNB"]);
    expect([...CURRENCIES].slice(8)).toEqual(["POL", "TRX", "AVAX"]);
    expect(isCurrency("POL")).toBe(true);
    expect(isCoreCurrency("POL")).toBe(false);
    expect(isCurrency("brl")).toBe(false);
  });

  it("separates fiat from crypto", () => {
    expect(CURRENCIES.filter(isFiatCurrency)).toEqual(["BRL", "MXN"]);
    expect(CURRENCIES.filter(isCryptoCurrency)).toHaveLength(9);
    expect(FIAT_METHODS.BRL).toEqual(["pix", "boleto"]);
    expect(FIAT_METHODS.MXN).toEqual(["spei"]);
  });

  it("every crypto currency moves on at least one chain", () => {
    for (const c of CURRENCIES.filter(isCryptoCurrency)) expect(chainsForCurrency(c).length, c).toBeGreaterThan(0);
  });

  it("has the decimals of each currency", () => {
    expect(CURRENCY_DECIMALS).toEqual({ BRL: 2, MXN: 2, USDT: 6, USDC: 6, BTC: 8, ETH: 18, SOL: 9, BNB: 18, POL: 18, TRX: 6, AVAX: 18 });
    expect(currencyDecimals("BTC")).toBe(8);
  });

  it("has the spec's minimums", () => {
    expect(CASH_IN_MINIMUMS).toEqual({ BRL: "1.00", USDT: "2.00", BTC: "0.0001" });
    expect(BOLETO_MIN_AMOUNT).toBe("1.00");
  });
});
