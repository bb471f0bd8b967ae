/**
 * A bulk batch's results file (CSV): every row of the upload, sent ones with their transaction and
 * status, refused ones with the API's code, skipped ones with their errors in the member's words.
 * The member must be allowed to see the dashboard; the batch must be their organisation's, in the
 * environment their pages show (another's is 404).
 */
import { authorizeRoute } from "@/lib/auth/authorize";
import { memberScope } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { batchResultsCsv, getBatch } from "@/lib/payouts/bulk";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const access = await authorizeRoute("dashboard.view");
  if (access instanceof Response) return access;
  const { id } = await params;
  const { t } = await getI18n();
  const scope = await memberScope(access);
  const batch = await getBatch(await getDb(), scope, id);
  if (!batch) return Response.json({ error: "not_found" }, { status: 404 });
  return new Response(`\uFEFF${batchResultsCsv(batch, t)}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="payouts-${batch.reference}-results.csv"`,
      "cache-control": "no-store",
    },
  });
}
