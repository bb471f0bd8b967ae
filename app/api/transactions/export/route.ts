/**
 * CSV export of the Transactions view in the URL (same parameters as the page), streamed from the
 * mirror in keyset batches: memory stays flat at any size. The member must be allowed to see the
 * dashboard; the organisation is theirs, the environment the one their pages show.
 */
import { authorizeRoute } from "@/lib/auth/authorize";
import { memberScope } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { loadTransactionSearchParams, toTransactionView } from "@/lib/transactions/filters";
import { countTransactions, streamTransactions } from "@/lib/transactions/query";
import { csvHeader, csvLines } from "@/lib/transactions/csv";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  const access = await authorizeRoute("dashboard.view");
  if (access instanceof Response) return access;
  const { t, timeZone } = await getI18n();
  const target = await memberScope(access);
  const { environment } = target;
  const view = toTransactionView(loadTransactionSearchParams(new URL(req.url).searchParams));
  const db = await getDb();
  const total = await countTransactions(db, target, view, timeZone);
  const rows = streamTransactions(db, target, view, view.sort, timeZone);
  const toLine = csvLines(t, timeZone);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark: spreadsheets then read the accents of payer names as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvHeader(t)}`));
    },
    async pull(controller) {
      try {
        const next = await rows.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map(toLine).join("")));
      } catch (e) {
        console.error(`[export] stopped: ${(e as Error).message}`);
        controller.error(new Error("export failed"));
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="transactions-${environment}-${day}.csv"`,
      "cache-control": "no-store",
      "x-total-count": String(total),
    },
  });
}
