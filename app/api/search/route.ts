/**
 * The search palette's answers (components/search): GET /api/search?q=… for the signed-in member,
 * inside their organisation, the environment their pages show and their role (lib/search). Read
 * only; what a member searched is remembered when they open a result (app/(dashboard)/search-actions.ts).
 */
import { z } from "zod";
import { authorize, AuthorizationError } from "@/lib/auth/authorize";
import { memberScope } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { getI18nFor } from "@/lib/i18n/server";
import { MAX_SEARCH_LENGTH, search } from "@/lib/search";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: z.string().trim().max(MAX_SEARCH_LENGTH) });

export async function GET(req: Request) {
  let access;
  try {
    access = await authorize("dashboard.view");
  } catch (e) {
    if (e instanceof AuthorizationError) return Response.json({ error: e.reason }, { status: e.reason === "unauthenticated" ? 401 : 403 });
    throw e;
  }
  const { t } = await getI18nFor(access);
  const parsed = querySchema.safeParse({ q: new URL(req.url).searchParams.get("q") ?? "" });
  if (!parsed.success) return Response.json({ error: "invalid_query", message: t("search.tooLong", { max: MAX_SEARCH_LENGTH }) }, { status: 400 });
  const scope = await memberScope(access);
  const answer = await search(await getDb(), { userId: access.userId, role: access.role, scope }, parsed.data.q, t);
  return Response.json(answer, { headers: { "cache-control": "no-store" } });
}
