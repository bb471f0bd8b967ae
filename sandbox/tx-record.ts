/** A transactions row as the lifecycle and the webhooks read it. */
import type { Sql } from "./db/sql";

export type TxRecord = {
  id: string;
  transaction_id: string;
  account_id: string;
  external_id: string | null;
  type: "cashin" | "cashout" | "conversion";
  source: string;
  method: string | null;
  limit_operation: string | null;
  status: string;
  currency: string;
  amount: string;
  fee: string;
  amount_net: string;
  chain: string | null;
  network: string | null;
  counter_currency: string | null;
  counter_amount: string | null;
  postback_url: string | null;
  client_id: string | null;
  description: string | null;
  details: Record<string, unknown>;
  e2e_id: string | null;
  tx_hash: string | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export const TX_COLUMNS = `id, transaction_id, account_id, external_id, type, source, method, limit_operation, status, currency, amount, fee, amount_net,
  chain, network, counter_currency, counter_amount, postback_url, client_id, description, details, e2e_id, tx_hash, expires_at, created_at, updated_at`;

/** The row, locked for the rest of the database transaction. */
export async function lockTx(q: Sql, id: string): Promise<TxRecord | undefined> {
  const rows = await q.query<TxRecord>(`select ${TX_COLUMNS} from transactions where id = $1 for update`, [id]);
  return rows[0];
}

/** Rows of a public transaction id that the control API can drive (cash-ins, wallet deposits, cash-outs; not split shares). */
export async function drivableByTransactionId(q: Sql, transactionId: string): Promise<TxRecord[]> {
  return q.query<TxRecord>(
    `select ${TX_COLUMNS} from transactions
      where transaction_id = $1 and ((type = 'cashin' and source in ('cashin', 'wallet_deposit') and method is distinct from 'SPLIT') or (type = 'cashout' and source = 'cashout'))
      order by created_at desc`,
    [transactionId],
  );
}
