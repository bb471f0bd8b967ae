/**
 * Blockchains of Payment Service API v2 (spec: "Chains (extended list of 10)",
 * "chain versus network", POST /v2/transactions/cashin and /cashout).
 */
import type { Currency } from "./currencies";

export const CHAIN_CODES = [
  "tron",
  "ethereum",
  "bsc",
  "polygon",
  "solana",
  "bitcoin",
  "arbitrum",
  "base",
  "optimism",
  "avalanche",
] as const;
export type ChainCode = (typeof CHAIN_CODES)[number];

/** How addresses on a chain are written; crypto-address.ts validates each. */
export type AddressFormat = "tron" | "evm" | "solana" | "bitcoin";

export type ChainInfo = {
  code: ChainCode;
  /** Coins the chain table lists for it, native coin first. */
  coins: readonly Currency[];
  /** Confirmations before a deposit is credited (the table's column). */
  confirmations: number;
  addressFormat: AddressFormat;
};

/** The spec's chain table, row for row. */
export const CHAINS: Readonly<Record<ChainCode, ChainInfo>> = {
  tron: { code: "tron", coins: ["USDT", "USDC", "TRX"], confirmations: 20, addressFormat: "tron" },
  ethereum: { code: "ethereum", coins: ["ETH", "USDT", "USDC"], confirmations: 12, addressFormat: "evm" },
  bsc: { code: "bsc", coins: ["BNB", "USDT", "USDC"], confirmations: 15, addressFormat: "evm" },
  polygon: { code: "polygon", coins: ["POL", "USDT", "USDC"], confirmations: 32, addressFormat: "evm" },
  solana: { code: "solana", coins: ["SOL", "USDT", "USDC"], confirmations: 32, addressFormat: "solana" },
  bitcoin: { code: "bitcoin", coins: ["BTC"], confirmations: 3, addressFormat: "bitcoin" },
  arbitrum: { code: "arbitrum", coins: ["ETH", "USDT", "USDC"], confirmations: 20, addressFormat: "evm" },
  base: { code: "base", coins: ["ETH", "USDT", "USDC"], confirmations: 20, addressFormat: "evm" },
  optimism: { code: "optimism", coins: ["ETH", "USDT", "USDC"], confirmations: 20, addressFormat: "evm" },
  // Avalanche C-Chain (EVM). X-Chain and P-Chain addresses (X-avax1..., P-avax1...) are not accepted.
  avalanche: { code: "avalanche", coins: ["AVAX", "USDT", "USDC"], confirmations: 15, addressFormat: "evm" },
};

/** The narrower list accepted in cash-in request bodies ("chain": tron, ethereum, bsc, polygon, solana, bitcoin). */
export const CASH_IN_CHAINS = ["tron", "ethereum", "bsc", "polygon", "solana", "bitcoin"] as const;
export type CashInChain = (typeof CASH_IN_CHAINS)[number];

/**
 * Networks accepted by cash-out. The spec's cash-out table says "such as tron,
 * ethereum, bsc, polygon, arbitrum, base, optimism" (an open list), and the
 * "chain versus network" note names bitcoin and solana as networks too, so we
 * take every chain of the extended table, avalanche included.
 */
export const CASH_OUT_NETWORKS: readonly ChainCode[] = CHAIN_CODES;

export const EVM_CHAINS: readonly ChainCode[] = CHAIN_CODES.filter((c) => CHAINS[c].addressFormat === "evm");

export function isChainCode(value: unknown): value is ChainCode {
  return typeof value === "string" && (CHAIN_CODES as readonly string[]).includes(value);
}

export function isCashInChain(value: unknown): value is CashInChain {
  return typeof value === "string" && (CASH_IN_CHAINS as readonly string[]).includes(value);
}

export function isCashOutNetwork(value: unknown): value is ChainCode {
  return isChainCode(value) && CASH_OUT_NETWORKS.includes(value);
}

export function coinsForChain(chain: ChainCode): readonly Currency[] {
  return CHAINS[chain].coins;
}

export function confirmationsForChain(chain: ChainCode): number {
  return CHAINS[chain].confirmations;
}

/** Chains on which a currency can move, in table order (e.g. BTC → ["bitcoin"]); empty for fiat. */
export function chainsForCurrency(currency: Currency): ChainCode[] {
  return CHAIN_CODES.filter((c) => CHAINS[c].coins.includes(currency));
}

/**
 * Whether the chain table lists `currency` on `chain`. The spec's Currencies
 * table is narrower and disagrees with itself (USDC "tron, ethereum, bsc,
 * polygon, solana" vs "the glossary lists ethereum and base"); we follow the
 * chain table, the only complete statement. Cash-out with a currency the
 * chain does not carry is INVALID_CURRENCY (spec: Errors, case rule 6).
 */
export function isCurrencySupportedOnChain(currency: Currency, chain: ChainCode): boolean {
  return CHAINS[chain].coins.includes(currency);
}

/** As above, and the chain must be one a cash-in body accepts. */
export function isCurrencySupportedForCashIn(currency: Currency, chain: ChainCode): boolean {
  return isCashInChain(chain) && isCurrencySupportedOnChain(currency, chain);
}
