/**
 * Replying to a PIX infraction (MED) with a message and evidence files: the server's side of the
 * reply form. Checks what the member sent (the message, every file by content: never its name or
 * declared type), that the infraction is the organisation's and can still be answered, sends the
 * reply as multipart with the sniffed types, reads the infraction back into the mirror, records the
 * audit entry and publishes a live event. Nothing is sent to the API when a check fails.
 *
 * No Next.js imports: the route handler calls it, tests call it directly. Messages are message keys
 * ("key|name=value", see `translateKeyOrText`) for the caller to translate.
 */
import { createHash } from "node:crypto";
import type { ApiContext } from "@/lib/api-context/context";
import { describeFailure } from "@/lib/api-context/describe";
import { recordAudit } from "@/lib/audit/audit";
import { publish } from "@/lib/events/live";
import { isPaymentApiError } from "@/lib/payment-api";
import { applyApiInfraction, getInfraction, refreshInfraction, type InfractionView } from "./mirror";
import { checkEvidence, evidenceFileName, MAX_MESSAGE, sniffType, SNIFF_BYTES } from "./evidence";
import type { Db, Scope } from "@/lib/db/scope";

export type ReplyDeps = { db: Db; ctx: ApiContext };
export type ReplyFile = { name: string; bytes: Uint8Array };
export type ReplyError = {
  code: string;
  /** message keys ("key|name=value"), the first being the main one */
  messages: string[];
  field?: string;
  /** the API's request id, to quote to support */
  requestId?: string | null;
};
export type ReplyOutcome = { ok: true; status: string; replyId: string } | { ok: false; httpStatus: number; error: ReplyError };

const K = "infractions.reply.errors";
const fail = (httpStatus: number, code: string, message: string, field?: string): ReplyOutcome => ({ ok: false, httpStatus, error: { code, messages: [message], ...(field ? { field } : {}) } });

/** Why an infraction cannot be answered now (null: it can), from the mirror. */
export function replyClosedReason(row: Pick<InfractionView, "status" | "deadlineAt">, now: Date = new Date()): "resolved" | "deadlinePassed" | null {
  if (row.status === "resolved") return "resolved";
  if (row.deadlineAt && row.deadlineAt.getTime() <= now.getTime()) return "deadlinePassed";
  return null;
}

/**
 * The infraction as the mirror knows it, or the refusal: unknown to the organisation's environment
 * (404), resolved or past the API's deadline (409). Cheap: the route asks before reading the body.
 */
export async function checkReplyable(db: Db, target: Scope, infractionId: string, now: Date = new Date()): Promise<{ ok: true; row: InfractionView } | Extract<ReplyOutcome, { ok: false }>> {
  const row = await getInfraction(db, target, infractionId);
  if (!row) return fail(404, "NOT_FOUND", `${K}.notFound`) as Extract<ReplyOutcome, { ok: false }>;
  const closed = replyClosedReason(row, now);
  if (closed === "resolved") return fail(409, "INFRACTION_RESOLVED", `${K}.resolved`) as Extract<ReplyOutcome, { ok: false }>;
  if (closed === "deadlinePassed") return fail(409, "DEADLINE_PASSED", `${K}.deadlinePassed`) as Extract<ReplyOutcome, { ok: false }>;
  return { ok: true, row };
}

/** The message and the files as the member sent them: the first problem found, or null. */
export function checkReplyInput(message: string, files: readonly ReplyFile[]): Extract<ReplyOutcome, { ok: false }> | null {
  if (!message.trim()) return fail(400, "MESSAGE_REQUIRED", `${K}.messageRequired`, "message") as Extract<ReplyOutcome, { ok: false }>;
  if (message.length > MAX_MESSAGE) return fail(400, "MESSAGE_TOO_LONG", `${K}.messageTooLong|max=${MAX_MESSAGE}`, "message") as Extract<ReplyOutcome, { ok: false }>;
  const problems = checkEvidence(files.map((f) => ({ name: f.name, size: f.bytes.byteLength, head: f.bytes.subarray(0, SNIFF_BYTES) })));
  if (!problems.length) return null;
  const first = problems[0]!;
  const httpStatus = first.code === "FILE_TOO_LARGE" ? 413 : first.code === "FILE_TYPE_NOT_ALLOWED" ? 415 : 400;
  return { ok: false, httpStatus, error: { code: first.code, messages: problems.map((p) => p.message), field: "files" } };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Best effort: the mirror after a failed or unknown reply (a timeout may still have landed). */
async function refreshQuietly(deps: ReplyDeps, target: Scope, infractionId: string, userId: string | null) {
  try {
    await refreshInfraction(deps, target, infractionId, { userId, budgetWaitMs: 0 });
  } catch {
    /* the mirror catches up with the next sync or webhook */
  }
}

/**
 * Checks, sends and records a reply. Refusals of the member's input are 4xx outcomes; an API
 * failure is described through `describeFailure` (its key and figures as "key|name=value"); an
 * unexpected error (a bug) is thrown.
 */
export async function replyToInfraction(
  deps: ReplyDeps,
  target: Scope,
  userId: string | null,
  infractionId: string,
  message: string,
  files: readonly ReplyFile[],
  opts: { address?: string | null; now?: Date } = {},
): Promise<ReplyOutcome> {
  const { db, ctx } = deps;
  const replyable = await checkReplyable(db, target, infractionId, opts.now);
  if (!replyable.ok) return replyable;
  const bad = checkReplyInput(message, files);
  if (bad) return bad;

  const evidence = files.map((f, i) => {
    const type = sniffType(f.bytes)!;
    return { name: evidenceFileName(f.name, type, i), type, data: f.bytes };
  });
  let result: { status: string; reply_id: string };
  try {
    // Up to 50 MB of evidence: its upload may outlast an action's deadline, so it has the client's
    // own timeouts (a provider that hangs still costs one timeout: the breaker).
    result = await ctx.call(target, { userId }, (c) => c.infractions.reply({ id: infractionId, message, files: evidence }), { deadline: "background" });
  } catch (e) {
    const reason = isPaymentApiError(e) ? e.details?.["reason"] : undefined;
    if (reason === "infraction_resolved" || reason === "deadline_passed") {
      await refreshQuietly(deps, target, infractionId, userId);
      return fail(409, reason === "infraction_resolved" ? "INFRACTION_RESOLVED" : "DEADLINE_PASSED", reason === "infraction_resolved" ? `${K}.resolved` : `${K}.deadlinePassed`);
    }
    const d = describeFailure(e, target.environment);
    if (!d) throw e;
    if (d.code === "TIMEOUT" || d.code === "CONNECTION_ERROR") await refreshQuietly(deps, target, infractionId, userId);
    const vars = Object.entries(d.vars).map(([k, v]) => `|${k}=${String(v).replace(/[|]/g, "_")}`).join("");
    const httpStatus = d.code === "RATE_LIMIT_EXCEEDED" ? 429 : isPaymentApiError(e) ? 502 : 409;
    return { ok: false, httpStatus, error: { code: d.code, messages: [`${d.key}${vars}`], requestId: d.requestId } };
  }

  // The reply is in: the mirror shows it (the detail with the reply), or at least the new status.
  let status = result.status;
  try {
    status = (await refreshInfraction(deps, target, infractionId, { userId, budgetWaitMs: 5_000 })).status;
  } catch {
    status = (await applyApiInfraction(db, target, { infraction_id: infractionId, status: result.status } as Parameters<typeof applyApiInfraction>[2], "sync")).status;
  }
  await recordAudit(db, {
    organizationId: target.organizationId,
    actor: { userId, address: opts.address ?? null },
    action: "infraction.replied",
    target: infractionId,
    details: {
      environment: target.environment,
      replyId: result.reply_id,
      messageLength: message.length,
      files: evidence.map((f) => ({ name: f.name, type: f.type, size: f.data.byteLength, sha256: sha256(f.data) })),
    },
  });
  await publish(db, target.organizationId, target.environment, "infraction", { infractionId, status, replyId: result.reply_id });
  return { ok: true, status, replyId: result.reply_id };
}
