/**
 * Account reads (spec "Account reads"; layouts are contract choices, lib/payment-api/schemas/account.ts):
 * GET /v2/account/balance, /v2/account/info/profile, /v2/account/limits, /v2/account/fees.
 */
import type { V2Route } from "../pipeline";
import { balanceJson, balancesOf } from "../ledger";
import { num, numOrNull } from "../money";

export const balanceRoute: V2Route = {
  method: "GET",
  path: "/v2/account/balance",
  async handle({ sb, account }) {
    const rows = await balancesOf(sb.db, account.id);
    return { status: 200, data: { balances: rows.map(balanceJson) } };
  },
};

export const profileRoute: V2Route = {
  method: "GET",
  path: "/v2/account/info/profile",
  async handle({ account }) {
    return {
      status: 200,
      data: {
        username: account.username,
        name: account.name,
        document: account.document,
        kyc_level: account.kycLevel,
        kyc_status: account.kycStatus,
        status: account.status,
      },
    };
  },
};

export const limitsRoute: V2Route = {
  method: "GET",
  path: "/v2/account/limits",
  async handle({ sb, account }) {
    const limits = await sb.configs.limits(account.id);
    return {
      status: 200,
      data: {
        limits: limits.map((l) => {
          const used = sb.usage.usage(account.id, l.currency, l.operation);
          return {
            currency: l.currency,
            operation: l.operation,
            per_operation_min: numOrNull(l.min),
            per_operation_max: numOrNull(l.max),
            daily_max: numOrNull(l.daily),
            daily_used: num(used.daily),
            monthly_max: numOrNull(l.monthly),
            monthly_used: num(used.monthly),
          };
        }),
      },
    };
  },
};

export const feesRoute: V2Route = {
  method: "GET",
  path: "/v2/account/fees",
  async handle({ sb, account }) {
    const fees = await sb.configs.fees(account.id);
    return {
      status: 200,
      data: {
        fees: fees.map((f) => ({
          operation: f.operation,
          method: f.method,
          currency: f.currency,
          percentage: num(f.percentage),
          fixed: num(f.fixed),
          minimum: num(f.minimum),
        })),
      },
    };
  },
};
