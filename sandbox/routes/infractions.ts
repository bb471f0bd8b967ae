/**
 * PIX infractions (MED) of the calling account (spec "PIX infractions"):
 *
 * - GET /v2/account/infractions?page&page_size&status&type (60/min): `{ items, page, page_size,
 *   has_next, has_prev }`, newest first, page_size default 50, at most 100.
 * - GET /v2/account/infractions/detail?id= (120/min, a choice): the detail object with replies.
 * - POST /v2/account/infractions/reply (10/min), multipart/form-data: `id`, `message`, `files[]` (the
 *   name `files` is accepted too). Checks, in order, each answered 400 unless said otherwise:
 *     Content-Type not multipart                       UNSUPPORTED_CONTENT_TYPE
 *     body over 5 × 10 MiB + 1 MiB                     INVALID_PAYLOAD  details.max_bytes, reason body_too_large
 *     id / message missing or invalid                  MISSING_REQUIRED_FIELD  details.field
 *     a files[] part that is not a file                INVALID_PAYLOAD  details.field "files[i]"
 *     more than 5 files                                INVALID_PAYLOAD  details.field "files", max_files, count
 *     a file over 10 MiB                               INVALID_PAYLOAD  details.field "files[i]", max_bytes, size
 *     a file that is not PDF / JPEG / PNG by its bytes UNSUPPORTED_CONTENT_TYPE  details.field "files[i]", supported
 *     unknown id (or another account's)                404 NOT_FOUND  details.field "id"
 *     infraction resolved                              409 INVALID_VALUE  details.reason "infraction_resolved"
 *     past deadline_at                                 409 INVALID_VALUE  details.reason "deadline_passed"
 *   `files[i]` counts from 0 in the order the parts arrive. The answer is 200
 *   `{ infraction_id, reply_id, status: "responded" }`; the files' metadata is kept (name, detected
 *   content_type, size, sha256), not their bytes.
 */
import { MAX_OFFSET } from "./transactions";
import { createHash } from "node:crypto";
import {
  INFRACTION_FILE_MAX_BYTES,
  INFRACTION_FILES_MAX,
  infractionDetailRequestSchema,
  infractionListRequestSchema,
  infractionReplyRequestSchema,
  type InfractionListRequest,
} from "@/lib/payment-api/schemas/infractions";
import { PAGE_SIZE_DEFAULT } from "@/lib/payment-api/schemas/common";
import { newId } from "../accounts";
import { INFRACTION_REPLY_MAX_BODY_BYTES } from "../config";
import { ApiError, fieldError } from "../errors";
import { infractionDetailJson, infractionSummaryJson, loadInfraction, repliesOf, type InfractionRow } from "../infractions";
import { readMultipart, sniff, SNIFFED_TYPES } from "../multipart";
import { parseWith, type V2Route } from "../pipeline";

const COLUMNS = `infraction_id, account_id, transaction_row_id, transaction_id, type, status, amount, currency, blocked_amount, debited_amount,
  e2e_id, reason, debtor, creditor, outcome, deadline_at, resolved_at, created_at, updated_at`;

export const infractionListRoute: V2Route = {
  method: "GET",
  path: "/v2/account/infractions",
  async handle({ sb, account, query }) {
    const f = parseWith(infractionListRequestSchema, Object.fromEntries(query)) as InfractionListRequest & { page?: number; page_size?: number };
    const page = f.page ?? 1;
    const pageSize = f.page_size ?? PAGE_SIZE_DEFAULT;
    const where = ["account_id = $1"];
    const params: unknown[] = [account.id];
    if (f.status) {
      params.push(f.status);
      where.push(`status = $${params.length}`);
    }
    if (f.type) {
      params.push(f.type);
      where.push(`type = $${params.length}`);
    }
    if ((page - 1) * pageSize > MAX_OFFSET) return { status: 200, data: { items: [], page, page_size: pageSize, has_next: false, has_prev: true } };
    params.push(pageSize + 1, (page - 1) * pageSize);
    const rows = await sb.db.query<InfractionRow>(
      `select ${COLUMNS} from infractions where ${where.join(" and ")}
        order by created_at desc, infraction_id desc limit $${params.length - 1}::int offset $${params.length}::bigint`,
      params,
    );
    return {
      status: 200,
      data: { items: rows.slice(0, pageSize).map(infractionSummaryJson), page, page_size: pageSize, has_next: rows.length > pageSize, has_prev: page > 1 },
    };
  },
};

export const infractionDetailRoute: V2Route = {
  method: "GET",
  path: "/v2/account/infractions/detail",
  async handle({ sb, account, query }) {
    const { id } = parseWith(infractionDetailRequestSchema, Object.fromEntries(query));
    const r = await loadInfraction(sb.db, id, { accountId: account.id });
    if (!r) throw fieldError("NOT_FOUND", "id", `no infraction ${id}`);
    return { status: 200, data: infractionDetailJson(r, await repliesOf(sb.db, id)) };
  },
};

type StoredFile = { name: string; content_type: string; size: number; sha256: string };
type ReplyBody = { id: string; message: string; files: StoredFile[] };

const idAndMessage = infractionReplyRequestSchema.pick({ id: true, message: true });

async function parseReply(c: Parameters<NonNullable<V2Route["parse"]>>[0]): Promise<ReplyBody> {
  const form = await readMultipart(c, INFRACTION_REPLY_MAX_BODY_BYTES);
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : undefined;
  };
  const { id, message } = parseWith(idAndMessage, { id: text("id"), message: text("message") });
  const parts = [...form.getAll("files[]"), ...form.getAll("files")];
  for (const [i, p] of parts.entries()) {
    if (typeof p === "string") throw fieldError("INVALID_PAYLOAD", `files[${i}]`, "must be a file part (with a filename)");
  }
  if (parts.length > INFRACTION_FILES_MAX) {
    throw new ApiError("INVALID_PAYLOAD", `at most ${INFRACTION_FILES_MAX} files per reply; got ${parts.length}`, { field: "files", max_files: INFRACTION_FILES_MAX, count: parts.length });
  }
  const files: StoredFile[] = [];
  for (const [i, p] of (parts as File[]).entries()) {
    const field = `files[${i}]`;
    if (p.size > INFRACTION_FILE_MAX_BYTES) {
      throw fieldError("INVALID_PAYLOAD", field, `${p.name} is ${p.size} bytes; at most ${INFRACTION_FILE_MAX_BYTES}`, { name: p.name, size: p.size, max_bytes: INFRACTION_FILE_MAX_BYTES });
    }
    const bytes = new Uint8Array(await p.arrayBuffer());
    const type = sniff(bytes.subarray(0, 8));
    if (type === null) {
      throw fieldError("UNSUPPORTED_CONTENT_TYPE", field, `${p.name} is not a PDF, JPEG or PNG file (checked by its content)`, {
        name: p.name,
        declared_type: p.type || null,
        supported: SNIFFED_TYPES,
      });
    }
    files.push({ name: p.name || `file-${i}`, content_type: type, size: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") });
  }
  return { id, message, files };
}

export const infractionReplyRoute: V2Route<ReplyBody> = {
  method: "POST",
  path: "/v2/account/infractions/reply",
  parse: parseReply,
  async handle({ sb, account, body }) {
    const replyId = newId();
    await sb.db.tx(async (q) => {
      const r = await loadInfraction(q, body.id, { accountId: account.id, lock: true });
      if (!r) throw fieldError("NOT_FOUND", "id", `no infraction ${body.id}`);
      if (r.status === "resolved") {
        throw new ApiError("INVALID_VALUE", `infraction ${body.id} is resolved (${r.outcome}); it takes no more replies`, { field: "id", reason: "infraction_resolved", status: r.status }, { status: 409 });
      }
      const now = sb.clock.date();
      if (now.getTime() > new Date(r.deadline_at).getTime()) {
        throw new ApiError("INVALID_VALUE", `the reply deadline of infraction ${body.id} has passed`, { field: "id", reason: "deadline_passed", deadline_at: new Date(r.deadline_at).toISOString() }, { status: 409 });
      }
      await q.query("insert into infraction_replies (reply_id, infraction_id, message, files, created_at) values ($1, $2, $3, $4::jsonb, $5::timestamptz)", [
        replyId,
        body.id,
        body.message,
        JSON.stringify(body.files),
        now,
      ]);
      await q.query("update infractions set status = 'responded', updated_at = $2::timestamptz where infraction_id = $1", [body.id, now]);
    });
    return { status: 200, data: { infraction_id: body.id, reply_id: replyId, status: "responded" } };
  },
};
