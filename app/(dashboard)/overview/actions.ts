"use server";
import { z } from "zod";
import { protectedAction } from "@/lib/actions/safe-action";
import { apiContext, memberScope } from "@/lib/api-context";

/** Expires the shared copy of the balance so the next render asks the API (the budget still applies); it stays as the last known one. */
export const refreshBalancesAction = protectedAction("dashboard.view", z.object({}), async (_input, { access }) => {
  const scope = await memberScope(access);
  const { environment } = scope;
  const ctx = await apiContext();
  const credential = await ctx.credential(scope).catch(() => null);
  if (credential) await ctx.invalidate(credential.id, "balance");
  return { environment };
});
