/**
 * POST /v2/transactions/wallet (spec "POST /v2/transactions/wallet", "Wallet"): a permanent receiving
 * identifier. BRL → a random PIX key (EVP, UUID v4); MXN → a CLABE; crypto → an address on `chain`
 * (default when absent: the first cash-in chain of the chain table that carries the coin). Each call
 * creates a new wallet. Deposits arrive through POST /sandbox/wallets/{id}/deposit (wallet_deposit and
 * cashin.confirmed with source static, to the creating credential's default webhook URL).
 */
import { randomUUID } from "node:crypto";
import { walletRequestSchema, type WalletRequest } from "@/lib/payment-api/schemas/wallets";
import { CASHIN_CHAINS, chainCarries, isCryptoCurrency } from "@/lib/payment-api/schemas/common";
import { generateClabe } from "@/lib/payments/clabe";
import { generateAddress } from "@/lib/payments/crypto-address";
import { CHAINS } from "@/lib/payments/chains";
import { newId } from "../accounts";
import { fieldError } from "../errors";
import type { V2Route } from "../pipeline";

export const walletRoute: V2Route<WalletRequest> = {
  method: "POST",
  path: "/v2/transactions/wallet",
  permission: "can_cashin",
  schema: walletRequestSchema,
  async handle({ sb, account, credential, body }) {
    const walletId = newId();
    let kind: "address" | "pix_key" | "clabe";
    let identifier: string;
    let chain: (typeof CASHIN_CHAINS)[number] | null = null;
    let minConfirmations: number | null = null;
    if (isCryptoCurrency(body.currency)) {
      chain = body.chain ?? CASHIN_CHAINS.find((c) => chainCarries(c, body.currency)) ?? null;
      if (chain === null) throw fieldError("UNSUPPORTED_CURRENCY", "currency", `no chain carries ${body.currency}`);
      kind = "address";
      identifier = generateAddress(chain);
      minConfirmations = CHAINS[chain].confirmations;
    } else {
      if (body.chain !== undefined) throw fieldError("INVALID_VALUE", "chain", "chain applies to crypto currencies only");
      if (body.currency === "BRL") {
        kind = "pix_key";
        identifier = randomUUID();
      } else {
        kind = "clabe";
        identifier = generateClabe(undefined, { bankCode: "646" });
      }
    }
    await sb.db.query(
      "insert into wallets (wallet_id, account_id, currency, chain, kind, identifier, min_confirmations, created_at, client_id) values ($1, $2, $3, $4, $5, $6, $7::int, $8, $9)",
      [walletId, account.id, body.currency, chain, kind, identifier, minConfirmations, sb.clock.date(), credential.clientId],
    );
    return {
      status: 201,
      data: {
        wallet_id: walletId,
        currency: body.currency,
        [kind]: identifier,
        chain,
        min_confirmations: minConfirmations,
        created_at: sb.clock.iso(),
      },
    };
  },
};
