/**
 * Identifiers a settlement carries (spec "Transaction": e2e_id, tx_hash), well-formed so that a
 * client's own validation accepts them:
 *
 * - PIX end-to-end id (Banco Central layout, 32 characters): "E" + ISPB (8 digits) +
 *   yyyyMMddHHmm (UTC) + 11 alphanumerics. The sandbox writes ISPB 99999999.
 * - On-chain hash per chain family: EVM "0x" + 64 hex; tron and bitcoin 64 hex; solana a base58
 *   transaction signature (64 bytes).
 */
import { randomBytes, randomInt } from "node:crypto";
import { base58 } from "@scure/base";
import { CHAINS, isChainCode } from "@/lib/payments/chains";
import { cpfCheckDigits } from "@/lib/payments/documents";
import { SANDBOX_ISPB } from "./config";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function pixE2eId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, "").slice(0, 12);
  let tail = "";
  for (let i = 0; i < 11; i++) tail += ALNUM[randomInt(0, ALNUM.length)];
  return `E${SANDBOX_ISPB}${stamp}${tail}`;
}

export function txHash(chain: string): string {
  const family = isChainCode(chain) ? CHAINS[chain].addressFormat : "evm";
  if (family === "solana") return base58.encode(randomBytes(64));
  const hex = randomBytes(32).toString("hex");
  return family === "evm" ? `0x${hex}` : hex;
}

/** A valid CPF for a payer the caller did not name (wallet deposits). */
export function randomCpf(): string {
  let base = "";
  for (let i = 0; i < 9; i++) base += String(randomInt(0, 10));
  return base + cpfCheckDigits(base);
}
