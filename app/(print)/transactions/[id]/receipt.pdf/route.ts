/**
 * A transaction's receipt as a PDF (lib/transactions/receipt.ts: the same words as the printable
 * page). The member must be signed in and allowed to see the dashboard; the transaction must be
 * their organisation's, in the environment their pages show, and have moved money (else 404).
 */
import { authorizeRoute } from "@/lib/auth/authorize";
import { memberScope } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { transactionDetail } from "@/lib/transactions/detail";
import { receiptOf, receiptPdf } from "@/lib/transactions/receipt";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const access = await authorizeRoute("dashboard.view");
  if (access instanceof Response) return access;
  const { id } = await params;
  const scope = await memberScope(access);
  const detail = await transactionDetail(await getDb(), scope, id.slice(0, 100));
  if (!detail?.hasReceipt) return Response.json({ error: "not_found" }, { status: 404 });
  const { t, locale, timeZone } = await getI18n();
  const pdf = receiptPdf(receiptOf(detail, { organization: access.organizationName, environment: scope.environment, t, locale, timeZone, now: new Date() }));
  const name = `receipt-${detail.transactionId.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64)}.pdf`;
  return new Response(pdf, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${name}"`,
      "cache-control": "private, no-store",
    },
  });
}
