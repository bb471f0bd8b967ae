/**
 * Live updates for the signed-in member (server-sent events): the organisation's events only, as
 * they are written by any instance (lib/events/live.ts). A reconnecting browser sends
 * Last-Event-ID and gets what it missed from the table.
 */
import { authorizeRoute } from "@/lib/auth/authorize";
import { getDatabase } from "@/lib/db";
import { eventsSince, latestEventId } from "@/lib/events/live";
import { eventsRuntime } from "@/lib/events/runtime";

export const dynamic = "force-dynamic";

const KEEP_ALIVE_MS = 15_000;

export async function GET(req: Request) {
  const access = await authorizeRoute("dashboard.view");
  if (access instanceof Response) return access;
  const { organizationId } = access;
  const opened = await getDatabase();
  const runtime = await eventsRuntime();
  const url = new URL(req.url);
  const resumeFrom = Number(req.headers.get("last-event-id") ?? url.searchParams.get("after") ?? NaN);
  let cursor = Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 ? resumeFrom : await latestEventId(opened.db, organizationId);
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      let pumping = false;
      let again = false;
      const pump = async () => {
        if (pumping) {
          again = true;
          return;
        }
        pumping = true;
        try {
          do {
            again = false;
            const events = await eventsSince(opened.db, organizationId, cursor);
            for (const ev of events) {
              send(`id: ${ev.id}\nevent: ${ev.kind}\ndata: ${JSON.stringify({ environment: ev.environment, at: ev.createdAt, ...(ev.payload as object) })}\n\n`);
              cursor = ev.id;
            }
            if (events.length === 500) again = true;
          } while (again && !closed);
        } catch {
          /* the next notification or keep-alive tries again */
        } finally {
          pumping = false;
        }
      };
      const unsubscribe = await runtime.hub.subscribe(organizationId, () => void pump());
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), KEEP_ALIVE_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(keepAlive);
        unsubscribe();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      req.signal.addEventListener("abort", () => cleanup());
      // Where this stream starts (no id: the browser's Last-Event-ID stays as it was): the tab's hub
      // tells a listener that joins later whether its page missed anything (components/live/live-hub.ts).
      send(`retry: 2000\n: connected\n\nevent: ready\ndata: ${JSON.stringify({ cursor })}\n\n`);
      await pump();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}
