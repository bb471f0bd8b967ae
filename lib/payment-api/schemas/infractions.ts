/** PIX infractions (MED): list, detail, reply (spec "PIX infractions", "Infraction (PIX MED)"). */
import { z } from "zod";
import { openEnum, optString } from "./common";
import { listResponseSchema, pageQueryShape } from "./lists";
import { transactionSchema } from "./transactions";

export const INFRACTION_TYPES = ["REFUND_REQUEST", "FRAUD"] as const;
export const INFRACTION_STATUSES = ["open", "responded", "resolved"] as const;
export type InfractionType = (typeof INFRACTION_TYPES)[number];
export type InfractionStatus = (typeof INFRACTION_STATUSES)[number];

// GET /v2/account/infractions -----------------------------------------------------------------
/** Query string: page, page_size, status, type (numbers coerced: they arrive as strings). */
export const infractionListRequestSchema = z.object({
  ...pageQueryShape,
  status: z.enum(INFRACTION_STATUSES).optional(),
  type: z.enum(INFRACTION_TYPES).optional(),
});
export type InfractionListRequest = z.input<typeof infractionListRequestSchema>;

export const partySchema = z.looseObject({ name: optString, document: optString });

/** The disputed payment, named by the same fields (and read the same way) as a listed transaction. */
const disputedPayment = transactionSchema.pick({ amount: true, currency: true, e2e_id: true }).shape;

export const infractionSummarySchema = z.looseObject({
  infraction_id: z.string(),
  type: openEnum(INFRACTION_TYPES),
  status: openEnum(INFRACTION_STATUSES),
  ...disputedPayment,
  transaction_id: optString,
  deadline_at: optString,
  reason: optString,
  created_at: optString,
});
export type InfractionSummary = z.infer<typeof infractionSummarySchema>;

export const infractionListResponseSchema = listResponseSchema(infractionSummarySchema);
export type InfractionListResponse = z.infer<typeof infractionListResponseSchema>;

// GET /v2/account/infractions/detail?id= ------------------------------------------------------
export const infractionDetailRequestSchema = z.object({ id: z.string().min(1).max(64) });
export type InfractionDetailRequest = z.infer<typeof infractionDetailRequestSchema>;

export const infractionReplyFileInfoSchema = z.looseObject({
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
});
export const infractionReplySchema = z.looseObject({
  reply_id: z.string(),
  message: z.string(),
  files: z.array(infractionReplyFileInfoSchema).default([]),
  created_at: optString,
});
export type InfractionReply = z.infer<typeof infractionReplySchema>;

export const infractionDetailSchema = infractionSummarySchema.extend({
  debtor: partySchema.nullish(),
  creditor: partySchema.nullish(),
  replies: z.array(infractionReplySchema).default([]),
});
export type InfractionDetail = z.infer<typeof infractionDetailSchema>;
export const infractionDetailResponseSchema = infractionDetailSchema;
export type InfractionDetailResponse = InfractionDetail;

// POST /v2/account/infractions/reply (multipart/form-data: id, message, files[]) --------------
/** "PDF, JPG or PNG; at most 10 MB each; at most 5 files". */
export const INFRACTION_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const INFRACTION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const INFRACTION_FILES_MAX = 5;
/** Multipart field names (contract choice: the files part is named literally `files[]`). */
export const INFRACTION_REPLY_FIELDS = { id: "id", message: "message", files: "files[]" } as const;

/** A file part as the sandbox sees it after parsing the multipart body. */
export const infractionReplyFilePartSchema = z.object({
  name: z.string().min(1).max(255),
  type: z.enum(INFRACTION_FILE_TYPES),
  size: z.number().int().min(1).max(INFRACTION_FILE_MAX_BYTES),
});
export const infractionReplyRequestSchema = z.object({
  id: z.string().min(1).max(64),
  message: z.string().min(1).max(5000),
  files: z.array(infractionReplyFilePartSchema).max(INFRACTION_FILES_MAX).default([]),
});
export type InfractionReplyRequest = z.infer<typeof infractionReplyRequestSchema>;

/** Reply result: infraction_id, reply_id, status (responded). */
export const infractionReplyResponseSchema = z.looseObject({
  infraction_id: z.string(),
  reply_id: z.string(),
  status: openEnum(INFRACTION_STATUSES),
});
export type InfractionReplyResponse = z.infer<typeof infractionReplyResponseSchema>;
