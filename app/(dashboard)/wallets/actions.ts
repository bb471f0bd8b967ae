"use server";
/**
 * Fixed wallets: create one (admins and operators, "charges.create"), and the sandbox's "Simulate
 * deposit". Each action checks its permission itself (protectedAction) and works on the caller's
 * organisation in the environment the member's pages show: a wallet id of another organisation or
 * environment is simply not found.
 */
import { protectedAction } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import { apiContext, memberScope } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import type { CashInChain } from "@/lib/payments/chains";
import { sandboxControlFor } from "@/lib/sandbox-control/tools";
import { SandboxControlError } from "@/lib/sandbox-control/client";
import { depositFormSchema, walletFormSchema } from "@/lib/wallets/form-schema";
import { describeWalletFailure } from "@/lib/wallets/failures";
import { createWallet, simulateWalletDeposit, type WalletDto } from "@/lib/wallets/service";

/**
 * Creates a wallet in the environment the member is looking at. Made once: when its outcome is
 * unknown the answer is WALLET_OUTCOME_UNKNOWN (nothing was stored; the wallet may exist).
 */
export const createWalletAction = protectedAction("charges.create", walletFormSchema, async (input, { access, actor }): Promise<WalletDto> => {
  const target = await memberScope(access);
  const { environment } = target;
  // The form was shown for another environment (switched in another tab): do not create it here.
  if (input.environment !== environment) throw new Refusal("ENVIRONMENT_CHANGED", "wallets.errors.environmentChanged");
  try {
    return await createWallet({ db: await getDb(), ctx: await apiContext() }, target, actor, {
      currency: input.currency,
      chain: input.chain ? (input.chain as CashInChain) : undefined,
      label: input.label || undefined,
    });
  } catch (e) {
    const failure = describeWalletFailure(e, environment);
    if (!failure) throw e;
    if (failure.outcomeUnknown) {
      // Kept in the server log: if the wallet exists, its deposits will name it (Wallets → other wallets).
      console.warn(
        `[wallets] outcome unknown: ${input.currency}${input.chain ? `/${input.chain}` : ""} wallet in ${environment} for organisation ${access.organizationId} by ${access.userId} (${(e as { code?: string }).code ?? "error"})`,
      );
    }
    throw Refusal.fromFailure(failure, failure.field);
  }
});

/**
 * Sandbox only: the sandbox pays `amount` into one of the organisation's wallets and sends its
 * webhooks. Refused unless the active credential targets our own sandbox.
 */
export const simulateWalletDepositAction = protectedAction("charges.create", depositFormSchema, async ({ walletId, amount }, { access, actor }) => {
  const scope = await memberScope(access);
  const { environment } = scope;
  const control = await sandboxControlFor(access, environment);
  if (!control) throw new Refusal("SANDBOX_TOOLS_UNAVAILABLE", "wallets.errors.sandboxOnly");
  try {
    return await simulateWalletDeposit(await getDb(), control, scope, actor, { walletId, amount });
  } catch (e) {
    if (e instanceof SandboxControlError) {
      if (e.code === "INVALID_AMOUNT") throw new Refusal(e.code, "wallets.errors.amountInvalid", undefined, "amount");
      if (e.code === "NOT_FOUND") throw new Refusal(e.code, "wallets.errors.notFoundAtSandbox");
      throw new Refusal("SANDBOX_UNAVAILABLE", "wallets.errors.sandboxUnavailable");
    }
    throw e;
  }
});
