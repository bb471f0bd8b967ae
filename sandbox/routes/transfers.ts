/**
 * POST /v2/internal_transfers/payment (HMAC-signed; spec "Internal transfer"): to another account of
 * the service, addressed by username. Final at once: status confirmed, 202. Both ledgers move in one
 * database transaction (rows locked in account-id order, so opposite transfers cannot deadlock), and
 * both accounts get a row in their transaction list under the same transaction_id (source
 * internal_transfer; type cashout for the sender, cashin for the recipient). transfer.confirmed goes
 * to both: direction sent to the sender's credential default webhook URL, received to the
 * recipient's account default (written to the outbox in the same database transaction).
 */
import { transferRequestSchema, type TransferRequest } from "@/lib/payment-api/schemas/transfers";
import { newId } from "../accounts";
import { ApiError, fieldError } from "../errors";
import { insertIdempotent, requestHash } from "../idempotency";
import { credit, debit } from "../ledger";
import { checkAmountBounds } from "../limits";
import { computeFee, num } from "../money";
import type { V2Route } from "../pipeline";
import { withOutbox } from "../webhooks/outbox";
import { transferPayload } from "../webhooks/payloads";
import { amountOf, checkScale, createReserved, replayReply, reserveUsage } from "./common";

export const transferRoute: V2Route<TransferRequest> = {
  method: "POST",
  path: "/v2/internal_transfers/payment",
  permission: "can_transfer",
  signed: true,
  schema: transferRequestSchema,
  async handle({ sb, account, credential, body, route }) {
    const amount = amountOf(body.amount);
    const currency = body.currency;
    checkScale(amount, currency);
    const recipient = await sb.directory.accountByUsername(body.username);
    if (!recipient) throw new ApiError("NOT_FOUND", `no account named ${body.username}`, { field: "username" });
    if (recipient.id === account.id) throw fieldError("SELF_TRANSFER_BLOCKED", "username", "an account cannot transfer to itself");
    const limit = await sb.configs.limit(account.id, currency, "transfer");
    checkAmountBounds(limit, amount, route);
    const fee = computeFee(await sb.configs.fee(account.id, "transfer", null, currency), amount, currency);
    const amountNet = amount.minus(fee);

    const transactionId = newId();
    const now = sb.clock.date();
    const data = {
      transaction_id: transactionId,
      external_id: body.external_id ?? null,
      from_user: account.username,
      to_user: recipient.username,
      status: "confirmed",
      amount: num(amount),
      fee: num(fee),
      amount_net: num(amountNet),
      currency,
      description: body.description ?? null,
    };
    const hash = requestHash(route, body);
    const usage = await reserveUsage(sb, account.id, limit, amount, route, body.external_id ?? null, hash);
    if (usage.replay) return replayReply(usage.replay);
    return createReserved(usage.release, { status: 202, data }, () =>
      withOutbox(sb.db, sb.webhooks, async (q, out) => {
        const o = await insertIdempotent(q, {
          id: newId(),
          transactionId,
          accountId: account.id,
          externalId: body.external_id ?? null,
          requestHash: hash,
          type: "cashout",
          source: "internal_transfer",
          method: "INTERNAL",
          limitOperation: "transfer",
          status: "confirmed",
          currency,
          amount,
          fee,
          amountNet,
          description: body.description ?? null,
          details: { direction: "sent", to_user: recipient.username, from_user: account.username },
          responseStatus: 202,
          response: data,
          clientId: credential.clientId,
          createdAt: now,
        });
        if (!o.created) return o;
        // Lock the two balance rows in a fixed order.
        if (account.id < recipient.id) {
          await debit(q, account.id, currency, amount, { hold: false });
          await credit(q, recipient.id, currency, amountNet);
        } else {
          await credit(q, recipient.id, currency, amountNet);
          await debit(q, account.id, currency, amount, { hold: false });
        }
        await insertIdempotent(q, {
          id: newId(),
          transactionId,
          accountId: recipient.id,
          externalId: null,
          requestHash: null,
          type: "cashin",
          source: "internal_transfer",
          method: "INTERNAL",
          limitOperation: null,
          status: "confirmed",
          currency,
          amount: amountNet,
          fee: amountOf(0),
          amountNet,
          description: body.description ?? null,
          details: { direction: "received", to_user: recipient.username, from_user: account.username },
          responseStatus: 202,
          response: { ...data, amount: num(amountNet), fee: 0, amount_net: num(amountNet), external_id: null },
          createdAt: now,
        });
        // transfer.confirmed on both sides: the sender's credential default, the recipient's account default.
        const event = {
          transactionId,
          externalId: body.external_id ?? null,
          fromUser: account.username,
          toUser: recipient.username,
          currency,
          description: body.description ?? null,
        };
        await out.add(q, now, {
          accountId: account.id,
          clientId: credential.clientId,
          event: "transfer.confirmed",
          transactionId,
          payload: transferPayload({ ...event, direction: "sent", amount: num(amount), amountNet: num(amountNet), fee: num(fee) }),
        });
        await out.add(q, now, {
          accountId: recipient.id,
          event: "transfer.confirmed",
          transactionId,
          payload: transferPayload({ ...event, direction: "received", amount: num(amountNet), amountNet: num(amountNet), fee: 0 }),
        });
        return o;
      }),
    );
  },
};
