/**
 * The search palette's answers (components/search): GET /api/search?q=… for the signed-in member,
 * inside their organisation, the environment their pages show and their role (lib/search). Read
 * only; what a member searched is remembered when they open a result (app/(dashboard)/search-actions.ts).
 */
import { z } from "zod";
import { authorizeRoute } from "@/lib/auth/authorize";
import { memberScope } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { getI18nFor } from "@/lib/i18n/server";
import { MAX_SEARCH_LENGTH, search } from "@/lib/search";
import { paletteGroups, type PaletteAnswer } from "@/components/search/options";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: z.string().trim().max(MAX_SEARCH_LENGTH) });

export async function GET(req: Request) {
  const access = await authorizeRoute("dashboard.view");
  if (access instanceof Response) return access;
  const { t, locale } = await getI18nFor(access);
  const parsed = querySchema.safeParse({ q: new URL(req.url).searchParams.get("q") ?? "" });
  if (!parsed.success) return Response.json({ error: "invalid_query", message: t("search.tooLong", { max: MAX_SEARCH_LENGTH }) }, { status: 400 });
  const scope = await memberScope(access);
  const answer = await search(await getDb(), { userId: access.userId, role: access.role, scope }, parsed.data.q, t);
  const body: PaletteAnswer = { query: answer.query, groups: paletteGroups(answer, t, locale) };
  return Response.json(body, { headers: { "cache-control": "no-store" } });
}
