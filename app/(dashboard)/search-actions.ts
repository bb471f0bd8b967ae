"use server";
/** The search palette's memory: each member's recent searches (lib/search/recent.ts), theirs alone. */
import { z } from "zod";
import { protectedAction } from "@/lib/actions/safe-action";
import { getDb } from "@/lib/db";
import { MAX_SEARCH_LENGTH } from "@/lib/search";
import { clearRecentSearches, rememberSearch } from "@/lib/search/recent";

/** The member opened a result of `text`: it becomes their newest recent search. */
export const rememberSearchAction = protectedAction("dashboard.view", z.strictObject({ text: z.string().trim().min(1).max(MAX_SEARCH_LENGTH) }), async ({ text }, { access }) => {
  await rememberSearch(await getDb(), { userId: access.userId, organizationId: access.organizationId }, text);
  return { remembered: true };
});

/** "Clear recent searches": `all: true` says so (anything else is refused, not taken for a yes). */
export const clearRecentSearchesAction = protectedAction("dashboard.view", z.strictObject({ all: z.literal(true) }), async (_input, { access }) => {
  await clearRecentSearches(await getDb(), { userId: access.userId, organizationId: access.organizationId });
  return { cleared: true };
});
