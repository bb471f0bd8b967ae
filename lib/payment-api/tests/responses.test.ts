import { inspect } from "node:util";
import Decimal from "decimal.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InMemoryTokenStore, PaymentApiClient, PaymentApiError } from "../index";
import { CLIENT_ID, CLIENT_SECRET, SIGNING_KEY, fail, ok, recordingSleep, sendJson, startFakeApi, type FakeApi } from "./fake-api";

let api: FakeApi;
let sleeper: ReturnType<typeof recordingSleep>;
beforeEach(async () => {
  api = await startFakeApi();
  sleeper = recordingSleep();
});
afterEach(() => api.close());

const makeClient = (extra: Partial<ConstructorParameters<typeof PaymentApiClient>[0]> = {}) =>
  new PaymentApiClient({
    baseUrl: api.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    signingKey: SIGNING_KEY,
    tokenStore: new InMemoryTokenStore(),
    sleep: sleeper.sleep,
    ...extra,
  });

const errOf = async (p: PromiseLike<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as PaymentApiError;
  }
  throw new Error("expected a rejection");
};

const html = (status: number) => (_r: unknown, res: import("node:http").ServerResponse) => {
  res.writeHead(status, { "content-type": "text/html" });
  res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
};

const boleto = {
  transaction_id: "b".repeat(32),
  external_id: "ext-1",
  amount: 150.5,
  payment_method: "BOLETO",
  status: "pending",
  gateway_id: 777,
  boleto: { barcode: "1".repeat(44), digitable_line: "23790.12345 ...", url: null, due_date: "2030-01-10", registration: "pending" },
};
const boletoBody = {
  amount: 150.5,
  method: "BOLETO" as const,
  external_id: "ext-1",
  payer: {
    name: "Maria Silva",
    document: "529.982.247-25",
    email: "maria@example.com",
    phone: "11987654321",
    address: { address: "Rua A", district: "Centro", city: "São Paulo", zipCode: "01001000", uf: "SP" },
  },
};

describe("answers that are not the envelope", () => {
  it("an HTML 502 from a gateway is retried, then becomes INVALID_RESPONSE (retryable, status 502)", async () => {
    api.on("GET /v2/account/balance", html(502));
    const err = await errOf(makeClient().account.balance());
    expect(err).toBeInstanceOf(PaymentApiError);
    expect(err.code).toBe("INVALID_RESPONSE");
    expect(err.status).toBe(502);
    expect(err.retryable).toBe(true);
    expect(err.message).not.toContain("<html>");
    expect(sleeper.delays).toEqual([1000, 2000, 4000, 8000]);
  });

  it("an HTML 502 once then the real answer: the caller sees the data", async () => {
    api.on("GET /v2/account/balance", (r, res, n) => (n === 1 ? html(502)(r, res) : ok(res, { balances: [] })));
    await expect(makeClient().account.balance()).resolves.toEqual({ balances: [] });
  });

  it("a gateway 503 page on a wallet creation (outcome unknown) is not repeated", async () => {
    api.on("POST /v2/transactions/wallet", html(503));
    const err = await errOf(makeClient().wallets.create({ currency: "BRL" }));
    expect(err.code).toBe("INVALID_RESPONSE");
    expect(err.retryable).toBe(true);
    expect(api.calls("POST /v2/transactions/wallet")).toHaveLength(1);
  });

  it("an empty 200 body is INVALID_RESPONSE, not retried", async () => {
    api.on("GET /v2/account/fees", (_r, res) => {
      res.writeHead(200, { "content-length": "0" });
      res.end();
    });
    const err = await errOf(makeClient().account.fees());
    expect(err.code).toBe("INVALID_RESPONSE");
    expect(err.status).toBe(200);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain("empty body");
    expect(api.calls("GET /v2/account/fees")).toHaveLength(1);
  });

  it("invalid JSON is INVALID_RESPONSE", async () => {
    api.on("GET /v2/account/limits", (_r, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"success": true, "data": {');
    });
    const err = await errOf(makeClient().account.limits());
    expect(err.code).toBe("INVALID_RESPONSE");
    expect(err.message).toContain("not JSON");
  });

  it("JSON that is not the envelope, or data not matching the schema, is INVALID_RESPONSE", async () => {
    api.on("GET /v2/account/balance", (_r, res) => sendJson(res, 200, { balances: [] }));
    api.on("GET /v2/account/info/profile", (_r, res) => ok(res, { username: 42 }));
    const client = makeClient();
    expect((await errOf(client.account.balance())).code).toBe("INVALID_RESPONSE");
    const err = await errOf(client.account.profile());
    expect(err.code).toBe("INVALID_RESPONSE");
    expect(err.requestId).toBe("req_ok_1");
    expect((err.details?.["issues"] as { path: string }[]).map((i) => i.path)).toContain("username");
  });
});

describe("boleto answer, enveloped or bare", () => {
  it("accepts the enveloped answer (201)", async () => {
    api.on("POST /v2/boleto", (_r, res) => ok(res, boleto, 201));
    const b = await makeClient().boleto.create(boletoBody);
    expect(b.boleto.barcode).toHaveLength(44);
    expect(b.boleto.url).toBeNull();
    expect(b.amount?.toString()).toBe("150.5");
  });

  it("accepts the bare answer shown by the spec", async () => {
    api.on("POST /v2/boleto", (_r, res) => sendJson(res, 201, boleto));
    const res = await makeClient().boleto.create(boletoBody).withResponse();
    expect(res.status).toBe(201);
    expect(res.data.transaction_id).toBe("b".repeat(32));
    expect(res.data.external_id).toBe("ext-1");
  });
});

describe("rate-limit headers", () => {
  it("are exposed on withResponse() and as client.lastRateLimit, error answers included", async () => {
    const rl = (remaining: number) => ({ "x-ratelimit-limit": "120", "x-ratelimit-remaining": String(remaining), "x-ratelimit-reset": "1767225600" });
    api.on("GET /v2/account/balance", (_r, res, n) =>
      n === 1 ? ok(res, { balances: [] }, 200, rl(119)) : fail(res, 422, "INVALID_VALUE", { group: "VALIDATION", headers: rl(118) }),
    );
    const client = makeClient();
    expect(client.lastRateLimit).toBeNull();
    const r = await client.account.balance().withResponse();
    expect(r.rateLimit).toEqual({ limit: 120, remaining: 119, reset: 1767225600, retryAfter: null });
    expect(r.requestId).toBe("req_ok_1");
    expect(r.status).toBe(200);
    expect(r.attempts).toBe(1);
    expect(client.lastRateLimit).toEqual(r.rateLimit);
    const err = await errOf(client.account.balance());
    expect(err.rateLimit?.remaining).toBe(118);
    expect(client.lastRateLimit?.remaining).toBe(118);
  });

  it("the token endpoint's headers and a header-less gateway page leave lastRateLimit alone", async () => {
    api.onToken((_r, res) => {
      api.issueToken("tok-rl");
      ok(res, { access_token: "tok-rl", expires_in: 3600 }, 200, { "x-ratelimit-limit": "30", "x-ratelimit-remaining": "29" });
    });
    api.on("GET /v2/account/balance", (r, res, n) =>
      n === 1 ? ok(res, { balances: [] }, 200, { "x-ratelimit-limit": "120", "x-ratelimit-remaining": "100" }) : html(502)(r, res),
    );
    const client = makeClient({ maxRetries: 0 });
    await client.account.balance();
    expect(client.lastRateLimit).toMatchObject({ limit: 120, remaining: 100 });
    await errOf(client.account.balance());
    expect(client.lastRateLimit).toMatchObject({ limit: 120, remaining: 100 });
  });
});

describe("vocabulary and amounts", () => {
  it("normalises both status vocabularies, keeps unknown ones, and turns amounts into Decimal", async () => {
    const item = (status: string, amount: unknown) => ({ transaction_id: status.padEnd(32, "0"), status, amount, extra_field: { x: 1 } });
    api.on("POST /v2/account/transactions/list", (_r, res) =>
      ok(res, {
        items: [item("paid", 10.1), item("canceled", 0.3), item("confirmed", 1), item("cancelled", 1), item("expired", 1), item("refunded", 1), item("on_hold", 1), item("pending", "0.00012345")],
        page: 1,
        page_size: 50,
        has_next: false,
        has_prev: false,
        cursor: "ignored",
      }),
    );
    const list = await makeClient().transactions.list({ status: "confirmed" });
    expect(list.items.map((i) => i.status)).toEqual(["confirmed", "cancelled", "confirmed", "cancelled", "expired", "refunded", "on_hold", "pending"]);
    const amounts = list.items.map((i) => i.amount);
    expect(amounts.every((a) => a instanceof Decimal)).toBe(true);
    expect(amounts[0]!.plus(amounts[1]!).toString()).toBe("10.4"); // not 10.399999999999999
    expect(amounts[7]!.toString()).toBe("0.00012345");
    expect((list.items[0] as Record<string, unknown>)["extra_field"]).toEqual({ x: 1 });
  });

  it("a crypto cash-in's amount string becomes a Decimal", async () => {
    api.on("POST /v2/transactions/cashin", (_r, res) =>
      ok(res, {
        transaction_id: "c".repeat(32),
        status: "pending",
        amount: "0.00010001",
        currency: "BTC",
        chain: "bitcoin",
        deposit_address: "bc1qxyz",
        expires_at: "2030-01-01T00:30:00Z",
        payment_info: { address: "bc1qxyz", chain: "bitcoin", network: "bitcoin", min_confirmations: 3 },
      }, 201),
    );
    const c = await makeClient().cashin.create({ amount: new Decimal("0.00010001"), currency: "BTC", chain: "bitcoin", payer: { name: "A", document: "52998224725" } });
    expect(c.amount).toBeInstanceOf(Decimal);
    expect(c.amount!.toFixed()).toBe("0.00010001");
    expect(c.payment_info?.min_confirmations).toBe(3);
    expect((api.calls("POST /v2/transactions/cashin")[0]!.json as { amount: number }).amount).toBe(0.00010001);
  });

  it("balance, limits and fees amounts are Decimal", async () => {
    api.on("GET /v2/account/balance", (_r, res) => ok(res, { balances: [{ currency: "USDT", available: 100.5, blocked: 0.25, pending: 0 }] }));
    api.on("GET /v2/account/fees", (_r, res) => ok(res, { fees: [{ operation: "cashin", method: "PIX", currency: "BRL", percentage: 1.5, fixed: 0.5, minimum: 1 }] }));
    api.on("GET /v2/account/limits", (_r, res) =>
      ok(res, { limits: [{ currency: "BRL", operation: "cashout", per_operation_min: 1, per_operation_max: 50000, daily_max: 100000, daily_used: 10.1, monthly_max: 1e6, monthly_used: 0 }] }),
    );
    const client = makeClient();
    const b = await client.account.balance();
    expect(b.balances[0]!.blocked.toString()).toBe("0.25");
    const f = await client.account.fees();
    expect(f.fees[0]!.percentage.toString()).toBe("1.5");
    const l = await client.account.limits();
    expect(l.limits[0]!.daily_used?.toString()).toBe("10.1");
  });
});

describe("infractions", () => {
  it("reply sends multipart/form-data with id, message and files[]", async () => {
    let parsed: FormData | undefined;
    api.on("POST /v2/account/infractions/reply", async (r, res) => {
      parsed = await new Response(new Uint8Array(r.body), { headers: { "content-type": r.headers["content-type"]! } }).formData();
      ok(res, { infraction_id: "inf1", reply_id: "rep1", status: "responded" });
    });
    const pdf = new TextEncoder().encode("%PDF-1.4 evidence");
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });
    const out = await makeClient().infractions.reply({
      id: "inf1",
      message: "Customer received the goods",
      files: [
        { name: "receipt.pdf", type: "application/pdf", data: pdf },
        { name: "photo.png", type: "image/png", data: png },
      ],
    });
    expect(out).toEqual({ infraction_id: "inf1", reply_id: "rep1", status: "responded" });
    const req = api.calls("POST /v2/account/infractions/reply")[0]!;
    expect(req.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(parsed!.get("id")).toBe("inf1");
    expect(parsed!.get("message")).toBe("Customer received the goods");
    const files = parsed!.getAll("files[]") as File[];
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ["receipt.pdf", "application/pdf", pdf.byteLength],
      ["photo.png", "image/png", 4],
    ]);
    expect(await files[0]!.text()).toBe("%PDF-1.4 evidence");
  });

  it("reply refuses more than 5 files or a wrong type before sending", async () => {
    const client = makeClient();
    const f = { name: "a.pdf", type: "application/pdf", data: new Uint8Array(1) };
    const many = await errOf(client.infractions.reply({ id: "i", message: "m", files: [f, f, f, f, f, f] }));
    expect(many.code).toBe("MISSING_REQUIRED_FIELD");
    expect(many.field).toBe("files");
    const gif = await errOf(client.infractions.reply({ id: "i", message: "m", files: [{ ...f, type: "image/gif" }] }));
    expect(gif.field).toBe("files.0.type");
    expect(api.requests).toHaveLength(0);
  });

  it("list passes the query string; detail parses nested parties and replies", async () => {
    api.on("GET /v2/account/infractions", (r, res) =>
      ok(res, {
        items: [{ infraction_id: "i1", type: "FRAUD", status: "open", amount: 10, currency: "BRL", transaction_id: "t", deadline_at: "2030-01-08T00:00:00Z" }],
        page: Number(r.query.get("page")),
        page_size: Number(r.query.get("page_size")),
        has_next: false,
        has_prev: true,
      }),
    );
    api.on("GET /v2/account/infractions/detail", (r, res) =>
      ok(res, {
        infraction_id: r.query.get("id"),
        type: "REFUND_REQUEST",
        status: "responded",
        amount: 10,
        currency: "BRL",
        debtor: { name: "A", document: "1" },
        creditor: { name: "B", document: "2" },
        replies: [{ reply_id: "r1", message: "m", files: [{ name: "a.pdf", content_type: "application/pdf", size: 3 }], created_at: "2030-01-01T00:00:00Z" }],
      }),
    );
    const client = makeClient();
    const list = await client.infractions.list({ page: 2, page_size: 10, status: "open", type: "FRAUD" });
    const q = api.calls("GET /v2/account/infractions")[0]!.query;
    expect(Object.fromEntries(q)).toEqual({ page: "2", page_size: "10", status: "open", type: "FRAUD" });
    expect(list.items[0]!.amount?.toString()).toBe("10");
    const d = await client.infractions.get("i1");
    expect(d.infraction_id).toBe("i1");
    expect(d.creditor?.name).toBe("B");
    expect(d.replies[0]!.files[0]!.size).toBe(3);
  });
});

describe("pix", () => {
  it("decode posts { pix_key } to /v2/pix/decode", async () => {
    api.on("POST /v2/pix/decode", (_r, res) => ok(res, { receiver_name: "LOJA", receiver_document: null, city: "SAO PAULO", amount: 12.34, txid: null }));
    const d = await makeClient().pix.decode("00020126...6304ABCD");
    expect(api.calls("POST /v2/pix/decode")[0]!.json).toEqual({ pix_key: "00020126...6304ABCD" });
    expect(d.amount?.toString()).toBe("12.34");
    expect(d.txid).toBeNull();
  });
});

describe("local validation with the shared schemas", () => {
  it("refuses an invalid body before sending, with the spec's code and details.field", async () => {
    const client = makeClient();
    const err = await errOf(client.cashout.create({ amount: 10, currency: "USDT", key: "T9yD..." }));
    expect(err.code).toBe("MISSING_REQUIRED_FIELD");
    expect(err.field).toBe("network");
    expect(err.status).toBe(0);
    expect(err.details?.["client_side"]).toBe(true);
    const split = await errOf(
      client.cashin.create({ amount: 10, currency: "BRL", payer: { name: "A", document: "1" }, split: [{ username: "a", percentage: 60 }, { username: "b", percentage: 40 }] }),
    );
    expect(split.code).toBe("INVALID_SPLIT_CONFIG");
    const page = await errOf(client.transactions.list({ page_size: 101 }));
    expect(page.field).toBe("page_size");
    expect(api.requests).toHaveLength(0);
    expect(api.tokenRequests).toHaveLength(0);
  });
});

describe("secrets stay out of errors and logs", () => {
  it("no error, log line or inspected client contains the client secret, signing key or token", async () => {
    const lines: unknown[] = [];
    const logger = { debug: (message: string, fields?: Record<string, unknown>) => lines.push({ message, fields }) };
    const client = makeClient({ logger });
    api.on("POST /v2/transactions/cashout", (_r, res, n) => (n === 1 ? fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }) : fail(res, 422, "INSUFFICIENT_BALANCE", { group: "LIMIT" })));
    api.on("GET /v2/account/balance", html(502));
    api.on("POST /v2/transactions/wallet", (_r, res) => res.socket?.destroy());
    api.on("GET /v2/account/fees", () => undefined); // never answers: the 1 ms timeout must fire, not a fast 404
    const errors = [
      await errOf(client.cashout.create({ amount: 10, currency: "BRL", key: "a@b.co", key_type: "email" })),
      await errOf(client.account.balance()),
      await errOf(client.wallets.create({ currency: "BRL" })),
      await errOf(client.account.fees({ timeoutMs: 1 })),
    ];
    api.onToken((_r, res) => fail(res, 401, "INVALID_CREDENTIALS", { group: "AUTH" }));
    errors.push(await errOf(makeClient({ logger, tokenStore: new InMemoryTokenStore() }).account.balance()));

    const tokens = [...new Set(api.requests.map((r) => r.headers.authorization!.slice(7)))];
    expect(tokens).toEqual(["tok-1"]);
    const secrets = [CLIENT_SECRET, SIGNING_KEY, ...tokens, Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")];
    const renderings = [
      ...errors.flatMap((e) => [JSON.stringify(e), inspect(e, { depth: 10, showHidden: true }), String(e), e.stack ?? "", JSON.stringify(e.details)]),
      JSON.stringify(lines),
      inspect(lines, { depth: 10 }),
      inspect(client, { depth: 10, showHidden: true }),
      JSON.stringify(client),
    ];
    expect(errors.map((e) => e.code)).toEqual(["INSUFFICIENT_BALANCE", "INVALID_RESPONSE", "CONNECTION_ERROR", "TIMEOUT", "INVALID_CREDENTIALS"]);
    expect(lines.length).toBeGreaterThan(5);
    for (const text of renderings) for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it("the logger receives structured lines: method, path, status, attempt, retry delay", async () => {
    const lines: { message: string; fields?: Record<string, unknown> }[] = [];
    api.on("GET /v2/account/balance", (_r, res, n) => (n === 1 ? fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }) : ok(res, { balances: [] })));
    await makeClient({ logger: { debug: (message, fields) => lines.push({ message, fields }) } }).account.balance();
    const retry = lines.find((l) => l.message === "payment-api retry");
    expect(retry?.fields).toMatchObject({ method: "GET", path: "/v2/account/balance", status: 503, delayMs: 1000, attempt: 1 });
    const responses = lines.filter((l) => l.message === "payment-api response" && l.fields?.["path"] === "/v2/account/balance");
    expect(responses.map((l) => l.fields?.["status"])).toEqual([503, 200]);
  });
});
