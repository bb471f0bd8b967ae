/**
 * The API request log as CSV (Settings → Developers → Download CSV): the same filters as the page,
 * every row, streamed in keyset batches. Admins only (`logs.view`), the member's organisation only.
 * It carries what the page shows (never a body, header, secret or document): enough to hand the
 * provider's support a list of request ids.
 */
import { authorizeRoute } from "@/lib/auth/authorize";
import { listRequestLog } from "@/lib/api-context/request-log-query";
import { csvRow } from "@/lib/csv";
import { getDb } from "@/lib/db";
import { loadRequestLogSearchParams } from "@/lib/api-context/request-log-params";
import { present } from "@/lib/search-params";

export const dynamic = "force-dynamic";

const BATCH = 1000;
const HEADER = ["time", "environment", "method", "path", "status", "latency_ms", "request_id", "error_code", "held_by_budget", "member", "credential"];

export async function GET(req: Request) {
  const access = await authorizeRoute("logs.view");
  if (access instanceof Response) return access;
  const f = present(loadRequestLogSearchParams(req.url));
  const db = await getDb();
  const encoder = new TextEncoder();
  let before: number | undefined;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRow(HEADER)));
    },
    async pull(controller) {
      if (done) return controller.close();
      try {
        const page = await listRequestLog(db, access.organizationId, { ...f, before }, BATCH);
        const lines = page.items.map((e) =>
          csvRow([e.createdAt, e.environment, e.method, e.path, e.status, e.latencyMs, e.requestId, e.errorCode, e.local ? "yes" : "no", e.user?.name, e.credentialName]),
        );
        controller.enqueue(encoder.encode(lines.join("")));
        if (page.nextBefore === null) done = true;
        else before = page.nextBefore;
      } catch (e) {
        console.error(`[request-log export] stopped: ${(e as Error).message}`);
        controller.error(new Error("export failed"));
      }
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="api-request-log-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
