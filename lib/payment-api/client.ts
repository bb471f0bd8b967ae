/**
 * PaymentApiClient: the typed client of Payment Service API v2, shaped like stripe-node and
 * openai-node (resource groups over one transport). No Next.js imports: usable from any Node 20
 * program (the dashboard's server code, the sandbox's tests, scripts, benchmarks).
 *
 *   const client = new PaymentApiClient({ baseUrl, clientId, clientSecret, signingKey });
 *   const { balances } = await client.account.balance();
 *   const charge = await client.cashin.create({ amount: 10, currency: "BRL", payer: { ... } });
 *   const { data, rateLimit, requestId } = await client.account.fees().withResponse();
 */
import type { RateLimitInfo } from "./core/rate-limit";
import { Transport, type TransportOptions } from "./core/transport";
import { Account } from "./resources/account";
import { Boleto } from "./resources/boleto";
import { Cashin } from "./resources/cashin";
import { Cashout } from "./resources/cashout";
import { Conversions } from "./resources/conversions";
import { Infractions } from "./resources/infractions";
import { Pix } from "./resources/pix";
import { Transactions } from "./resources/transactions";
import { Transfers } from "./resources/transfers";
import { Wallets } from "./resources/wallets";

export type PaymentApiClientOptions = TransportOptions;

export class PaymentApiClient {
  readonly account: Account;
  readonly cashin: Cashin;
  readonly cashout: Cashout;
  readonly boleto: Boleto;
  readonly wallets: Wallets;
  readonly transfers: Transfers;
  readonly conversions: Conversions;
  readonly transactions: Transactions;
  readonly infractions: Infractions;
  readonly pix: Pix;
  readonly #transport: Transport;

  constructor(options: PaymentApiClientOptions) {
    const t = (this.#transport = new Transport(options));
    this.account = new Account(t);
    this.cashin = new Cashin(t);
    this.cashout = new Cashout(t);
    this.boleto = new Boleto(t);
    this.wallets = new Wallets(t);
    this.transfers = new Transfers(t);
    this.conversions = new Conversions(t);
    this.transactions = new Transactions(t);
    this.infractions = new Infractions(t);
    this.pix = new Pix(t);
  }

  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /**
   * X-RateLimit-Limit / -Remaining / -Reset (and Retry-After) of the last answer from an API route
   * that carried them, error answers included (the token endpoint's own budget is not mixed in);
   * null before the first. For the headers of one particular call use `.withResponse()`, which is
   * exact under concurrency.
   */
  get lastRateLimit(): RateLimitInfo | null {
    return this.#transport.lastRateLimit;
  }
}
