/**
 * PIX infractions (MED) over HTTP: opening by the control API (chargeback.opened, balance blocked,
 * deadline 7 days), list and detail, replies as real multipart bodies (also through the shared
 * PaymentApiClient), every rejected upload, resolution with its balance effects and webhooks, and
 * the rate limits.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/payment-api/schemas/errors";
import { infractionDetailSchema, infractionListResponseSchema, infractionReplyResponseSchema } from "@/lib/payment-api/schemas/infractions";
import { webhookPayloadSchema } from "@/lib/payment-api/schemas/webhooks";
import { InMemoryTokenStore, PaymentApiClient } from "@/lib/payment-api";
import { BACKENDS, balanceOf, newClient, payer, refreshed, startSandbox, uniq, type Answer, type Client, type TestSandbox } from "./helpers";
import { Receiver } from "./receiver";

type Data = Record<string, unknown>;

function expectError(r: Answer, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.error.code).toBe(code);
  expect(r.body.error.group).toBe(ERROR_CODES[code as keyof typeof ERROR_CODES].group);
}

const MB10 = 10 * 1024 * 1024;
const PDF = (extra = "") => new TextEncoder().encode(`%PDF-1.7\n${extra}\n%%EOF\n`);
const JPG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00);
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d);
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

type Part = { name: string; bytes: Uint8Array; type: string };

function form(fields: { id?: string; message?: string; files?: Part[] }): FormData {
  const f = new FormData();
  if (fields.id !== undefined) f.append("id", fields.id);
  if (fields.message !== undefined) f.append("message", fields.message);
  for (const p of fields.files ?? []) f.append("files[]", new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type: p.type }), p.name);
  return f;
}

describe.each(BACKENDS)("PIX infractions ($name)", (backend) => {
  let t: TestSandbox;
  let rx: Receiver;
  beforeAll(async () => {
    [t, rx] = await Promise.all([startSandbox(backend), Receiver.start()]);
  });
  afterAll(async () => {
    await t?.dispose();
    await rx?.close();
  });

  const open = (body: Data) => t.api.admin<Data>("POST", "/sandbox/infractions", body);
  const resolve = (id: string, outcome: string) => t.api.admin<Data>("POST", `/sandbox/infractions/${id}/resolve`, { outcome });

  async function reply(c: Client, body: FormData | string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${t.url}/v2/account/infractions/reply`, { method: "POST", headers: { authorization: `Bearer ${c.token}`, ...headers }, body });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Answer["body"] };
  }

  /** A confirmed PIX cash-in of `amount` BRL whose webhooks go to `path`. */
  async function paid(c: Client, path: string, amount = 100): Promise<string> {
    const r = await c.post<Data>("/v2/transactions/cashin", { amount, currency: "BRL", external_id: uniq("e"), payer, postback_url: rx.url(path) });
    const id = r.body.data.transaction_id as string;
    expect((await t.api.admin("POST", `/sandbox/transactions/${id}/simulate`, { event: "cashin.confirmed" })).status).toBe(200);
    return id;
  }

  it("opens on a confirmed PIX cash-in: chargeback.opened, available → blocked, deadline 7 days, debtor and creditor", async () => {
    const path = `/${uniq("h")}`;
    const c = await newClient(t.api, { name: "Loja Exemplo", document: "11222333000181" });
    const txId = await paid(c, path);
    expect(await balanceOf(c, "BRL")).toEqual({ available: 98.5, blocked: 0, pending: 0 });
    const before = t.clock.now();
    const r = await open({ transaction_id: txId, type: "REFUND_REQUEST", amount: 60, reason: "payer says the goods never arrived" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const inf = r.body.data;
    expect(inf).toMatchObject({ type: "REFUND_REQUEST", status: "open", amount: 60, currency: "BRL", transaction_id: txId, reason: "payer says the goods never arrived", blocked_amount: 60 });
    expect(inf.debtor).toEqual({ name: payer.name, document: payer.document });
    expect(inf.creditor).toEqual({ name: "Loja Exemplo", document: "11222333000181", username: c.username });
    const deadline = Date.parse(inf.deadline_at as string) - before;
    expect(deadline).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(deadline).toBeLessThan(7 * 86_400_000 + 5000);
    expect(await balanceOf(c, "BRL")).toEqual({ available: 38.5, blocked: 60, pending: 0 });
    const ws = await rx.waitCount(path, 2);
    const w = ws.find((x) => x.body.event === "chargeback.opened")!;
    expect(w.headers["x-service-event"]).toBe("chargeback.opened");
    expect(w.remoteAddress).toBe("127.0.0.1");
    expect(webhookPayloadSchema.safeParse(w.body).success).toBe(true);
    expect(w.body).toMatchObject({ infraction_id: inf.infraction_id, transaction_id: txId, status: "open", type: "REFUND_REQUEST", amount: 60, currency: "BRL", deadline_at: inf.deadline_at });
    const confirmed = ws.find((x) => x.body.event === "cashin.confirmed")!;
    expect(w.body.e2e_id).toBe(confirmed.body.e2e_id);
    // detail in the spec's fields, valid for the shared contract
    const d = await c.get<Data>(`/v2/account/infractions/detail?id=${inf.infraction_id as string}`);
    expect(d.status).toBe(200);
    expect(infractionDetailSchema.safeParse(d.body.data).success).toBe(true);
    for (const k of ["infraction_id", "type", "status", "amount", "currency", "transaction_id", "e2e_id", "deadline_at", "reason", "debtor", "creditor", "replies"]) expect(d.body.data).toHaveProperty(k);
    expect(d.body.data.replies).toEqual([]);
  });

  it("refuses what is not a confirmed PIX cash-in, a second unresolved infraction and an amount above the transaction's", async () => {
    const c = await newClient(t.api, { balances: { BRL: 100 } });
    const path = `/${uniq("h")}`;
    const pending = await c.post<Data>("/v2/transactions/cashin", { amount: 10, currency: "BRL", external_id: uniq("e"), payer });
    const notYet = await open({ transaction_id: pending.body.data.transaction_id, type: "FRAUD" });
    expectError(notYet, 409, "INVALID_VALUE");
    expect(notYet.body.error.details).toMatchObject({ field: "transaction_id", status: "pending" });
    const spei = await c.post<Data>("/v2/transactions/cashin", { amount: 100, currency: "MXN", external_id: uniq("e"), payer });
    await t.api.admin("POST", `/sandbox/transactions/${spei.body.data.transaction_id as string}/simulate`, { event: "cashin.confirmed" });
    const notPix = await open({ transaction_id: spei.body.data.transaction_id, type: "FRAUD" });
    expectError(notPix, 422, "INVALID_VALUE");
    expect(notPix.body.error.details).toMatchObject({ field: "transaction_id", payment_method: "SPEI" });
    const out = await c.signed<Data>("/v2/transactions/cashout", { external_id: uniq("e"), amount: 5, currency: "BRL", key: "52998224725", key_type: "cpf" });
    expectError(await open({ transaction_id: out.body.data.transaction_id, type: "FRAUD" }), 422, "INVALID_VALUE");
    const unknown = await open({ transaction_id: "f".repeat(32), type: "FRAUD" });
    expectError(unknown, 404, "NOT_FOUND");
    expect(unknown.body.error.details?.field).toBe("transaction_id");
    const txId = await paid(c, path, 50);
    const tooMuch = await open({ transaction_id: txId, type: "FRAUD", amount: 50.01 });
    expectError(tooMuch, 422, "INVALID_AMOUNT");
    expect(tooMuch.body.error.details).toMatchObject({ field: "amount", max_amount: 50 });
    expectError(await open({ transaction_id: txId, type: "CHARGEBACK" }), 400, "MISSING_REQUIRED_FIELD");
    const first = await open({ transaction_id: txId, type: "FRAUD" });
    expect(first.body.data.amount).toBe(50);
    const second = await open({ transaction_id: txId, type: "FRAUD" });
    expectError(second, 409, "DUPLICATE_RESOURCE");
    expect(second.body.error.details?.infraction_id).toBe(first.body.data.infraction_id);
    // a refund of the disputed cash-in waits for the resolution
    expectError(await t.api.admin("POST", `/sandbox/transactions/${txId}/simulate`, { event: "cashin.refunded" }), 409, "INVALID_VALUE");
  });

  it("replies with PDF, JPEG and PNG evidence (also through PaymentApiClient): responded, metadata kept", async () => {
    const c = await newClient(t.api);
    const txId = await paid(c, `/${uniq("h")}`);
    const inf = (await open({ transaction_id: txId, type: "FRAUD" })).body.data;
    const id = inf.infraction_id as string;
    const pdf = PDF("evidence");
    // declared types and names are ignored: the JPEG is sent as application/octet-stream
    const r = await reply(c, form({ id, message: "Delivered on 2024-05-02; receipt attached.", files: [
      { name: "receipt.pdf", bytes: pdf, type: "application/pdf" },
      { name: "photo", bytes: JPG, type: "application/octet-stream" },
      { name: "screen.png", bytes: PNG, type: "image/png" },
    ] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(infractionReplyResponseSchema.safeParse(r.body.data).success).toBe(true);
    expect(r.body.data).toMatchObject({ infraction_id: id, status: "responded" });
    const d = await c.get<{ status: string; replies: { reply_id: string; message: string; files: Data[] }[] }>(`/v2/account/infractions/detail?id=${id}`);
    expect(d.body.data.status).toBe("responded");
    expect(d.body.data.replies).toHaveLength(1);
    expect(d.body.data.replies[0]!.reply_id).toBe(r.body.data.reply_id);
    expect(d.body.data.replies[0]!.files).toEqual([
      { name: "receipt.pdf", content_type: "application/pdf", size: pdf.byteLength, sha256: sha(pdf) },
      { name: "photo", content_type: "image/jpeg", size: JPG.byteLength, sha256: sha(JPG) },
      { name: "screen.png", content_type: "image/png", size: PNG.byteLength, sha256: sha(PNG) },
    ]);
    // the shared client: multipart built by lib/payment-api, list and detail parsed by its schemas
    const client = new PaymentApiClient({
      baseUrl: t.url,
      clientId: c.credential.client_id,
      clientSecret: c.credential.client_secret,
      signingKey: c.credential.signing_key,
      tokenStore: new InMemoryTokenStore(),
      now: () => t.clock.now(),
    });
    const second = await client.infractions.reply({ id, message: "A second reply, message only." });
    expect(second.status).toBe("responded");
    const withFile = await client.infractions.reply({ id, message: "And a PNG.", files: [{ name: "more.png", type: "image/png", data: PNG }] });
    expect(withFile.infraction_id).toBe(id);
    const detail = await client.infractions.get(id);
    expect(detail.replies.map((x) => x.message)).toEqual(["Delivered on 2024-05-02; receipt attached.", "A second reply, message only.", "And a PNG."]);
    const list = await client.infractions.list({ status: "responded" });
    expect(list.items.map((i) => i.infraction_id)).toEqual([id]);
  });

  it("refuses every bad upload with a precise code and details", async () => {
    const c = await newClient(t.api);
    const c2 = await newClient(t.api); // the anti-abuse threshold is 15 client errors a minute per credential
    const txId = await paid(c, `/${uniq("h")}`);
    const id = (await open({ transaction_id: txId, type: "FRAUD" })).body.data.infraction_id as string;
    const pdf = { name: "a.pdf", bytes: PDF(), type: "application/pdf" };

    const many = await reply(c, form({ id, message: "m", files: Array.from({ length: 6 }, (_, i) => ({ ...pdf, name: `f${i}.pdf` })) }));
    expectError(many, 400, "INVALID_PAYLOAD");
    expect(many.body.error.details).toMatchObject({ field: "files", max_files: 5, count: 6 });

    const big = new Uint8Array(MB10 + 1);
    big.set(PDF());
    const large = await reply(c, form({ id, message: "m", files: [pdf, { name: "big.pdf", bytes: big, type: "application/pdf" }] }));
    expectError(large, 400, "INVALID_PAYLOAD");
    expect(large.body.error.details).toMatchObject({ field: "files[1]", max_bytes: MB10, size: MB10 + 1 });
    // exactly 10 MB is fine
    const exact = new Uint8Array(MB10);
    exact.set(PDF());
    expect((await reply(c, form({ id, message: "ten megabytes", files: [{ name: "exact.pdf", bytes: exact, type: "application/pdf" }] }))).status).toBe(200);

    const fake = await reply(c, form({ id, message: "m", files: [pdf, pdf, { name: "evidence.pdf", bytes: new TextEncoder().encode("hello, not a pdf"), type: "application/pdf" }] }));
    expectError(fake, 400, "UNSUPPORTED_CONTENT_TYPE");
    expect(fake.body.error.details).toMatchObject({ field: "files[2]", name: "evidence.pdf", declared_type: "application/pdf", supported: ["application/pdf", "image/jpeg", "image/png"] });

    const noId = await reply(c, form({ message: "m" }));
    expectError(noId, 400, "MISSING_REQUIRED_FIELD");
    expect(noId.body.error.details?.field).toBe("id");
    const noMessage = await reply(c, form({ id }));
    expectError(noMessage, 400, "MISSING_REQUIRED_FIELD");
    expect(noMessage.body.error.details?.field).toBe("message");
    const textPart = new FormData();
    textPart.append("id", id);
    textPart.append("message", "m");
    textPart.append("files[]", "just text");
    const notFile = await reply(c, textPart);
    expectError(notFile, 400, "INVALID_PAYLOAD");
    expect(notFile.body.error.details?.field).toBe("files[0]");

    const unknown = await reply(c2, form({ id: "0".repeat(32), message: "m" }));
    expectError(unknown, 404, "NOT_FOUND");
    expect(unknown.body.error.details?.field).toBe("id");
    // another account's infraction is unknown too
    expectError(await reply(c2, form({ id, message: "m" })), 404, "NOT_FOUND");
    expectError(await c2.get(`/v2/account/infractions/detail?id=${id}`), 404, "NOT_FOUND");
    expectError(await c2.get("/v2/account/infractions/detail"), 400, "MISSING_REQUIRED_FIELD");

    const json = await reply(c2, JSON.stringify({ id, message: "m" }), { "content-type": "application/json" });
    expectError(json, 400, "UNSUPPORTED_CONTENT_TYPE");
    expect(json.body.error.details?.supported).toEqual(["multipart/form-data"]);

    await resolve(id, "won");
    const resolved = await reply(c, form({ id, message: "too late" }));
    expectError(resolved, 409, "INVALID_VALUE");
    expect(resolved.body.error.details).toMatchObject({ field: "id", reason: "infraction_resolved" });
  });

  it("refuses bodies above 5 × 10 MB + 1 MB early: by Content-Length before reading, and while streaming", async () => {
    const c = await newClient(t.api);
    const cap = 5 * MB10 + 1024 * 1024;
    const raw = (declared: number | null, write: (req: http.ClientRequest) => void) =>
      new Promise<{ status: number; body: Answer["body"] }>((resolve, reject) => {
        const u = new URL(t.url);
        const req = http.request(
          {
            host: u.hostname,
            port: u.port,
            method: "POST",
            path: "/v2/account/infractions/reply",
            headers: {
              authorization: `Bearer ${c.token}`,
              "content-type": "multipart/form-data; boundary=xyz",
              ...(declared !== null ? { "content-length": String(declared) } : { "transfer-encoding": "chunked" }),
            },
          },
          (res) => {
            let text = "";
            res.on("data", (b: Buffer) => (text += b.toString()));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer["body"] }));
          },
        );
        req.on("error", reject);
        write(req);
      });
    // declares 60 MB and sends nothing: answered at once, without waiting for the body
    const declared = await raw(60 * 1024 * 1024, (req) => req.flushHeaders());
    expect(declared.status).toBe(400);
    expect(declared.body.error).toMatchObject({ code: "INVALID_PAYLOAD", details: { max_bytes: cap, reason: "body_too_large" } });
    // chunked, no length: counted while it streams, refused once past the cap
    let sent = 0;
    let sentAtAnswer = 0;
    const streamed = await raw(null, (req) => {
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      const pump = () => {
        while (sent < 80 * 1024 * 1024) {
          sent += chunk.byteLength;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      req.on("response", () => {
        sentAtAnswer = sent;
        sent = Number.MAX_SAFE_INTEGER;
      });
      pump();
    });
    expect(streamed.status).toBe(400);
    expect(streamed.body.error).toMatchObject({ code: "INVALID_PAYLOAD", details: { max_bytes: cap } });
    // answered once past the cap, long before the 80 MB the client meant to send
    expect(sentAtAnswer).toBeGreaterThan(cap);
    expect(sentAtAnswer).toBeLessThan(80 * 1024 * 1024);
  });

  it("resolution: won and canceled release the blocked amount, lost debits it; chargeback.won/lost/canceled", async () => {
    const path = `/${uniq("h")}`;
    const c = await newClient(t.api);
    const [a, b, l] = [await paid(c, path), await paid(c, path), await paid(c, path)];
    expect((await balanceOf(c, "BRL")).available).toBe(295.5);
    const ia = (await open({ transaction_id: a, type: "FRAUD", amount: 30 })).body.data.infraction_id as string;
    const ib = (await open({ transaction_id: b, type: "REFUND_REQUEST", amount: 20 })).body.data.infraction_id as string;
    const il = (await open({ transaction_id: l, type: "FRAUD", amount: 40 })).body.data.infraction_id as string;
    expect(await balanceOf(c, "BRL")).toEqual({ available: 205.5, blocked: 90, pending: 0 });
    const won = await resolve(ia, "won");
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(won.body.data).toMatchObject({ status: "resolved", outcome: "won" });
    expect(await balanceOf(c, "BRL")).toEqual({ available: 235.5, blocked: 60, pending: 0 });
    await resolve(ib, "canceled");
    expect(await balanceOf(c, "BRL")).toEqual({ available: 255.5, blocked: 40, pending: 0 });
    const lost = await resolve(il, "lost");
    expect(lost.body.data).toMatchObject({ status: "resolved", outcome: "lost", debited_amount: 40 });
    expect(await balanceOf(c, "BRL")).toEqual({ available: 255.5, blocked: 0, pending: 0 });
    const again = await resolve(il, "won");
    expectError(again, 409, "INVALID_VALUE");
    expect(again.body.error.details).toMatchObject({ status: "resolved", outcome: "lost" });
    expectError(await resolve("nope", "won"), 404, "NOT_FOUND");
    expectError(await resolve(ia, "draw"), 400, "MISSING_REQUIRED_FIELD");
    const ws = await rx.waitCount(path, 9);
    const res = Object.fromEntries(ws.filter((w) => String(w.body.event).startsWith("chargeback.") && w.body.event !== "chargeback.opened").map((w) => [w.body.event, w.body]));
    expect(res["chargeback.won"]).toMatchObject({ infraction_id: ia, transaction_id: a, status: "resolved", outcome: "won", amount: 30 });
    expect(res["chargeback.canceled"]).toMatchObject({ infraction_id: ib, transaction_id: b, status: "resolved", outcome: "canceled" });
    expect(res["chargeback.lost"]).toMatchObject({ infraction_id: il, transaction_id: l, status: "resolved", outcome: "lost" });
    const log = await t.api.admin<{ deliveries: { event: string }[] }>("GET", `/sandbox/webhooks/deliveries?infraction_id=${il}`);
    expect(log.body.data.deliveries.map((d) => d.event)).toEqual(["chargeback.opened", "chargeback.lost"]);
  });

  it("when available is short, what there is gets blocked; lost takes the rest from available as far as it goes", async () => {
    const c = await newClient(t.api);
    const txId = await paid(c, `/${uniq("h")}`);
    await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 90, currency: "BRL", key: "52998224725", key_type: "cpf" });
    expect(await balanceOf(c, "BRL")).toEqual({ available: 8.5, blocked: 90, pending: 0 });
    const inf = (await open({ transaction_id: txId, type: "FRAUD" })).body.data;
    expect(inf).toMatchObject({ amount: 100, blocked_amount: 8.5 });
    expect(await balanceOf(c, "BRL")).toEqual({ available: 0, blocked: 98.5, pending: 0 });
    // more money arrives, then the infraction is lost: 8.5 blocked + 91.5 of the 98.5 now available
    await paid(c, `/${uniq("h")}`);
    const lost = await resolve(inf.infraction_id as string, "lost");
    expect(lost.body.data.debited_amount).toBe(100);
    expect(await balanceOf(c, "BRL")).toEqual({ available: 7, blocked: 90, pending: 0 });
    // The list's items carry what left the account too (a mirror synced from the list explains the balance).
    const listed = (await c.get<{ items: Data[] }>("/v2/account/infractions")).body.data.items.find((i) => i.infraction_id === inf.infraction_id);
    expect(listed).toMatchObject({ outcome: "lost", blocked_amount: 8.5, debited_amount: 100 });
  });

  it("lists with status and type filters and pages of at most 100; list 60/min, reply 10/min", async () => {
    const c = await newClient(t.api);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const txId = await paid(c, `/${uniq("h")}`, 10);
      ids.push((await open({ transaction_id: txId, type: i === 1 ? "REFUND_REQUEST" : "FRAUD" })).body.data.infraction_id as string);
    }
    await resolve(ids[2]!, "won");
    const all = await c.get<{ items: Data[]; page: number; page_size: number; has_next: boolean; has_prev: boolean }>("/v2/account/infractions");
    expect(infractionListResponseSchema.safeParse(all.body.data).success).toBe(true);
    expect(all.body.data).toMatchObject({ page: 1, page_size: 50, has_next: false, has_prev: false });
    expect(all.body.data.items.map((i) => i.infraction_id)).toEqual([...ids].reverse());
    expect((await c.get<{ items: Data[] }>("/v2/account/infractions?status=open")).body.data.items.map((i) => i.infraction_id)).toEqual([ids[1], ids[0]]);
    expect((await c.get<{ items: Data[] }>("/v2/account/infractions?type=REFUND_REQUEST")).body.data.items.map((i) => i.infraction_id)).toEqual([ids[1]]);
    const p2 = await c.get<{ items: Data[]; has_next: boolean; has_prev: boolean }>("/v2/account/infractions?page=2&page_size=1");
    expect(p2.body.data).toMatchObject({ has_next: true, has_prev: true });
    expect(p2.body.data.items.map((i) => i.infraction_id)).toEqual([ids[1]]);
    const big = await c.get("/v2/account/infractions?page_size=101");
    expectError(big, 400, "MISSING_REQUIRED_FIELD");
    expect(big.body.error.details?.field).toBe("page_size");
    expectError(await c.get("/v2/account/infractions?status=closed"), 400, "MISSING_REQUIRED_FIELD");
    // list: 60 a minute (7 used above)
    const listLimit = await c.get("/v2/account/infractions");
    expect(listLimit.headers.get("x-ratelimit-limit")).toBe("60");
    for (let i = 0; i < 53; i++) expect((await c.get("/v2/account/infractions")).status).toBe(200);
    const over = await c.get("/v2/account/infractions");
    expectError(over, 429, "RATE_LIMIT_EXCEEDED");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await c.get(`/v2/account/infractions/detail?id=${ids[0]!}`)).headers.get("x-ratelimit-limit")).toBe("120");
    // reply: 10 a minute
    for (let i = 0; i < 10; i++) expect((await reply(c, form({ id: ids[0]!, message: `reply ${i}` }))).status).toBe(200);
    const replyOver = await reply(c, form({ id: ids[0]!, message: "one too many" }));
    expectError(replyOver, 429, "RATE_LIMIT_EXCEEDED");
    expect(replyOver.headers.get("x-ratelimit-limit")).toBe("10");
  });

  // last: moves the sandbox clock a week ahead
  it("refuses a reply after deadline_at (409 INVALID_VALUE, reason deadline_passed)", async () => {
    let c = await newClient(t.api);
    const txId = await paid(c, `/${uniq("h")}`);
    const inf = (await open({ transaction_id: txId, type: "FRAUD" })).body.data;
    const deadline = Date.parse(inf.deadline_at as string);
    await t.api.advance((deadline - t.clock.now()) / 1000 - 60);
    c = await refreshed(t.api, c);
    expect((await reply(c, form({ id: inf.infraction_id as string, message: "just in time" }))).status).toBe(200);
    await t.api.advance(61);
    const late = await reply(c, form({ id: inf.infraction_id as string, message: "too late" }));
    expectError(late, 409, "INVALID_VALUE");
    expect(late.body.error.details).toMatchObject({ field: "id", reason: "deadline_passed", deadline_at: inf.deadline_at });
    // nothing happens by itself at the deadline
    expect((await c.get<Data>(`/v2/account/infractions/detail?id=${inf.infraction_id as string}`)).body.data.status).toBe("responded");
  });
});
