/**
 * Overhead of the typed client per call against a bare `fetch` of the same endpoint, both over
 * keep-alive to a local node:http server answering a fixed envelope. The client adds: token cache
 * lookup, header building, envelope check, zod parsing with Decimal amounts, rate-limit headers;
 * for the signed cash-out also request validation, JSON serialisation once and the HMAC.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { InMemoryTokenStore, PaymentApiClient } from "../lib/payment-api";
import { median, percentile } from "./stats";
import type { Benchmark, BenchRow } from "./types";

const BALANCE = JSON.stringify({
  success: true,
  data: {
    balances: [
      { currency: "BRL", available: 12345.67, blocked: 10.5, pending: 0 },
      { currency: "USDT", available: 999.123456, blocked: 0, pending: 1.5 },
      { currency: "BTC", available: 0.00012345, blocked: 0, pending: 0 },
    ],
  },
  request_id: "req_bench",
  timestamp: "2030-01-01T00:00:00Z",
});
const CASHOUT = JSON.stringify({ success: true, data: { transaction_id: "a".repeat(32), status: "pending" }, request_id: "req_bench", timestamp: "2030-01-01T00:00:00Z" });
const TOKEN = JSON.stringify({ success: true, data: { access_token: "bench-token", expires_in: 3600 }, request_id: "r", timestamp: "t" });
const HEADERS = { "content-type": "application/json", "x-ratelimit-limit": "120", "x-ratelimit-remaining": "119", "x-ratelimit-reset": "1893456000" };

function startServer() {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const body = req.url === "/v2/oauth/token" ? TOKEN : req.url === "/v2/transactions/cashout" ? CASHOUT : BALANCE;
      res.writeHead(200, { ...HEADERS, "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => {
          server.closeAllConnections();
          return new Promise((r) => server.close(() => r()));
        },
      });
    }),
  );
}

/** Per-call durations in µs, measured in alternating rounds so drift hits every contender alike. */
async function measure(contenders: Record<string, () => Promise<unknown>>, seconds: number): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (const fn of Object.values(contenders)) for (let i = 0; i < 200; i++) await fn(); // warm-up
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (const [name, fn] of Object.entries(contenders)) {
      for (let i = 0; i < 100; i++) {
        const t0 = performance.now();
        await fn();
        samples[name]!.push((performance.now() - t0) * 1000);
      }
    }
  }
  return samples;
}

const bench: Benchmark = {
  name: "payment-api client overhead",
  budgetSeconds: 20,
  async run(): Promise<BenchRow[]> {
    const server = await startServer();
    try {
      const client = new PaymentApiClient({
        baseUrl: server.url,
        clientId: "bench",
        clientSecret: "bench-secret",
        signingKey: "bench-signing-key",
        tokenStore: new InMemoryTokenStore(),
      });
      await client.account.balance(); // token fetched once, outside the measurement
      const auth = { authorization: "Bearer bench-token", accept: "application/json" };
      const cashoutBody = { amount: 10.5, currency: "BRL" as const, key: "a@b.co", key_type: "email" as const, external_id: "bench-1" };

      const s = await measure(
        {
          bareGet: async () => (await fetch(`${server.url}/v2/account/balance`, { headers: auth })).json(),
          clientGet: () => client.account.balance(),
          barePost: async () =>
            (
              await fetch(`${server.url}/v2/transactions/cashout`, {
                method: "POST",
                headers: { ...auth, "content-type": "application/json" },
                body: JSON.stringify(cashoutBody),
              })
            ).json(),
          clientPost: () => client.cashout.create(cashoutBody),
        },
        8,
      );
      const row = (metric: string, xs: number[], against?: { name: string; xs: number[] }): BenchRow => ({
        metric,
        value: Math.round(median(xs) * 10) / 10,
        unit: "µs/call",
        ...(against ? { ratio: { value: Math.round((median(xs) / median(against.xs)) * 100) / 100, against: against.name } } : {}),
        note: `p99 ${Math.round(percentile(xs, 99))} µs, n=${xs.length}`,
      });
      const bareGet = { name: "bare fetch GET", xs: s.bareGet! };
      const barePost = { name: "bare fetch POST", xs: s.barePost! };
      return [
        row("bare fetch GET /v2/account/balance", s.bareGet!),
        row("client.account.balance() (Decimal amounts)", s.clientGet!, bareGet),
        { metric: "client overhead per GET", value: Math.round((median(s.clientGet!) - median(s.bareGet!)) * 10) / 10, unit: "µs/call" },
        row("bare fetch POST /v2/transactions/cashout", s.barePost!),
        row("client.cashout.create() (validated, HMAC-signed)", s.clientPost!, barePost),
        { metric: "client overhead per signed POST", value: Math.round((median(s.clientPost!) - median(s.barePost!)) * 10) / 10, unit: "µs/call" },
      ];
    } finally {
      await server.close();
    }
  },
};

export default bench;
