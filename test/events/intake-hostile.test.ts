/**
 * The webhook intake against what a sender may put in a delivery (NUL and lone surrogates in keys,
 * values and headers, invalid UTF-8, deep nesting, 10,000-character ids, huge numbers, duplicate
 * keys), both layouts (`{ success, data }` and top-level fields) applied end to end, the boleto's
 * registration (`boleto.registered`), and the bounds on refused deliveries. Real sandbox over HTTP,
 * real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patient } from "@/test/support/patience";
import * as schema from "@/lib/db/schema";
import type { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { endpointFor, purgeRefusedDeliveries, receiveWebhook, REFUSED_BODY_CHARS, REFUSED_PER_MINUTE } from "@/lib/events/intake";
import { processDue } from "@/lib/events/worker";
import { syncTransactions } from "@/lib/events/sync";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { eventsSince } from "@/lib/events/live";
import { applyApiTransaction } from "@/lib/events/mirror";
import { chargeFormSchema } from "@/lib/charges/form";
import { createCharge, getCharge, publicCharge } from "@/lib/charges/service";
import { transactionDetail } from "@/lib/transactions/detail";
import { databaseTargets } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, type Harness } from "../support/connect";

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const ID = "0123456789abcdef0123456789abcdef";

for (const target of databaseTargets()) {
  describe(`webhook intake: hostile bodies, both layouts, boleto registration, refused deliveries [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    const allow = ["127.0.0.1"];
    const db = () => h.opened.db;

    /** An organisation connected to its own sandbox account, its webhooks routed to the receiver. */
    async function connected(name: string) {
      const org = await createOrganization(db(), name, ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 1000 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, { userId, address: null });
      await routeSandboxWebhooks(db(), h.control, org.organizationId, acct.credential.client_id, receiver.url);
      const t = { organizationId: org.organizationId, environment: "sandbox" as const };
      const { token } = await endpointFor(db(), org.organizationId, "sandbox");
      return { target: t, token, userId };
    }

    const deliver = (token: string, body: string | Uint8Array, headers: Record<string, string> = {}, address = "127.0.0.1") => receiveWebhook(db(), { token, address, headers: new Headers(headers), body }, allow);

    async function inboxRow(id: number) {
      const [row] = await db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.id, id));
      return row!;
    }

    async function inbox(t: { organizationId: string }) {
      return db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, t.organizationId)).orderBy(schema.webhookInbox.id);
    }

    async function mirrorRow(t: { organizationId: string }, transactionId: string) {
      const [row] = await db()
        .select()
        .from(schema.transactions)
        .where(and(eq(schema.transactions.organizationId, t.organizationId), eq(schema.transactions.transactionId, transactionId)));
      return row;
    }

    /** Runs the worker until nothing is due, moving retries forward (they wait a second or two). */
    async function drain() {
      for (let i = 0; i < 20; i++) {
        await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
        if ((await processDue({ db: db(), ctx })) === 0) return;
      }
    }

    async function waitForInbox(t: { organizationId: string }, event: string) {
      const deadline = Date.now() + patient(10_000);
      while (Date.now() < deadline) {
        const row = (await inbox(t)).find((r) => r.event === event);
        if (row) return row;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`expected a ${event} delivery`);
    }

    /** A charge at the sandbox moved by `event` without its webhook (the sandbox drops it): the test delivers its own. */
    async function movedQuietly(t: { organizationId: string; environment: "sandbox" }, events: string[]) {
      const c = await ctx.call(t, { userId: null }, (cl) => cl.cashin.create({ amount: 12.34, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } }));
      await h.control.settings({ drop_webhooks: true });
      try {
        for (const event of events) await h.control.simulate(c.transaction_id, { event });
      } finally {
        await h.control.settings({ drop_webhooks: false });
      }
      return c.transaction_id;
    }

    const boletoForm = (externalId: string, method: "BOLETO" | "PIX_BOLETO" = "BOLETO") =>
      chargeFormSchema.parse({
        method,
        amount: "150,00",
        externalId,
        payer: {
          name: "Bruno Lima",
          document: "11.222.333/0001-81",
          email: "bruno@example.com",
          phone: "(11) 98765-4321",
          address: { address: "Rua A", number: "10", district: "Centro", city: "São Paulo", zipCode: "01001-000", uf: "sp" },
        },
      });

    beforeAll(async () => void ({ h, ctx, receiver } = await openWebhookHarness(target, allow)));
    afterAll(() => closeWebhookHarness({ h, ctx, receiver }));

    it("stores or refuses with a 4xx whatever bytes arrive (NUL, lone surrogates, invalid UTF-8, deep nesting, long ids, huge numbers, duplicate keys), never throws", async () => {
      const { token } = await connected("Hostile bodies");
      const deep = `{"event":"cashin.confirmed","transaction_id":"${ID}","deep":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;
      const cases: { label: string; body: string | Uint8Array; headers?: Record<string, string>; status: number; reason?: string; objectId?: string | null; event?: string | null }[] = [
        { label: "NUL escaped in the id", body: `{"event":"cashin.confirmed","transaction_id":"ab\\u0000cd"}`, status: 400, reason: "bad_object_id", objectId: null },
        { label: "NUL escaped in the event", body: `{"event":"cashin.\\u0000confirmed","transaction_id":"${ID}"}`, status: 400, reason: "bad_event", event: null, objectId: ID },
        { label: "NUL escaped in a value", body: `{"event":"cashin.confirmed","transaction_id":"${ID}","payer_name":"Ana\\u0000"}`, status: 200 },
        { label: "NUL escaped in a key", body: `{"event":"cashin.confirmed","transaction_id":"${ID}","\\u0000":"x"}`, status: 200 },
        { label: "lone surrogate escaped in the id", body: `{"event":"cashin.confirmed","transaction_id":"\\ud800"}`, status: 400, reason: "bad_object_id" },
        { label: "lone surrogate escaped in a value and a key", body: `{"event":"cashin.confirmed","transaction_id":"${ID}","\\udfff":"\\ud83d"}`, status: 200 },
        { label: "a raw NUL byte", body: Buffer.from(`{"event":"cashin.confirmed","transaction_id":"${ID}"}\u0000`), status: 400, reason: "not_text" },
        { label: "invalid UTF-8 (0xff 0xfe)", body: Buffer.concat([Buffer.from(`{"event":"cashin.confirmed","transaction_id":"`), Buffer.from([0xff, 0xfe]), Buffer.from(`"}`)]), status: 400, reason: "not_text" },
        { label: "an overlong encoding", body: Buffer.from([0x7b, 0xc0, 0xaf, 0x7d]), status: 400, reason: "not_text" },
        { label: "a surrogate encoded in UTF-8 (CESU)", body: Buffer.concat([Buffer.from('{"event":"x","transaction_id":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]), status: 400, reason: "not_text" },
        { label: "a lone surrogate in a text body", body: `{"event":"cashin.confirmed","transaction_id":"${ID}","x":"\ud800"}`, status: 400, reason: "not_text" },
        { label: "30,000 levels of nesting", body: deep, status: 200 },
        { label: "a 10,000-character id", body: `{"event":"cashin.confirmed","transaction_id":"${"a".repeat(10_000)}"}`, status: 400, reason: "bad_object_id" },
        { label: "a 10,000-character event", body: `{"event":"${"e".repeat(10_000)}","transaction_id":"${ID}"}`, status: 400, reason: "bad_event" },
        { label: "a number as the id", body: `{"event":"cashin.confirmed","transaction_id":1e400}`, status: 400, reason: "bad_object_id" },
        { label: "huge numbers elsewhere", body: `{"event":"cashin.confirmed","transaction_id":"${ID}","amount":1e400,"fee":-1e400,"amount_net":${"9".repeat(5_000)}}`, status: 200 },
        { label: "duplicate keys: the last wins, as the worker reads it", body: `{"event":"cashin.confirmed","transaction_id":"first","transaction_id":"${ID}"}`, status: 200, objectId: ID },
        { label: "a byte-order mark (dropped, as RFC 8259 allows)", body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`{"event":"cashin.confirmed","transaction_id":"${ID}"}`)]), status: 200 },
        { label: "no event anywhere", body: `{"transaction_id":"${ID}"}`, status: 400, reason: "no_event" },
        { label: "the event in a header only", body: `{"transaction_id":"${ID}"}`, headers: { "x-service-event": "cashin.confirmed" }, status: 200, event: "cashin.confirmed" },
        { label: "a header event of Latin-1 bytes", body: `{"transaction_id":"${ID}"}`, headers: { "x-service-event": "caf\u00e9" }, status: 400, reason: "bad_event" },
        { label: "an array", body: "[1,2]", status: 400, reason: "not_an_object" },
        { label: "null", body: "null", status: 400, reason: "not_an_object" },
        { label: "empty", body: "", status: 400, reason: "not_json" },
        { label: "truncated JSON", body: '{"event":', status: 400, reason: "not_json" },
        { label: "an object as the id", body: `{"event":"cashin.confirmed","transaction_id":{"$ne":null}}`, status: 400, reason: "bad_object_id" },
      ];
      for (const c of cases) {
        const bytes = typeof c.body === "string" ? Buffer.from(c.body, "utf8") : Buffer.from(c.body);
        const bom = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? 3 : 0;
        const answer = await deliver(token, c.body, c.headers);
        expect(answer.status, c.label).toBe(c.status);
        const row = await inboxRow(answer.inboxId!);
        if (c.status === 200) {
          expect(answer.body, c.label).toEqual({ received: true });
          // Stored exactly as it arrived (but a byte-order mark): the provider's copy can be checked against it.
          expect(Buffer.from(row.body, "utf8").equals(bytes.subarray(bom)), c.label).toBe(true);
          expect(row.outcome).toBe("received");
        } else {
          expect(answer.body, c.label).toMatchObject({ error: c.reason, message: expect.stringMatching(/\w{4,}/) });
          expect(row, c.label).toMatchObject({ outcome: "refused", reason: c.reason });
          const v = row.verification as { bytes: number; sha256: string; stored: "text" | "base64"; truncated: boolean };
          expect(v, c.label).toMatchObject({ bytes: bytes.length, sha256: sha256(bytes) });
          const kept = v.stored === "base64" ? Buffer.from(row.body, "base64") : Buffer.from(row.body, "utf8");
          expect(bytes.subarray(0, kept.length).equals(kept), c.label).toBe(true);
          expect(row.body.length).toBeLessThanOrEqual(REFUSED_BODY_CHARS);
        }
        if (c.objectId !== undefined) expect(row.objectId, c.label).toBe(c.objectId);
        if (c.event !== undefined) expect(row.event, c.label).toBe(c.event);
      }
      // What was taken is processed without a throw: unknown at the API, so contradicted; nothing is left due.
      await drain();
      const left = (await db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.outcome, "received"))).length;
      expect(left).toBe(0);
    });

    it("takes the { success, data } layout, the event in the body or in X-Service-Event, and applies it after the read-back", async () => {
      const c = await connected("Data layout");
      const paid = await movedQuietly(c.target, ["cashin.confirmed"]);
      const refunded = await movedQuietly(c.target, ["cashin.confirmed", "cashin.refunded"]);
      const pending = (await ctx.call(c.target, { userId: null }, (cl) => cl.cashin.create({ amount: 5, currency: "BRL", payer: { name: "Caio", document: "52998224725" } }))).transaction_id;
      // Nothing but the webhooks below brings them into the mirror.
      expect(await mirrorRow(c.target, paid)).toBeUndefined();

      const a = await deliver(c.token, JSON.stringify({ success: true, data: { event: "cashin.confirmed", transaction_id: paid, status: "confirmed", amount: 12.34, currency: "BRL" } }));
      const b = await deliver(c.token, JSON.stringify({ success: true, data: { transaction_id: refunded, status: "refunded" } }), { "x-service-event": "cashin.refunded" });
      const forged = await deliver(c.token, JSON.stringify({ success: true, event: "cashin.confirmed", data: { transaction_id: pending, status: "confirmed" } }));
      expect([a.status, b.status, forged.status]).toEqual([200, 200, 200]);
      expect(await inboxRow(b.inboxId!)).toMatchObject({ event: "cashin.refunded", objectId: refunded, dedupeKey: `cashin.refunded:${refunded}` });
      expect(await inboxRow(forged.inboxId!)).toMatchObject({ event: "cashin.confirmed", objectId: pending });
      await drain();

      expect(await inboxRow(a.inboxId!)).toMatchObject({ outcome: "applied", verification: expect.objectContaining({ result: "confirmed", apiStatus: "confirmed" }) });
      expect(await inboxRow(b.inboxId!)).toMatchObject({ outcome: "applied", verification: expect.objectContaining({ apiStatus: "refunded" }) });
      expect(await mirrorRow(c.target, paid)).toMatchObject({ status: "confirmed", webhookEvent: "cashin.confirmed", reportedStatus: null });
      expect(await mirrorRow(c.target, refunded)).toMatchObject({ status: "refunded", webhookEvent: "cashin.refunded" });
      // The same layout forged for a pending charge: the API says pending, nothing changes.
      expect(await inboxRow(forged.inboxId!)).toMatchObject({ outcome: "contradicted", reason: "api_says_pending" });
      expect(await mirrorRow(c.target, pending)).toMatchObject({ status: "pending", reportedStatus: null });
      // A repeat in the other layout is the same event: a duplicate.
      const again = await deliver(c.token, JSON.stringify({ event: "cashin.confirmed", transaction_id: paid, status: "confirmed" }));
      await drain();
      expect((await inboxRow(again.inboxId!)).outcome).toBe("duplicate");
    });

    it("never lets a poisoned field reach a column: NUL and lone surrogates in error_code, direction, wallet fields and keys are left out", async () => {
      const c = await connected("Poisoned fields");
      const paid = await movedQuietly(c.target, ["cashin.confirmed"]);
      const body = `{"success":true,"data":{"event":"wallet_deposit","transaction_id":"${paid}","status":"confirmed","error_code":"X\\u0000","direction":"\\ud800","wallet_id":"w\\u0000","address":"\\udc00","pix_key":"k\\u0000","\\u0000":"\\u0000","payer_name":"\\u0000"}}`;
      const a = await deliver(c.token, body);
      expect(a.status).toBe(200);
      await drain();
      expect(await inboxRow(a.inboxId!)).toMatchObject({ outcome: "applied" });
      expect(await mirrorRow(c.target, paid)).toMatchObject({ status: "confirmed", errorCode: null, direction: null, walletId: null, payerName: "Ana Souza" });
    });

    it("stores what the API answers with NUL or lone surrogates, replaced, instead of failing the row for ever", async () => {
      const t = { organizationId: (await createOrganization(db(), "API oddities", ["admin"])).organizationId, environment: "sandbox" as const };
      const item = { transaction_id: "d".repeat(32), status: "pending", amount: 1, currency: "BRL", payer_name: "Ana\u0000 \ud800", description: "ok", extra: { "k\u0000": ["\udfff"] } } as never;
      await applyApiTransaction(db(), t, item, "sync");
      const row = await mirrorRow(t, "d".repeat(32));
      expect(row).toMatchObject({ status: "pending", payerName: "Ana\ufffd \ufffd", description: "ok" });
      expect((row!.raw as { extra: unknown }).extra).toEqual({ "k\ufffd": ["\ufffd"] });
    });

    it("a boleto reads registered seconds after the sandbox's boleto.registered, on the charge, the payment page and the mirror", async () => {
      const c = await connected("Boleto registered");
      const deps = { db: db(), ctx, publicBaseUrl: receiver.url };
      const { id } = await createCharge(deps, c.target, c.userId, boletoForm("bol-registered"));
      const created = (await getCharge(db(), c.target, id))!;
      expect(created.boleto!.registration).toBe("pending");
      // The sandbox registers a boleto 5 s (its clock) after creation and sends boleto.registered.
      await h.control.advanceClock(6);
      const stored = await waitForInbox(c.target, "boleto.registered");
      expect(stored).toMatchObject({ outcome: "received", objectId: created.transactionId });
      await drain();
      expect((await inbox(c.target)).find((r) => r.id === stored.id)).toMatchObject({
        outcome: "applied",
        verification: expect.objectContaining({ result: "confirmed", apiStatus: "registered", registrationFrom: "api" }),
      });
      const charge = (await getCharge(db(), c.target, id))!;
      expect(charge.boleto!.registration).toBe("registered");
      expect(charge.status).toBe("pending");
      expect((await publicCharge(db(), charge.payToken))!.boleto!.registration).toBe("registered");
      const row = await mirrorRow(c.target, created.transactionId!);
      expect(row).toMatchObject({ status: "pending", webhookEvent: null, webhookAt: null });
      expect((row!.raw as { boleto?: { registration?: string } }).boleto?.registration).toBe("registered");
      expect((await transactionDetail(db(), c.target, created.transactionId!))!.boleto).toMatchObject({ registration: "registered" });
      // An id no API writes (a NUL byte, spaces, too long) finds nothing instead of reaching the database.
      for (const bad of ["\u0000", `${created.transactionId} `, "x".repeat(101)]) expect(await transactionDetail(db(), c.target, bad)).toBeNull();
      const live = await eventsSince(db(), c.target.organizationId, 0);
      expect(live.some((e) => e.kind === "transaction" && (e.payload as { registration?: string }).registration === "registered")).toBe(true);
      expect(live.some((e) => e.kind === "balance" && (e.payload as { reason?: string }).reason === "boleto.registered")).toBe(false);
    });

    it("a forged boleto.registered is not believed: for a boleto the API has pending, or for a charge that is no boleto", async () => {
      const c = await connected("Boleto forged");
      const deps = { db: db(), ctx, publicBaseUrl: receiver.url };
      const { id } = await createCharge(deps, c.target, c.userId, boletoForm("bol-forged", "PIX_BOLETO"));
      const boleto = (await getCharge(db(), c.target, id))!.transactionId!;
      const pix = (await ctx.call(c.target, { userId: null }, (cl) => cl.cashin.create({ amount: 3, currency: "BRL", payer: { name: "Ana", document: "52998224725" } }))).transaction_id;
      await syncTransactions({ db: db(), ctx }, c.target);
      const a = await deliver(c.token, JSON.stringify({ event: "boleto.registered", transaction_id: boleto, registration: "registered" }));
      const b = await deliver(c.token, JSON.stringify({ event: "boleto.registered", transaction_id: pix, registration: "registered" }));
      await drain();
      expect(await inboxRow(a.inboxId!)).toMatchObject({ outcome: "contradicted", reason: "api_says_pending" });
      expect(await inboxRow(b.inboxId!)).toMatchObject({ outcome: "contradicted", reason: "api_says_not_a_boleto:PIX" });
      expect((await getCharge(db(), c.target, id))!.boleto!.registration).toBe("pending");
      expect(((await mirrorRow(c.target, pix))!.raw as { boleto?: unknown }).boleto).toBeUndefined();
    });

    it("a boleto whose boleto.registered never arrived reads registered after the next sync", async () => {
      const c = await connected("Boleto synced");
      const deps = { db: db(), ctx, publicBaseUrl: receiver.url };
      const { id } = await createCharge(deps, c.target, c.userId, boletoForm("bol-synced"));
      await h.control.settings({ drop_webhooks: true });
      try {
        await h.control.advanceClock(6);
      } finally {
        await h.control.settings({ drop_webhooks: false });
      }
      expect((await getCharge(db(), c.target, id))!.boleto!.registration).toBe("pending");
      await syncTransactions({ db: db(), ctx }, c.target);
      expect((await getCharge(db(), c.target, id))!.boleto!.registration).toBe("registered");
    });

    it("stores at most REFUSED_PER_MINUTE refused deliveries per endpoint a minute, each cut to REFUSED_BODY_CHARS; every one is still answered", async () => {
      const c = await connected("Refused flood");
      const other = await connected("Refused neighbour");
      const big = JSON.stringify({ event: "cashin.confirmed", transaction_id: ID, pad: "x".repeat(60_000) });
      const answers = await Promise.all(Array.from({ length: REFUSED_PER_MINUTE + 40 }, () => deliver(c.token, big, {}, "10.0.0.66")));
      expect(answers.every((a) => a.status === 403 && a.body.error === "source_address_not_allowed" && typeof a.body.message === "string")).toBe(true);
      const rows = (await inbox(c.target)).filter((r) => r.outcome === "refused");
      expect(rows).toHaveLength(REFUSED_PER_MINUTE);
      expect(answers.filter((a) => a.inboxId !== undefined)).toHaveLength(REFUSED_PER_MINUTE);
      for (const r of rows) {
        expect(r.body).toHaveLength(REFUSED_BODY_CHARS);
        expect(r.verification).toMatchObject({ bytes: Buffer.byteLength(big), sha256: sha256(Buffer.from(big)), stored: "text", truncated: true });
        expect(r).toMatchObject({ event: "cashin.confirmed", objectId: ID, sourceAddress: "10.0.0.66" });
      }
      // Another endpoint has a window of its own; deliveries that are taken are never capped.
      expect((await deliver(other.token, "nope", {}, "10.0.0.66")).inboxId).toBeDefined();
      expect((await deliver(c.token, JSON.stringify({ event: "cashin.confirmed", transaction_id: ID }))).status).toBe(200);
    });

    it("the purge drops refused deliveries past 30 days and keeps the newest per endpoint, nothing else", async () => {
      const a = await connected("Purge A");
      const b = await connected("Purge B");
      const refused = async (t: string, n: number) => {
        const ids: number[] = [];
        for (let i = 0; i < n; i++) ids.push((await deliver(t, `not json ${i}`)).inboxId!);
        return ids;
      };
      const aIds = await refused(a.token, 15);
      const bIds = await refused(b.token, 5);
      const taken = (await deliver(a.token, JSON.stringify({ event: "cashin.confirmed", transaction_id: ID }))).inboxId!;
      // Two of B's are 31 days old.
      await db()
        .update(schema.webhookInbox)
        .set({ receivedAt: new Date(Date.now() - 31 * 86_400_000) })
        .where(inArray(schema.webhookInbox.id, bIds.slice(0, 2)));
      const deleted = await purgeRefusedDeliveries(db(), new Date(), 10);
      expect(deleted).toBeGreaterThanOrEqual(7);
      const left = async (t: { organizationId: string }) => (await inbox(t)).map((r) => r.id);
      expect(await left(a.target)).toEqual([...aIds.slice(5), taken]);
      expect(await left(b.target)).toEqual(bIds.slice(2));
    });

    it("a stored delivery whose processing throws on every claim ends as failed after the attempts bound, not claimed for ever", async () => {
      const c = await connected("Throws");
      const paid = await movedQuietly(c.target, ["cashin.confirmed"]);
      const body = JSON.stringify({ event: "cashin.confirmed", transaction_id: paid });
      // A row written by hand without its dedupe key: recording the key fails every time.
      const insert = (attempts: number) =>
        db()
          .insert(schema.webhookInbox)
          .values({ organizationId: c.target.organizationId, environment: "sandbox", headers: {}, body, event: "cashin.confirmed", objectId: paid, attempts })
          .returning({ id: schema.webhookInbox.id })
          .then((r) => r[0]!.id);
      const young = await insert(0);
      const old = await insert(11);
      await processDue({ db: db(), ctx });
      expect(await inboxRow(young)).toMatchObject({ outcome: "received", attempts: 1 });
      expect(await inboxRow(old)).toMatchObject({ outcome: "failed", reason: "processing_failed", attempts: 12 });
    });
  });
}
