/** PIX infractions (MED): list, detail, reply with evidence files. */
import type { RequestOptions } from "../core/transport";
import {
  INFRACTION_REPLY_FIELDS,
  infractionDetailRequestSchema,
  infractionDetailResponseSchema,
  infractionListRequestSchema,
  infractionListResponseSchema,
  infractionReplyRequestSchema,
  infractionReplyResponseSchema,
  type InfractionListRequest,
} from "../schemas/infractions";
import { ApiResource } from "./shared";

/** A reply's evidence file: PDF, JPG or PNG, at most 10 MB, at most 5 per reply. */
export type InfractionReplyFile = {
  name: string;
  /** application/pdf, image/jpeg or image/png */
  type: string;
  data: Uint8Array | Blob;
};
export type InfractionReplyParams = { id: string; message: string; files?: InfractionReplyFile[] };

export class Infractions extends ApiResource {
  /** GET /v2/account/infractions?page&page_size&status&type. */
  list(query: InfractionListRequest = {}, options?: RequestOptions) {
    return this._call(() => {
      const q = this._validate(infractionListRequestSchema, query, "/v2/account/infractions");
      return { method: "GET", path: "/v2/account/infractions", query: q, schema: infractionListResponseSchema, safeToRetry: true };
    }, options);
  }

  /** GET /v2/account/infractions/detail?id=. */
  get(id: string, options?: RequestOptions) {
    return this._call(() => {
      const q = this._validate(infractionDetailRequestSchema, { id }, "/v2/account/infractions/detail");
      return { method: "GET", path: "/v2/account/infractions/detail", query: q, schema: infractionDetailResponseSchema, safeToRetry: true };
    }, options);
  }

  /**
   * POST /v2/account/infractions/reply as multipart/form-data (id, message, files[]). Not repeated
   * after an unknown outcome: there is no idempotency key, and a second reply would be visible.
   */
  reply(params: InfractionReplyParams, options?: RequestOptions) {
    return this._call(() => {
      const files = params.files ?? [];
      this._validate(
        infractionReplyRequestSchema,
        { id: params.id, message: params.message, files: files.map((f) => ({ name: f.name, type: f.type, size: f.data instanceof Blob ? f.data.size : f.data.byteLength })) },
        "/v2/account/infractions/reply",
      );
      const form = () => {
        const fd = new FormData();
        fd.append(INFRACTION_REPLY_FIELDS.id, params.id);
        fd.append(INFRACTION_REPLY_FIELDS.message, params.message);
        for (const f of files) {
          const blob = f.data instanceof Blob ? f.data : new Blob([new Uint8Array(f.data)], { type: f.type });
          fd.append(INFRACTION_REPLY_FIELDS.files, blob.type === f.type ? blob : new Blob([blob], { type: f.type }), f.name);
        }
        return fd;
      };
      return { method: "POST", path: "/v2/account/infractions/reply", form, schema: infractionReplyResponseSchema, safeToRetry: false };
    }, options);
  }
}
