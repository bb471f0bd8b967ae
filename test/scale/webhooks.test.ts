/**
 * Webhooks against several dashboard instances (issue "Scale out"): two instance processes (each its
 * own pool, intake and events worker: test/scale/fixtures/instance.ts) on one PostgreSQL.
 *
 *   1. The sandbox's deliveries are held back on the way (a tap answers the sandbox and keeps them),
 *      then released duplicated, shuffled and concurrently to both instances: every event is applied
 *      once, and the mirror equals the sandbox's own list.
 *   2. A burst to both instances, one of them killed with SIGKILL halfway through: what it had not
 *      answered is delivered again (to the other, as the provider's retry through a load balancer
 *      would); nothing it acknowledged is lost (the other instance takes its leased rows when the
 *      lease ends), nothing is applied twice, the mirror equals the sandbox.
 *
 * PostgreSQL only (PGlite belongs to one process by design).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { createKeyring } from "@/lib/security/sealing";
import { chargeFormSchema } from "@/lib/charges/form";
import { createCharge } from "@/lib/charges/service";
import { payoutFormSchema, toPayoutPlan } from "@/lib/payouts/form";
import { requestPayout } from "@/lib/payouts/service";
import { normalizeTransactionStatus } from "@/lib/payment-api/schemas/common";
import { Money } from "@/lib/payments/money";
import type { Transaction } from "@/lib/payment-api";
import { databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";
import { patient } from "@/test/support/patience";

const root = path.resolve(__dirname, "../..");
/** The instances' lease on a claimed delivery, shortened from 30 s so the test does not wait that long. */
const LEASE_MS = 2_000;
/** `npm run test:chaos` sets more rounds: more transactions, as many times the deliveries. */
const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 1);

type Delivery = { path: string; headers: Record<string, string>; body: string };

/** Where the sandbox delivers: answers 200 and keeps each delivery (the network holding them back). */
async function startTap() {
  const held: Delivery[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (k.startsWith("x-service-") || k === "content-type") headers[k] = String(v);
    held.push({ path: req.url!, headers, body: Buffer.concat(chunks).toString() });
    res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, held, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Instance = { port: number; child: ChildProcess; exited: Promise<void> };

function startInstance(env: Record<string, string>): Promise<Instance> {
  return new Promise((resolve, reject) => {
    // tsx is run in this process (no wrapper process), so that SIGKILL reaches the instance itself.
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "test/scale/fixtures/instance.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ port: (JSON.parse(line) as { port: number }).port, child, exited });
    });
    child.once("exit", (code) => reject(new Error(`instance exited (${code}) before listening`)));
  });
}

/** A seeded shuffle, so a failing order can be repeated (the seed is printed). */
function shuffled<T>(items: T[], seed: number): T[] {
  let s = seed >>> 0;
  const random = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** POSTs a delivery; the status, or null when no answer came (connection refused or cut). */
function deliver(port: number, d: Delivery): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, path: d.path, method: "POST", headers: { ...d.headers, "content-type": "application/json" }, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? null));
      res.on("error", () => resolve(null));
    });
    req.on("error", () => resolve(null));
    req.end(d.body);
  });
}

/** Runs `tasks` with at most `n` at a time. */
async function pool<T>(items: T[], n: number, task: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) {
      const i = next++;
      await task(items[i]!, i);
    }
  }));
}

const keyOf = (d: Delivery) => {
  const p = JSON.parse(d.body) as { event: string; transaction_id: string };
  return `${p.event}:${p.transaction_id}`;
};

const target = databaseTargets().find((t) => t.url);
describe.skipIf(!target)("webhooks delivered to several instances (needs TEST_DATABASE_URL)", () => {
  let h: Harness;
  let ctx: ApiContext;
  let tap: Awaited<ReturnType<typeof startTap>>;
  const instances: Instance[] = [];
  const key = randomBytes(32).toString("base64");
  const env = () => ({ DB_URL: h.databaseUrl!, KEYRING_KEY: key, LEASE_MS: String(LEASE_MS) });

  beforeAll(async () => {
    h = await startHarness(target!);
    // The instances decrypt the credential with this key.
    h = { ...h, keyring: createKeyring(key) };
    ctx = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
    tap = await startTap();
    instances.push(await startInstance(env()), await startInstance(env()));
  }, patient(60_000));
  afterAll(async () => {
    for (const i of instances) i.child.kill("SIGKILL");
    await Promise.all(instances.map((i) => i.exited));
    await tap?.close();
    await ctx?.flush();
    await h?.dispose();
  });

  /** An organisation on its own sandbox account (its own read-back budget); operations carry the tap's URL. */
  async function connected(name: string) {
    const db = h.opened.db;
    const org = await createOrganization(db, name, ["admin"]);
    const userId = org.members[0]!.userId;
    const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 50_000 } });
    const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
    await activateCredential(db, ctx, org.organizationId, id, { userId, address: null });
    const t = { organizationId: org.organizationId, environment: "sandbox" as const };
    const deps = { db, ctx, publicBaseUrl: tap.url };
    return {
      t,
      charge: async (i: number) => {
        const form = chargeFormSchema.parse({ method: "PIX", amount: `${20 + i},${String((i * 13) % 100).padStart(2, "0")}`, externalId: `${name}-ch-${i}`, payer: { name: "Ana Souza", document: "529.982.247-25" } });
        const { id: chargeId } = await createCharge(deps, t, userId, form);
        const [row] = await db.select({ tx: schema.charges.transactionId }).from(schema.charges).where(eq(schema.charges.id, chargeId));
        return row!.tx!;
      },
      payout: async (i: number) => {
        const plan = toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount: `${5 + i}.${String((i * 7) % 100).padStart(2, "0")}`, externalId: `${name}-po-${i}`, keyType: "cpf", pixKey: "52998224725" }));
        await requestPayout(deps, t, userId, plan);
        const [row] = await db.select({ tx: schema.payouts.transactionId }).from(schema.payouts).where(and(eq(schema.payouts.organizationId, org.organizationId), eq(schema.payouts.externalId, `${name}-po-${i}`)));
        return row!.tx!;
      },
    };
  }

  /** Simulates each change at the sandbox; returns how many deliveries it announced. */
  async function simulate(changes: [string, string, string?][]): Promise<number> {
    let n = 0;
    for (const [tx, event, error_code] of changes) {
      const r = await h.control.simulate(tx, { event, ...(error_code ? { error_code } : {}) });
      n += (r.webhooks as unknown[]).length;
    }
    return n;
  }

  async function heldAtLeast(n: number) {
    await eventually(() => tap.held.length, (held) => held >= n, 20_000, `the sandbox to deliver ${n} webhooks`);
  }

  /** Until neither instance has a delivery left to work. */
  async function drained(t: { organizationId: string }) {
    const i = schema.webhookInbox;
    const unprocessed = async () => {
      const [row] = await h.opened.db.select({ n: sql<number>`count(*)::int` }).from(i).where(and(eq(i.organizationId, t.organizationId), eq(i.outcome, "received")));
      return Number(row!.n);
    };
    await eventually(unprocessed, (n) => n === 0, 150_000, "no delivery left unprocessed", 100);
  }

  /** The mirror holds exactly the sandbox's transactions, each with the sandbox's status and amount. */
  async function expectMirrorEqualsSandbox(t: { organizationId: string; environment: "sandbox" }) {
    const atSandbox: Transaction[] = [];
    for (let page = 1; ; page++) {
      const res = await ctx.call(t, { userId: null }, (c) => c.transactions.list({ page, page_size: 100 }));
      atSandbox.push(...res.items);
      if (!res.has_next || res.items.length === 0) break;
    }
    const x = schema.transactions;
    const mirror = await h.opened.db.select().from(x).where(eq(x.organizationId, t.organizationId));
    const view = (id: string, status: string, amount: { toString(): string } | number | null | undefined) => ({ id, status, amount: new Money(String(amount ?? 0)).toFixed(2) });
    expect(mirror.map((m) => view(m.transactionId, m.status, m.amount)).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      atSandbox.map((s) => view(s.transaction_id, normalizeTransactionStatus(s.status), s.amount)).sort((a, b) => a.id.localeCompare(b.id)),
    );
    return mirror;
  }

  /** Each event applied exactly once: one key, one "applied" delivery, one verified live event. */
  async function expectAppliedOnce(t: { organizationId: string }, keys: Set<string>) {
    const db = h.opened.db;
    const i = schema.webhookInbox;
    const rows = await db.select({ key: i.dedupeKey, outcome: i.outcome }).from(i).where(eq(i.organizationId, t.organizationId));
    const applied = rows.filter((r) => r.outcome === "applied").map((r) => r.key!).sort();
    expect(applied).toEqual([...keys].sort());
    expect(rows.filter((r) => r.outcome !== "applied" && r.outcome !== "duplicate")).toEqual([]);
    const a = schema.webhookApplied;
    const recorded = await db.select({ key: a.dedupeKey }).from(a).where(eq(a.organizationId, t.organizationId));
    expect(recorded.map((r) => r.key).sort()).toEqual([...keys].sort());
    const l = schema.liveEvents;
    const live = await db
      .select({ key: sql<string>`${l.payload}->>'event' || ':' || (${l.payload}->>'transactionId')` })
      .from(l)
      .where(and(eq(l.organizationId, t.organizationId), eq(l.kind, "transaction"), sql`${l.payload}->>'verified' = 'true'`, sql`${l.payload} ? 'event'`));
    expect(live.map((r) => r.key).sort()).toEqual([...keys].sort());
    return rows;
  }

  it("deliveries duplicated, shuffled and sent concurrently to both instances: each event applied once, the mirror equals the sandbox", async () => {
    const seed = Number(process.env.CHAOS_SEED ?? 20261124);
    const org = await connected("storm");
    tap.held.length = 0;
    const charges = await Promise.all(Array.from({ length: 16 * ROUNDS }, (_, i) => org.charge(i)));
    const payouts = await Promise.all(Array.from({ length: 8 * ROUNDS }, (_, i) => org.payout(i)));
    const refunded = charges.filter((_, i) => i % 16 < 3);
    const failed = payouts.filter((_, i) => i % 8 >= 5);
    // Paid, some paid then refunded (two events of one transaction, to arrive in either order),
    // expired, left pending; payouts settled or failed.
    const expected = await simulate([
      ...charges.filter((_, i) => i % 16 < 10).map((tx): [string, string] => [tx, "cashin.confirmed"]),
      ...refunded.map((tx): [string, string] => [tx, "cashin.refunded"]),
      ...charges.filter((_, i) => i % 16 >= 10 && i % 16 < 13).map((tx): [string, string] => [tx, "cashin.expired"]),
      ...payouts.filter((_, i) => i % 8 < 5).map((tx): [string, string] => [tx, "cashout.confirmed"]),
      ...failed.map((tx): [string, string, string] => [tx, "cashout.failed", "PIX_KEY_NOT_FOUND"]),
    ]);
    await heldAtLeast(expected);
    const originals = [...tap.held];
    const keys = new Set(originals.map(keyOf));
    expect(keys.size).toBe(originals.length);

    // Each delivery one to three times, in a shuffled order, 12 at a time, to either instance.
    const storm = shuffled(originals.flatMap((d, i) => Array.from({ length: 1 + ((i * 7 + seed) % 3) }, () => d)), seed);
    console.log(`[storm] seed ${seed}: ${originals.length} events as ${storm.length} deliveries to 2 instances`);
    const answers: (number | null)[] = [];
    await pool(storm, 12, async (d, i) => void (answers[i] = await deliver(instances[(i * 5 + seed) % 2]!.port, d)));
    expect(answers.every((s) => s === 200)).toBe(true);

    await drained(org.t);
    const rows = await expectAppliedOnce(org.t, keys);
    expect(rows.length).toBe(storm.length);
    const mirror = await expectMirrorEqualsSandbox(org.t);
    // What only the event says (a failed payout's reason) reached the mirror too.
    for (const tx of failed) expect(mirror.find((m) => m.transactionId === tx)?.errorCode).toBe("PIX_KEY_NOT_FOUND");
    for (const tx of refunded) expect(mirror.find((m) => m.transactionId === tx)?.status).toBe("refunded");
  }, patient(300_000));

  it("an instance killed with SIGKILL in the middle of a burst: nothing it acknowledged is lost, nothing is applied twice", async () => {
    const org = await connected("burst");
    tap.held.length = 0;
    const charges = await Promise.all(Array.from({ length: 48 * ROUNDS }, (_, i) => org.charge(i)));
    const payouts = await Promise.all(Array.from({ length: 12 * ROUNDS }, (_, i) => org.payout(i)));
    const expected = await simulate([...charges.map((tx): [string, string] => [tx, "cashin.confirmed"]), ...payouts.map((tx): [string, string] => [tx, "cashout.confirmed"])]);
    await heldAtLeast(expected);
    const originals = [...tap.held];
    const keys = new Set(originals.map(keyOf));
    // Every event once, a quarter twice, shuffled; alternately to each instance.
    const burst = shuffled([...originals, ...originals.filter((_, i) => i % 4 === 0)], 7);
    const [victim, survivor] = instances as [Instance, Instance];
    let acknowledged = 0;
    let victimAcks = 0;
    let redelivered = 0;
    let killed = false;
    await pool(burst, 16, async (d, i) => {
      const first = i % 2 === 0 ? victim : survivor;
      let status = await deliver(first.port, d);
      if (status === 200 && first === victim && ++victimAcks === 12 && !killed) {
        // Halfway through its share: killed, with deliveries in flight and its worker mid-pass.
        killed = true;
        victim.child.kill("SIGKILL");
      }
      // No answer: not acknowledged, so the provider delivers it again (the balancer sends it to the survivor).
      while (status !== 200) {
        redelivered++;
        status = await deliver(survivor.port, d);
      }
      acknowledged++;
    });
    await victim.exited;
    expect(killed).toBe(true);
    expect(acknowledged).toBe(burst.length);
    console.log(`[burst] ${burst.length} deliveries of ${keys.size} events; victim acknowledged ${victimAcks} before SIGKILL, ${redelivered} delivered again to the survivor`);

    // The survivor's worker takes the victim's leased deliveries when their lease ends.
    await drained(org.t);
    const rows = await expectAppliedOnce(org.t, keys);
    // Every acknowledged delivery is stored (and a delivery the victim stored without answering too).
    expect(rows.length).toBeGreaterThanOrEqual(acknowledged);
    await expectMirrorEqualsSandbox(org.t);
    // The victim comes back (a supervisor's restart) and finds nothing left to do.
    instances[0] = await startInstance(env());
  }, patient(300_000));
});
