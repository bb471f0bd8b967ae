/**
 * Webhook intake (spec "Events"): authenticated by source address only, so the allowlist is checked
 * first; the delivery is stored and answered at once; the worker does the rest.
 */
import { getDatabase } from "@/lib/db";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/auth/client-address";
import { MAX_WEBHOOK_BYTES, receiveWebhook } from "@/lib/events/intake";
import { eventsRuntime } from "@/lib/events/runtime";
import { recordIntake } from "@/lib/observability/webhooks";

export const dynamic = "force-dynamic";

/** Reads at most `max` bytes, as they came (the intake decides whether they are text); null when the body is larger (whatever Content-Length said). */
async function readLimited(req: Request, max: number): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > max) return null;
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const started = performance.now();
  const { token } = await params;
  const body = await readLimited(req, MAX_WEBHOOK_BYTES);
  let answer;
  try {
    const opened = await getDatabase();
    answer = await receiveWebhook(opened.db, { token, address: clientAddress(req.headers), headers: req.headers, body, tooLarge: body === null }, env().WEBHOOK_SOURCE_IPS);
  } catch (e) {
    // Whatever the body, the intake stores or refuses it: what throws is the database. Not stored,
    // so not acknowledged: 503 asks the provider to deliver it again (its retry schedule).
    recordIntake(null, started, e);
    return Response.json({ error: "UNAVAILABLE", message: "The delivery could not be stored; deliver it again later." }, { status: 503 });
  }
  recordIntake(answer, started);
  if (answer.status === 200) void eventsRuntime().then((r) => r.worker.kick(), () => undefined);
  return Response.json(answer.body, { status: answer.status });
}
