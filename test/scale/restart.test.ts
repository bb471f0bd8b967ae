/**
 * PostgreSQL restarted mid-run (issue "Scale out"): a server of the test's own (test/support/
 * pg-server.ts) is stopped and started again while two instances (each its pool, API context, events
 * worker and intake; one also a live hub) create payouts. Nothing is reopened or restarted on the
 * dashboard's side. Afterwards each payout exists once at the sandbox; a webhook the sandbox sent
 * while the database was down was refused (not acknowledged) and applied when the sandbox retried;
 * every settlement's webhook is applied once; the live hub hears new events again.
 *
 * Runs wherever PostgreSQL's server binaries are installed (CI and development machines: Debian's
 * postgresql package); it needs no running server, since it starts its own.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { createKeyring } from "@/lib/security/sealing";
import { receiveWebhook } from "@/lib/events/intake";
import { EventsWorker } from "@/lib/events/events-worker";
import { LiveHub, publish } from "@/lib/events/live";
import { payoutFormSchema, toPayoutPlan } from "@/lib/payouts/form";
import { requestPayout } from "@/lib/payouts/service";
import { SandboxControl } from "@/lib/sandbox-control/client";
import { createSandbox, type RunningSandbox } from "@/sandbox/server";
import { untilDone } from "../support/member-retry";
import { DASHBOARD_MIGRATIONS } from "../support/databases";
import { postgresBinaries, startOwnPostgres, type OwnPostgres } from "../support/pg-server";
import { createOrganization, registerSandboxCredential, SANDBOX_ADMIN, sandboxAccount, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";
import { patient } from "@/test/support/patience";

type Instance = { opened: OpenedDatabase<typeof schema>; ctx: ApiContext; worker: EventsWorker };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


const bin = postgresBinaries();
describe.skipIf(!bin)("PostgreSQL restarted mid-run (a server of the test's own; needs PostgreSQL's binaries)", () => {
  let pg: OwnPostgres;
  let sandbox: RunningSandbox;
  let h: Harness;
  const instances: Instance[] = [];
  let receiver: http.Server;
  let receiverUrl: string;
  /** The intake's answers, in order. */
  const answers: number[] = [];

  beforeAll(async () => {
    pg = await startOwnPostgres(bin!);
    sandbox = await createSandbox({ port: 0, host: "127.0.0.1", adminToken: SANDBOX_ADMIN, tickMs: 0 });
    const keyring = createKeyring(randomBytes(32).toString("base64"));
    for (let i = 0; i < 2; i++) {
      const opened = await openDatabase({ url: pg.url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 8 });
      const ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring });
      instances.push({ opened, ctx, worker: new EventsWorker({ db: opened.db, ctx }).start() });
    }
    h = { opened: instances[0]!.opened, keyring, sandbox, control: new SandboxControl(sandbox.url, SANDBOX_ADMIN), databaseUrl: pg.url, dispose: async () => undefined };
    // The intake of both instances behind one address, in turn (as a load balancer would); a
    // delivery the database cannot store is answered 503, as the route handler's error answer.
    let turn = 0;
    receiver = http.createServer(async (req, res) => {
      const inst = instances[turn++ % instances.length]!;
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
      let status = 503;
      try {
        const a = await receiveWebhook(inst.opened.db, { token: req.url!.split("/").pop()!, address: "127.0.0.1", headers, body: Buffer.concat(chunks).toString() }, ["127.0.0.1"]);
        status = a.status;
        if (status === 200) inst.worker.kick();
      } catch {
        /* not stored: not acknowledged */
      }
      answers.push(status);
      res.writeHead(status, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  }, patient(60_000));

  afterAll(async () => {
    for (const i of instances) await i.worker.stop();
    for (const i of instances) await i.ctx.flush();
    await new Promise((r) => receiver?.close(r));
    await sandbox?.close();
    for (const i of instances) await i.opened.close();
    pg?.dispose();
  });

  it("stopped and started again while payouts are created from two instances: each once, webhooks applied (one sent during the outage, on the retry), live updates resume", async () => {
    const db = instances[0]!.opened.db;
    const org = await createOrganization(db, "Restart org", ["admin"]);
    const userId = org.members[0]!.userId;
    const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 10_000 } });
    const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
    await activateCredential(db, instances[0]!.ctx, org.organizationId, id, { userId, address: null });
    const t = { organizationId: org.organizationId, environment: "sandbox" as const };
    let heard = 0;
    const hub = new LiveHub(instances[1]!.opened);
    await hub.subscribe(org.organizationId, () => heard++);

    const refs = Array.from({ length: 16 }, (_, i) => `restart-po-${i}`);
    const payout = (i: number) => {
      const inst = instances[i % 2]!;
      const plan = toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount: `${4 + i}.25`, externalId: refs[i], keyType: "cpf", pixKey: "52998224725" }));
      return untilDone(() => requestPayout({ db: inst.opened.db, ctx: inst.ctx, publicBaseUrl: receiverUrl }, t, userId, plan), 60, 150);
    };
    const txOf = async (ref: string) => {
      const { items } = await instances[0]!.ctx.call(t, { userId: null }, (c) => c.transactions.list({ external_id: ref }));
      return items;
    };
    // Before: four payouts, the first settled (its webhook applied).
    for (let i = 0; i < 4; i++) await payout(i);
    const first = (await txOf(refs[0]!))[0]!.transaction_id;
    await h.control.simulate(first, { event: "cashout.confirmed" });

    // The outage, while twelve more payouts are being created from both instances.
    const duringOutage = (await txOf(refs[1]!))[0]!.transaction_id;
    const outage = (async () => {
      await sleep(150);
      await pg.stop();
      // A settlement while the database is down: its webhook cannot be stored, so it is refused.
      await h.control.simulate(duringOutage, { event: "cashout.confirmed" });
      for (const deadline = Date.now() + 5_000; !answers.includes(503) && Date.now() < deadline; ) await sleep(50);
      await sleep(1_000);
      await pg.start();
    })();
    await Promise.all([outage, ...refs.slice(4).map((_, i) => payout(i + 4))]);
    expect(answers).toContain(503);

    // Each payout exactly once at the sandbox.
    const ids: string[] = [];
    for (const ref of refs) {
      const items = await txOf(ref);
      expect(items, ref).toHaveLength(1);
      ids.push(items[0]!.transaction_id);
    }
    // The refused webhook comes again on the sandbox's retry (a minute later on its clock); the rest
    // are settled now. Both instances' intake and workers are the ones from before the outage.
    const heardBefore = heard;
    await h.control.advanceClock(61);
    for (const tx of ids.slice(2)) await h.control.simulate(tx, { event: "cashout.confirmed" });
    await publish(instances[0]!.opened.db, org.organizationId, "sandbox", "balance", { reason: "after restart" });
    const i = schema.webhookInbox;
    const x = schema.transactions;
    const progress = async () => {
      const confirmed = await db.select({ id: x.transactionId }).from(x).where(and(eq(x.organizationId, org.organizationId), eq(x.status, "confirmed")));
      const [open] = await db.select({ n: sql<number>`count(*)::int` }).from(i).where(and(eq(i.organizationId, org.organizationId), eq(i.outcome, "received")));
      return { confirmed: confirmed.length, unprocessed: Number(open!.n) };
    };
    await eventually(progress, (p) => p.confirmed === refs.length && p.unprocessed === 0, 60_000, `all ${refs.length} payouts confirmed after the restart`, 100);
    // Each settlement applied once: the first, the one refused during the outage (on its retry), the rest.
    const rows = await db.select({ key: i.dedupeKey, outcome: i.outcome }).from(i).where(eq(i.organizationId, org.organizationId));
    const applied = rows.filter((r) => r.outcome === "applied").map((r) => r.key).sort();
    expect(applied).toEqual([first, duringOutage, ...ids.slice(2)].map((tx) => `cashout.confirmed:${tx}`).sort());
    expect(rows.filter((r) => r.outcome !== "applied" && r.outcome !== "duplicate")).toEqual([]);
    // The live hub's LISTEN connection came back by itself.
    await eventually(() => heard, (n) => n > heardBefore, 10_000, "a live update after the restart");
    expect(heard).toBeGreaterThan(heardBefore);
    // Both pools answer, without having been reopened.
    for (const inst of instances) expect((await inst.opened.db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, org.organizationId))).length).toBe(refs.length);
  }, patient(180_000));
});
