/**
 * The webhook lines and counters: one line when the intake answers a delivery (its event and what
 * became of it: stored, refused and why, or not stored), one when the events worker finishes it
 * (its outcome). Ids only: never the body, a header or the intake's token.
 */
import type { IntakeAnswer } from "@/lib/events/intake";
import { log } from "./log";
import { metrics, toSeconds } from "./metrics";

/** After the intake answered (`answer`), or failed to store the delivery (`error`: answered 503). */
export function recordIntake(answer: IntakeAnswer | null, startedAt: number, error?: unknown): void {
  const m = metrics();
  const durationMs = performance.now() - startedAt;
  m.webhookIntakeDuration.observe(toSeconds(durationMs));
  const l = log("webhooks");
  if (!answer) {
    m.webhooksReceived.inc({ result: "unavailable" });
    l.error({ result: "unavailable", status: 503, err: error }, "webhook not stored");
    return;
  }
  const result = answer.status === 200 ? "stored" : (answer.body.error ?? `status_${answer.status}`);
  m.webhooksReceived.inc({ result });
  const line = {
    event: answer.event ?? null,
    result,
    status: answer.status,
    ...(answer.inboxId !== undefined ? { inboxId: answer.inboxId } : {}),
    durationMs: Math.round(durationMs * 10) / 10,
  };
  if (answer.status === 200) l.info(line, "webhook received");
  else l.warn(line, "webhook refused");
}

/** After the events worker finished a delivery (or set it aside for later: "retry"). */
export function recordProcessed(row: { id: number; event: string | null; organizationId: string; environment: string; objectId: string | null }, outcome: string, durationMs: number): void {
  const line = { inboxId: row.id, event: row.event, outcome, organizationId: row.organizationId, environment: row.environment, objectId: row.objectId, durationMs: Math.round(durationMs * 10) / 10 };
  if (outcome === "retry") {
    log("webhooks").debug(line, "webhook processing deferred");
    return;
  }
  metrics().webhooksProcessed.inc({ outcome });
  if (outcome === "failed" || outcome === "contradicted") log("webhooks").warn(line, "webhook processed");
  else log("webhooks").info(line, "webhook processed");
}
