/** Fixed wallets: permanent receiving identifiers. */
import type { RequestOptions } from "../core/transport";
import { walletRequestSchema, walletResponseSchema, type WalletRequest } from "../schemas/wallets";
import { ApiResource } from "./shared";

export type WalletCreateParams = WalletRequest;

export class Wallets extends ApiResource {
  /**
   * POST /v2/transactions/wallet (201). No external_id exists for wallets, so an unknown outcome
   * (connection lost, gateway page) is not repeated: it could create a second wallet.
   */
  create(params: WalletCreateParams, options?: RequestOptions) {
    return this._call(() => {
      const json = this._validate(walletRequestSchema, params, "/v2/transactions/wallet");
      return { method: "POST", path: "/v2/transactions/wallet", json, schema: walletResponseSchema, safeToRetry: false };
    }, options);
  }
}
