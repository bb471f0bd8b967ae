/**
 * POST /v2/pix/decode (contract: body { pix_key }, data { receiver_name, receiver_document | null,
 * city, amount | null, txid | null }). A BR Code that does not decode (CRC, layout, not PIX) is
 * INVALID_PIX_KEY (details.reason). A dynamic code issued by this sandbox is resolved like a PSP
 * resolves its location URL: txid is the charge's transaction_id and receiver_document the
 * receiving account's document.
 */
import { pixDecodeRequestSchema, type PixDecodeRequest } from "@/lib/payment-api/schemas/pix";
import { decodeBrCode, decodePixPayload } from "@/lib/payments/pix-br-code";
import { PIX_LOCATION_PREFIX } from "../config";
import { fieldError } from "../errors";
import type { V2Route } from "../pipeline";

export const pixDecodeRoute: V2Route<PixDecodeRequest> = {
  method: "POST",
  path: "/v2/pix/decode",
  schema: pixDecodeRequestSchema,
  async handle({ sb, body }) {
    const r = decodePixPayload(body.pix_key);
    if (!r.ok) throw fieldError("INVALID_PIX_KEY", "pix_key", `not a valid PIX BR Code: ${r.error.message}`, { reason: r.error.code });
    const info = r.value;
    let document = info.receiver_document ?? null;
    let txid = info.txid ?? null;
    const code = decodeBrCode(body.pix_key);
    const url = code.ok ? code.value.url : undefined;
    if (url?.startsWith(PIX_LOCATION_PREFIX)) {
      const id = url.slice(PIX_LOCATION_PREFIX.length);
      const rows = await sb.db.query<{ transaction_id: string; account_id: string }>(
        "select transaction_id, account_id from transactions where id = $1",
        [id],
      );
      if (rows[0]) {
        txid = rows[0].transaction_id;
        document = (await sb.directory.account(rows[0].account_id))?.document ?? document;
      }
    }
    return {
      status: 200,
      data: { receiver_name: info.receiver_name, receiver_document: document, city: info.city, amount: info.amount ?? null, txid },
    };
  },
};
