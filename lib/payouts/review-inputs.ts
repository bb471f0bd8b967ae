import "server-only";
import { readBalance, readFees, type ApiEnvironment } from "@/lib/api-context";
import { normalizeFees } from "@/lib/account/normalize";
import type { Access } from "@/lib/auth/authorize";
import type { FeeRow } from "./fees";

/** What the review step needs: available balances and the fee table (a failed read only hides the figures). */
export async function reviewInputs(access: Access, environment: ApiEnvironment) {
  const [balance, fees] = await Promise.allSettled([readBalance(access, environment), readFees(access, environment)]);
  const balances = balance.status === "fulfilled" ? Object.fromEntries(balance.value.data.map((b) => [b.currency, b.available])) : null;
  const feeRows: FeeRow[] = fees.status === "fulfilled" ? normalizeFees(fees.value.data).entries.map(({ operation, method, currency, percentage, fixed, minimum, maximum }) => ({ operation, method, currency, percentage, fixed, minimum, maximum })) : [];
  return { balances, fees: feeRows };
}

