/**
 * Faults between the dashboard and the API (issue "Scale out", bounded version): two dashboard
 * instances (each its own connection pool and API context, as two processes have) on one PostgreSQL
 * create payouts and charges at once through a proxy that answers 503 bursts and 429s in the API's
 * place, resets connections before and after the API acted, and slows answers down. Each member
 * retries what failed with the same form, as the page does. Afterwards every payout and charge
 * exists exactly once at the sandbox, the balance moved by exactly their amounts, and the
 * dashboard's records agree. `CHAOS_ROUNDS` (default 1) repeats it with more operations; `npm run
 * test:chaos` runs the long version. PostgreSQL only (PGlite is one process by design).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { ApiContext } from "@/lib/api-context/context";
import { readBalanceFor } from "@/lib/api-context/balance";
import { activateCredential } from "@/lib/credentials/service";
import { chargeFormSchema } from "@/lib/charges/form";
import { createCharge } from "@/lib/charges/service";
import { Money } from "@/lib/payments/money";
import { payoutFormSchema, toPayoutPlan } from "@/lib/payouts/form";
import { requestPayout } from "@/lib/payouts/service";
import { untilDone } from "../support/member-retry";
import { DASHBOARD_MIGRATIONS, databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { patient } from "@/test/support/patience";

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 1);
const PAYOUTS = 12 * ROUNDS;
const CHARGES = 8 * ROUNDS;

/** A seeded generator, so a failing run can be repeated (the seed is printed). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Chaos = { url: string; counts: Record<string, number>; close(): Promise<void> };

/** Between the dashboard and the sandbox; the token endpoint passes untouched. */
async function chaosProxy(target: string, seed: number): Promise<Chaos> {
  const random = rng(seed);
  const counts: Record<string, number> = { forwarded: 0, "503": 0, "429": 0, resetBefore: 0, resetAfter: 0, slow: 0 };
  const envelope = (code: string, message: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ success: false, error: { code, message, group: code === "RATE_LIMIT_EXCEEDED" ? "SECURITY" : "SYSTEM", retryable: true, ...extra } });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const roll = req.url?.startsWith("/v2/oauth") ? 1 : random();
      const forward = (after?: (answer: http.IncomingMessage, data: Buffer) => void) => {
        counts.forwarded!++;
        const up = http.request(new URL(req.url!, target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
          const data: Buffer[] = [];
          answer.on("data", (c: Buffer) => data.push(c));
          answer.on("end", () => {
            if (after) return after(answer, Buffer.concat(data));
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(data));
          });
        });
        up.on("error", () => res.destroy());
        up.end(body);
      };
      if (roll < 0.12) {
        counts["503"]!++;
        res.writeHead(503, { "content-type": "application/json" }).end(envelope("SERVICE_UNAVAILABLE", "injected"));
      } else if (roll < 0.2) {
        counts["429"]!++;
        res.writeHead(429, { "content-type": "application/json", "retry-after": "1" }).end(envelope("RATE_LIMIT_EXCEEDED", "injected", { details: { retry_after_seconds: 1 } }));
      } else if (roll < 0.26) {
        counts.resetBefore!++;
        res.socket?.destroy();
      } else if (roll < 0.36) {
        // The API acts; its answer is lost on the way back.
        counts.resetAfter!++;
        forward(() => res.socket?.destroy());
      } else if (roll < 0.46) {
        counts.slow!++;
        setTimeout(() => forward(), 200 + Math.floor(random() * 600));
      } else forward();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, counts, close: () => new Promise((r) => server.close(() => r())) };
}


const target = databaseTargets().find((t) => t.url);
describe.skipIf(!target)("faults between two instances and the API (needs TEST_DATABASE_URL)", () => {
  let h: Harness;
  let second: OpenedDatabase<typeof schema>;
  let chaos: Chaos;
  const seed = Number(process.env.CHAOS_SEED ?? 20261124);

  beforeAll(async () => {
    h = await startHarness(target!);
    second = await openDatabase({ url: h.databaseUrl, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 8 });
    chaos = await chaosProxy(h.sandbox.url, seed);
  }, patient(60_000));
  afterAll(async () => {
    await chaos?.close();
    await second?.close();
    await h?.dispose();
  });

  it("every payout and charge exists exactly once at the sandbox and the balance adds up to the cent", async () => {
    console.log(`[chaos] seed ${seed}, ${PAYOUTS} payouts and ${CHARGES} charges from two instances`);
    const db = h.opened.db;
    const org = await createOrganization(db, "Chaos org", ["admin"]);
    const userId = org.members[0]!.userId;
    const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 100_000 } });
    // The credential points at the proxy: every call of both instances goes through the faults.
    const { id } = await registerSandboxCredential(h, org.organizationId, userId, { ...acct.credential });
    await db.update(schema.apiCredentials).set({ baseUrl: chaos.url }).where(eq(schema.apiCredentials.id, id));
    const quiet = new ApiContext({ db, withLock: h.opened.withLock, keyring: h.keyring });
    await untilDone(() => activateCredential(db, quiet, org.organizationId, id, { userId, address: null }));
    const t = { organizationId: org.organizationId, environment: "sandbox" as const };
    const before = new Money((await untilDone(() => readBalanceFor(quiet, t, { userId: null }, { fresh: true }))).data.find((b) => b.currency === "BRL")!.available);

    const fast = { maxRetries: 2, sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 50))) };
    const instances = [
      new ApiContext({ db, withLock: h.opened.withLock, keyring: h.keyring, client: fast, budgetWaitMs: 3_000 }),
      new ApiContext({ db: second.db, withLock: second.withLock, keyring: h.keyring, client: fast, budgetWaitMs: 3_000 }),
    ];
    const dbs = [db, second.db];
    const amounts = Array.from({ length: PAYOUTS }, (_, i) => `${10 + i}.${String((i * 37) % 100).padStart(2, "0")}`);
    const work = [
      ...amounts.map((amount, i) => () => {
        const plan = toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount, externalId: `chaos-po-${i}`, keyType: "cpf", pixKey: "52998224725" }));
        // Both instances get the same payout (a member retrying lands on either one).
        return untilDone(() => {
          const k = Math.floor(Math.random() * 2);
          return requestPayout({ db: dbs[k]!, ctx: instances[k]!, publicBaseUrl: "http://127.0.0.1:9" }, t, userId, plan);
        });
      }),
      ...Array.from({ length: CHARGES }, (_, i) => () => {
        const form = chargeFormSchema.parse({ method: "PIX", amount: `${5 + i},00`, externalId: `chaos-ch-${i}`, payer: { name: "Ana Souza", document: "529.982.247-25" } });
        return untilDone(() => {
          const k = Math.floor(Math.random() * 2);
          return createCharge({ db: dbs[k]!, ctx: instances[k]!, publicBaseUrl: "http://127.0.0.1:9" }, t, userId, form);
        });
      }),
    ];
    await Promise.all(work.map((w) => w()));
    console.log(`[chaos] proxy: ${JSON.stringify(chaos.counts)}`);
    expect(chaos.counts["503"]! + chaos.counts["429"]! + chaos.counts.resetAfter! + chaos.counts.resetBefore!).toBeGreaterThan(5);

    // At the sandbox (read without the proxy): each reference exactly once.
    const direct = new ApiContext({ db, withLock: h.opened.withLock, keyring: h.keyring });
    await db.update(schema.apiCredentials).set({ baseUrl: h.sandbox.url }).where(eq(schema.apiCredentials.id, id));
    const refs = [...amounts.map((_, i) => `chaos-po-${i}`), ...Array.from({ length: CHARGES }, (_, i) => `chaos-ch-${i}`)];
    const found = new Map<string, string>();
    for (const ref of refs) {
      const { items } = await direct.call(t, { userId: null }, (c) => c.transactions.list({ external_id: ref }));
      expect(items, ref).toHaveLength(1);
      found.set(ref, items[0]!.transaction_id);
    }
    // The balance moved by exactly the payouts' amounts (charges are pending: they move nothing yet).
    const spent = amounts.reduce((sum, a) => sum.plus(a), new Money(0));
    const after = new Money((await readBalanceFor(direct, t, { userId: null }, { fresh: true })).data.find((b) => b.currency === "BRL")!.available);
    expect(after.toFixed(2)).toBe(before.minus(spent).toFixed(2));
    // The dashboard's records agree with the sandbox.
    const payouts = await db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, org.organizationId));
    expect(payouts).toHaveLength(PAYOUTS);
    for (const p of payouts) expect({ ref: p.externalId, state: p.state, tx: p.transactionId }).toEqual({ ref: p.externalId, state: "sent", tx: found.get(p.externalId) });
    const charges = await db.select().from(schema.charges).where(eq(schema.charges.organizationId, org.organizationId));
    expect(charges).toHaveLength(CHARGES);
    for (const c of charges) expect({ ref: c.externalId, state: c.state, tx: c.transactionId }).toEqual({ ref: c.externalId, state: "created", tx: found.get(c.externalId) });
    const mirrored = await db
      .select({ ref: schema.transactions.externalId })
      .from(schema.transactions)
      .where(and(eq(schema.transactions.organizationId, org.organizationId), inArray(schema.transactions.externalId, refs)));
    expect(mirrored.map((m) => m.ref).sort()).toEqual([...refs].sort());
    for (const c of [...instances, quiet, direct]) await c.flush();
  }, patient(300_000));

  it("every connection to PostgreSQL dropped mid-run (as a restart does): the instances carry on without a restart, each payout once", async () => {
    const db = h.opened.db;
    const org = await createOrganization(db, "Restart org", ["admin"]);
    const userId = org.members[0]!.userId;
    const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 10_000 } });
    const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
    const ctx = new ApiContext({ db, withLock: h.opened.withLock, keyring: h.keyring });
    await activateCredential(db, ctx, org.organizationId, id, { userId, address: null });
    const t = { organizationId: org.organizationId, environment: "sandbox" as const };
    const instances = [
      { db, ctx },
      { db: second.db, ctx: new ApiContext({ db: second.db, withLock: second.withLock, keyring: h.keyring }) },
    ];
    const name = new URL(h.databaseUrl!).pathname.slice(1);
    const admin = new (await import("pg")).default.Client({ connectionString: target!.url });
    await admin.connect();
    let dropped = 0;
    const refs = Array.from({ length: 16 }, (_, i) => `restart-po-${i}`);
    await Promise.all(
      refs.map(async (ref, i) => {
        if (i === 6) {
          // Halfway: PostgreSQL ends every session of the database, as a restart would.
          const r = await admin.query("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
          dropped = Number(r.rows[0].n);
        }
        const plan = toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount: "3.00", externalId: ref, keyType: "cpf", pixKey: "52998224725" }));
        const k = i % 2;
        return untilDone(() => requestPayout({ db: instances[k]!.db, ctx: instances[k]!.ctx, publicBaseUrl: "http://127.0.0.1:9" }, t, userId, plan));
      }),
    );
    await admin.end();
    expect(dropped).toBeGreaterThan(0);
    for (const ref of refs) {
      const { items } = await ctx.call(t, { userId: null }, (c) => c.transactions.list({ external_id: ref }));
      expect(items, ref).toHaveLength(1);
    }
    // Both pools answer again without being reopened.
    for (const inst of instances) expect((await inst.db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, org.organizationId))).length).toBe(refs.length);
    for (const inst of instances) await inst.ctx.flush();
  }, patient(180_000));
});
