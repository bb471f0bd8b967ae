/**
 * A deposit into a fixed wallet (POST /sandbox/wallets/{wallet_id}/deposit; spec "Fixed wallets",
 * events wallet_deposit and cashin.confirmed "source static for fixed wallet PIX or crypto").
 *
 * One confirmed cash-in row (type cashin, list source wallet_deposit, origin static; method PIX, SPEI
 * or CRYPTO by the wallet's currency), the account's cash-in fee for that method, amount_net credited
 * to available, an e2e_id (PIX) or tx_hash (crypto), and two webhooks in this order: wallet_deposit,
 * then cashin.confirmed, both to the wallet's creating credential's default webhook URL. Deposits
 * are not the account's own operations: they do not count against its limits.
 */
import { isCryptoCurrency } from "@/lib/payment-api/schemas/common";
import { newId } from "./accounts";
import type { Sandbox } from "./context";
import { ApiError, fieldError } from "./errors";
import { pixE2eId, randomCpf, txHash } from "./identifiers";
import { insertIdempotent } from "./idempotency";
import { credit } from "./ledger";
import { computeFee, dec, num, scaleOf } from "./money";
import type { TxRecord } from "./tx-record";
import { withOutbox } from "./webhooks/outbox";
import { transactionPayload } from "./webhooks/payloads";

type WalletRow = { wallet_id: string; account_id: string; currency: string; chain: string | null; kind: string; identifier: string; client_id: string | null };

export async function walletDeposit(sb: Sandbox, walletId: string, body: { amount: number; payer?: { name: string; document: string } }) {
  const wallets = await sb.db.query<WalletRow>("select wallet_id, account_id, currency, chain, kind, identifier, client_id from wallets where wallet_id = $1", [walletId]);
  const w = wallets[0];
  if (!w) throw new ApiError("NOT_FOUND", `no wallet ${walletId}`);
  const amount = dec(body.amount);
  if (amount.decimalPlaces() > scaleOf(w.currency)) {
    throw fieldError("INVALID_AMOUNT", "amount", `${w.currency} amounts take at most ${scaleOf(w.currency)} decimal places`, { max_decimals: scaleOf(w.currency) });
  }
  const method = w.currency === "BRL" ? "PIX" : w.currency === "MXN" ? "SPEI" : "CRYPTO";
  const fee = computeFee(await sb.configs.fee(w.account_id, "cashin", method, w.currency), amount, w.currency);
  const amountNet = amount.minus(fee);
  const now = sb.clock.date();
  const id = newId();
  const payer = body.payer ?? { name: "Sandbox Payer", document: randomCpf() };
  const details: Record<string, unknown> = { origin: "static", wallet_id: w.wallet_id, payer, [w.kind]: w.identifier, paid_at: now.toISOString(), credited: amountNet.toFixed() };
  if (isCryptoCurrency(w.currency)) details.deposit_address = w.identifier;
  const record: TxRecord = {
    id,
    transaction_id: id,
    account_id: w.account_id,
    external_id: null,
    type: "cashin",
    source: "wallet_deposit",
    method,
    limit_operation: null,
    status: "confirmed",
    currency: w.currency,
    amount: amount.toFixed(),
    fee: fee.toFixed(),
    amount_net: amountNet.toFixed(),
    chain: w.chain,
    network: w.chain,
    counter_currency: null,
    counter_amount: null,
    postback_url: null,
    client_id: w.client_id,
    description: null,
    details,
    e2e_id: method === "PIX" ? pixE2eId(now) : null,
    tx_hash: method === "CRYPTO" && w.chain !== null ? txHash(w.chain) : null,
    expires_at: null,
    created_at: now,
    updated_at: now,
  };
  const deliveries = await withOutbox(sb.db, sb.webhooks, async (q, out) => {
    await insertIdempotent(q, {
      id,
      transactionId: id,
      accountId: w.account_id,
      externalId: null,
      requestHash: null,
      type: "cashin",
      source: "wallet_deposit",
      method,
      limitOperation: null,
      status: "confirmed",
      currency: w.currency,
      amount,
      fee,
      amountNet,
      chain: w.chain,
      network: w.chain,
      clientId: w.client_id,
      details,
      responseStatus: 200,
      response: {},
      createdAt: now,
    });
    await q.query("update transactions set e2e_id = $2, tx_hash = $3 where id = $1", [id, record.e2e_id, record.tx_hash]);
    if (amountNet.greaterThan(0)) await credit(q, w.account_id, w.currency, amountNet);
    for (const event of ["wallet_deposit", "cashin.confirmed"]) {
      await out.add(q, now, { accountId: w.account_id, clientId: w.client_id, event, transactionId: id, payload: transactionPayload(event, record) });
    }
    return out.items;
  });
  return {
    transaction_id: id,
    wallet_id: w.wallet_id,
    status: "confirmed",
    source: "static",
    payment_method: method,
    amount: num(amount),
    fee: num(fee),
    amount_net: num(amountNet),
    currency: w.currency,
    payer_name: payer.name,
    payer_document: payer.document,
    e2e_id: record.e2e_id,
    tx_hash: record.tx_hash,
    webhooks: deliveries.map((d) => ({ delivery_id: d.id, event: d.event, url: d.url })),
  };
}
