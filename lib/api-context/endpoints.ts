/**
 * The spec's outgoing rate limits ("Limits", "Rate limits per endpoint"), one budget per credential
 * and endpoint (the token endpoint's is per address, so per API host). Where the spec says "not
 * shown" (boleto, infraction detail, PIX decode, legacy PIX payment), the dashboard assumes 60/min:
 * the lowest figure the spec gives any read, so the guess can only err on the safe side.
 */
export type EndpointBudget = {
  /** a stable name, part of the bucket key and shown in the request log */
  name: string;
  /** calls per minute */
  limit: number;
  /** "address": one budget per API host (the token endpoint counts per IP); else per credential */
  scope: "credential" | "address";
};

const TABLE: Record<string, EndpointBudget> = {
  "POST /v2/oauth/token": { name: "token", limit: 30, scope: "address" },
  "GET /v2/account/balance": { name: "balance", limit: 120, scope: "credential" },
  "GET /v2/account/info/profile": { name: "profile", limit: 60, scope: "credential" },
  "GET /v2/account/limits": { name: "limits", limit: 60, scope: "credential" },
  "GET /v2/account/fees": { name: "fees", limit: 60, scope: "credential" },
  "POST /v2/transactions/cashin": { name: "cashin", limit: 12_000, scope: "credential" },
  "POST /v2/transactions/cashout": { name: "cashout", limit: 6_000, scope: "credential" },
  "POST /v2/transactions/wallet": { name: "wallet", limit: 30, scope: "credential" },
  "POST /v2/internal_transfers/payment": { name: "transfer", limit: 10, scope: "credential" },
  "POST /v2/conversions/rate": { name: "conversion-rate", limit: 120, scope: "credential" },
  "POST /v2/conversions/simulate": { name: "conversion-simulate", limit: 60, scope: "credential" },
  "POST /v2/conversions/new": { name: "conversion-new", limit: 30, scope: "credential" },
  "POST /v2/account/transactions/list": { name: "transactions-list", limit: 300, scope: "credential" },
  "GET /v2/account/infractions": { name: "infractions-list", limit: 60, scope: "credential" },
  "POST /v2/account/infractions/reply": { name: "infractions-reply", limit: 10, scope: "credential" },
  // Not shown by the spec: the conservative 60/min.
  "POST /v2/boleto": { name: "boleto", limit: 60, scope: "credential" },
  "GET /v2/account/infractions/detail": { name: "infractions-detail", limit: 60, scope: "credential" },
  "POST /v2/pix/decode": { name: "pix-decode", limit: 60, scope: "credential" },
  "POST /v2/pix/payment": { name: "pix-payment", limit: 60, scope: "credential" },
};

const FALLBACK: EndpointBudget = { name: "other", limit: 60, scope: "credential" };

export function endpointBudget(method: string, pathname: string): EndpointBudget {
  return TABLE[`${method.toUpperCase()} ${pathname.replace(/\/+$/, "")}`] ?? FALLBACK;
}

/** Every budget by name, for the rate-limit headroom shown in the dashboard. */
export const ENDPOINT_BUDGETS: readonly EndpointBudget[] = Object.values(TABLE);
