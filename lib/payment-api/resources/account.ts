/** Account reads: balance, profile, limits, fees (GET, safe to repeat). */
import type { RequestOptions } from "../core/transport";
import { balanceResponseSchema, feesResponseSchema, limitsResponseSchema, profileResponseSchema } from "../schemas/account";
import { ApiResource } from "./shared";

export class Account extends ApiResource {
  /** GET /v2/account/balance: available, blocked and pending per currency, as Decimal. */
  balance(options?: RequestOptions) {
    return this._call(() => ({ method: "GET", path: "/v2/account/balance", schema: balanceResponseSchema, safeToRetry: true }), options);
  }
  /** GET /v2/account/info/profile: username, name, document, kyc_level, kyc_status, status. */
  profile(options?: RequestOptions) {
    return this._call(() => ({ method: "GET", path: "/v2/account/info/profile", schema: profileResponseSchema, safeToRetry: true }), options);
  }
  /** GET /v2/account/limits: per-operation, daily and monthly limits per currency. */
  limits(options?: RequestOptions) {
    return this._call(() => ({ method: "GET", path: "/v2/account/limits", schema: limitsResponseSchema, safeToRetry: true }), options);
  }
  /** GET /v2/account/fees: configured fees per operation, method and currency. */
  fees(options?: RequestOptions) {
    return this._call(() => ({ method: "GET", path: "/v2/account/fees", schema: feesResponseSchema, safeToRetry: true }), options);
  }
}
