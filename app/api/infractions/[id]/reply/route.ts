/**
 * POST a reply to a PIX infraction (MED): multipart/form-data with `message` and up to 5 `files`
 * (PDF, JPG, PNG by content, at most 10 MB each). Support and admin only; the organisation is the
 * member's, the environment the one their pages show. The body is capped (5 × 10 MB + 1 MB): by
 * Content-Length before reading and by counting while it streams. The checks and the call live in
 * lib/infractions/reply.ts; this handler reads the request and answers JSON in the member's
 * language: `{ ok: true, status }` or `{ ok: false, error: { code, message, field? } }`.
 */
import { authorize, AuthorizationError } from "@/lib/auth/authorize";
import { clientAddress } from "@/lib/auth/client-address";
import { apiContext, memberScope } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { translateKeyOrText, type Translate } from "@/lib/i18n/translate";
import { MAX_BODY_BYTES } from "@/lib/infractions/evidence";
import { checkReplyable, replyToInfraction, type ReplyError, type ReplyFile } from "@/lib/infractions/reply";
import { sameOrigin } from "@/lib/security/same-origin";

export const dynamic = "force-dynamic";

const K = "infractions.reply.errors";
const MAX_BODY_TEXT = `${Math.round(MAX_BODY_BYTES / (1024 * 1024))} MB`;

function answer(t: Translate, status: number, error: ReplyError) {
  const message = error.messages.map((m) => translateKeyOrText(t, m)).join(" ");
  const withId = error.requestId ? `${message} ${t("infractions.reply.requestId", { id: error.requestId })}` : message;
  return Response.json({ ok: false, error: { code: error.code, message: withId, ...(error.field ? { field: error.field } : {}) } }, { status, headers: { "cache-control": "no-store" } });
}

/** The body, counted while it streams: past `max` bytes the stream errors and `exceeded()` says so. */
function cappedRequest(req: Request, max: number): { request: Request; exceeded: () => boolean } {
  let seen = 0;
  if (!req.body) return { request: req, exceeded: () => false };
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new RangeError("body too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  const request = new Request(req.url, { method: "POST", headers: req.headers, body: counted, duplex: "half" } as RequestInit);
  return { request, exceeded: () => seen > max };
}

export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  // Another site cannot make a signed-in member's browser post evidence (the session cookie would go with it).
  if (!sameOrigin(req.headers)) {
    const { t } = await getI18n();
    return answer(t, 403, { code: "CROSS_ORIGIN", messages: [`${K}.crossOrigin`] });
  }
  let access;
  try {
    access = await authorize("infractions.reply");
  } catch (e) {
    if (e instanceof AuthorizationError) {
      const { t } = await getI18n();
      const unauth = e.reason === "unauthenticated";
      return answer(t, unauth ? 401 : 403, { code: unauth ? "UNAUTHENTICATED" : "FORBIDDEN", messages: [unauth ? `${K}.unauthenticated` : `${K}.forbidden`] });
    }
    throw e;
  }
  const { t } = await getI18n();
  const { id } = await params;
  const target = await memberScope(access);
  const db = await getDb();

  // Before reading anything: the infraction must be the organisation's and still answerable.
  const replyable = await checkReplyable(db, target, id);
  if (!replyable.ok) return answer(t, replyable.httpStatus, replyable.error);

  if (!/^multipart\/form-data\s*;/i.test(req.headers.get("content-type") ?? "")) {
    return answer(t, 415, { code: "UNSUPPORTED_CONTENT_TYPE", messages: [`${K}.notMultipart`] });
  }
  const tooLarge = () => answer(t, 413, { code: "BODY_TOO_LARGE", messages: [`${K}.bodyTooLarge|max=${MAX_BODY_TEXT}`], field: "files" });
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return tooLarge();

  const capped = cappedRequest(req, MAX_BODY_BYTES);
  let form: FormData;
  try {
    form = await capped.request.formData();
  } catch {
    if (capped.exceeded()) return tooLarge();
    return answer(t, 400, { code: "UNREADABLE_BODY", messages: [`${K}.unreadable`] });
  }

  const message = form.get("message");
  const entries = [...form.getAll("files"), ...form.getAll("files[]")];
  const files: ReplyFile[] = [];
  for (const entry of entries) {
    if (typeof entry === "string") return answer(t, 400, { code: "NOT_A_FILE", messages: [`${K}.notAFile`], field: "files" });
    files.push({ name: entry.name, bytes: new Uint8Array(await entry.arrayBuffer()) });
  }

  const ctx = await apiContext();
  const outcome = await replyToInfraction({ db, ctx }, target, access.userId, id, typeof message === "string" ? message : "", files, {
    address: clientAddress(req.headers),
  });
  if (!outcome.ok) return answer(t, outcome.httpStatus, outcome.error);
  return Response.json({ ok: true, status: outcome.status }, { headers: { "cache-control": "no-store" } });
}
