/**
 * The three account reads as the API context runs them (lib/api-context/index.ts): which cache key,
 * and how the client's answer becomes plain JSON for the shared read cache (Decimal amounts as exact
 * strings, unknown fields kept). The page normalises that JSON (./normalize.ts).
 */
import type { PaymentApiClient } from "@/lib/payment-api";
import { toPlainObject, type JsonObject } from "./json";

export type AccountReadKey = "profile" | "limits" | "fees";

export const ACCOUNT_READS: Record<AccountReadKey, (client: PaymentApiClient) => Promise<JsonObject>> = {
  /** GET /v2/account/info/profile */
  profile: async (client) => toPlainObject(await client.account.profile()),
  /** GET /v2/account/limits */
  limits: async (client) => toPlainObject(await client.account.limits()),
  /** GET /v2/account/fees */
  fees: async (client) => toPlainObject(await client.account.fees()),
};
