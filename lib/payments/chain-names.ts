/** Blockchains by their own names (proper nouns: the same in every language), for people to read. No imports: client code shares it. */
const CHAIN_NAMES: Record<string, string> = {
  tron: "Tron",
  ethereum: "Ethereum",
  bsc: "BNB Smart Chain",
  polygon: "Polygon",
  solana: "Solana",
  bitcoin: "Bitcoin",
  arbitrum: "Arbitrum",
  base: "Base",
  optimism: "Optimism",
  avalanche: "Avalanche",
};

/** "Tron" for "tron"; a code it does not know, as it is. */
export const chainName = (chain: string): string => CHAIN_NAMES[chain] ?? chain;
