"use server";
import { z } from "zod";
import { protectedAction } from "@/lib/actions/safe-action";
import { apiContext, memberScope } from "@/lib/api-context";

/** Expires the shared copies of profile, limits and fees so the next render asks the API (the rate budget still applies); they stay as the last known answer. */
export const refreshAccountAction = protectedAction("dashboard.view", z.object({}), async (_input, { access }) => {
  const scope = await memberScope(access);
  const { environment } = scope;
  const ctx = await apiContext();
  const credential = await ctx.credential(scope).catch(() => null);
  if (credential) await ctx.invalidate(credential.id, ["profile", "limits", "fees"]);
  return { environment };
});
