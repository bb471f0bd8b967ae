/**
 * Bulk payouts against a real sandbox over HTTP and a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): a 50-row CSV with 3 bad rows shows the 3 errors with their rows and
 * sends the 47 others once each; a runner killed mid-batch (SIGKILL, rows in flight) and started again
 * sends each row once; a row left "sending" goes again with the same body and the sandbox answers one
 * transaction; two runners racing share the batch by its lease; the approval policy holds the batch as
 * one (its requester cannot approve it, another admin can, a rejected one sends nothing); and a tiny
 * cash-out budget makes the runner wait, never fail rows.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { createKeyring } from "@/lib/security/sealing";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { generateAddress } from "@/lib/payments/crypto-address";
import { Money } from "@/lib/payments/money";
import { sendPayout, setApprovalPolicy } from "@/lib/payouts/service";
import { approveBatch, batchResultsCsv, bulkTemplate, createBatch, getBatch, listBatches, parseCsv, rejectBatch, runBatches, validateBulkCsv } from "@/lib/payouts/bulk";
import type { Translate } from "@/lib/i18n";
import { createScratchDatabase, DASHBOARD_MIGRATIONS, databaseTargets } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { patient } from "@/test/support/patience";

const root = path.resolve(__dirname, "../..");
const HEADER = "type,amount,pix_key_type,pix_key,clabe,name,coin,network,address,description";
const GOOD_CLABE = "002180001234567896";
const BAD_CLABE = "002180001234567890"; // wrong check digit
const BAD_ROWS = [7, 23, 42];

/** `n` rows cycling PIX, SPEI and crypto (USDT on Tron); rows 7, 23 and 42 are wrong. */
function csv(n = 50): string {
  const lines = [HEADER];
  for (let line = 1; line <= n; line++) {
    const k = line % 3;
    if (k === 1) lines.push(`pix,"10,${String(line).padStart(2, "0")}",cpf,${line === 7 ? "123.456.789-00" : "529.982.247-25"},,,,,,Row ${line}`);
    else if (k === 2) lines.push(`spei,${100 + line},,,${line === 23 ? BAD_CLABE : GOOD_CLABE},"López, María",,,,`);
    else lines.push(`crypto,${line === 42 ? 5 : "5.5"},,,,,USDT,tron,${line === 42 ? generateAddress("ethereum") : generateAddress("tron")},"Pay ""contractor"" ${line}"`);
  }
  return lines.join("\r\n") + "\r\n";
}

const t = ((key: string, vars?: Record<string, unknown>) => `${key}${vars ? JSON.stringify(vars) : ""}`) as unknown as Translate;
(t as unknown as { has: (k: string) => boolean }).has = () => false;

describe("bulk CSV", () => {
  it("parses RFC 4180: quotes, doubled quotes, line breaks inside quotes, CRLF, a BOM, semicolons", () => {
    expect(parseCsv('\uFEFFa,b\r\n"x,1","he said ""hi"""\n"multi\nline",\n')).toEqual({ ok: true, records: [["a", "b"], ["x,1", 'he said "hi"'], ["multi\nline", ""]] });
    expect(parseCsv('a,"b\n')).toEqual({ ok: false, error: "bulk.errors.unclosedQuote|line=1" });
    const semi = validateBulkCsv('type;amount;pix_key_type;pix_key\npix;12,50;cpf;529.982.247-25\n');
    expect(semi.ok && semi.rows[0]!.plan?.amount).toBe("12.5");
  });

  it("the template's rows are all valid", () => {
    const r = validateBulkCsv(bulkTemplate());
    expect(r.ok && r.rows.map((x) => x.errors)).toEqual([[], [], [], []]);
  });

  it("a 50-row CSV with 3 bad rows: 47 plans and the 3 errors on their rows and columns", () => {
    const r = validateBulkCsv(csv());
    if (!r.ok) throw new Error(r.error);
    expect(r.valid).toBe(47);
    expect(r.invalid).toBe(3);
    const bad = r.rows.filter((x) => x.errors.length);
    expect(bad.map((x) => x.line)).toEqual(BAD_ROWS);
    expect(bad.map((x) => x.errors)).toEqual([
      [{ column: "pix_key", message: "send.errors.pixKeyInvalid|type=cpf" }],
      [{ column: "clabe", message: "send.errors.clabeCheckDigit" }],
      [{ column: "address", message: expect.stringMatching(/^send\.errors\.addressOtherNetwork\|networks=.*Ethereum/) }],
    ]);
    // amounts exact, per currency: 17 PIX rows, 17 SPEI, 16 crypto, less one bad row of each
    const brl = r.rows.filter((x) => x.plan?.currency === "BRL");
    expect(brl).toHaveLength(16);
    expect(r.totals.BRL).toBe(brl.reduce((s, x) => s.plus(x.plan!.amount), new Money(0)).toFixed());
    expect(r.totals.USDT).toBe("82.5"); // 15 × 5.5
    expect(r.rows[1]!.plan!.recipient).toMatchObject({ clabe: GOOD_CLABE, name: "López, María" });
    expect(r.rows[2]!.plan!.description).toBe('Pay "contractor" 3');
  });

  it("refuses a file it cannot read, in words, without a row sent", () => {
    expect(validateBulkCsv("")).toEqual({ ok: false, error: "bulk.errors.empty" });
    expect(validateBulkCsv("type,amount,iban\n")).toEqual({ ok: false, error: "bulk.errors.unknownColumns|columns=iban" });
    expect(validateBulkCsv("amount\n1\n")).toEqual({ ok: false, error: "bulk.errors.missingColumns|columns=type" });
    expect(validateBulkCsv(HEADER + "\n")).toEqual({ ok: false, error: "bulk.errors.noRows" });
    expect(validateBulkCsv([HEADER, ...Array.from({ length: 1001 }, () => "pix,1,cpf,529.982.247-25")].join("\n"))).toMatchObject({ ok: false, error: "bulk.errors.tooManyRows|max=1000|count=1001" });
    const r = validateBulkCsv(`${HEADER}\nboleto,1\n,1\n`);
    expect(r.ok && r.rows.map((x) => x.errors[0]!.message)).toEqual(["bulk.errors.typeUnknown|type=boleto", "bulk.errors.typeRequired"]);
  });
});

for (const target of databaseTargets()) {
  describe(`bulk payouts [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    const db = () => h.opened.db;
    const deps = (c: ApiContext = ctx) => ({ db: db(), ctx: c, publicBaseUrl: receiver.url });

    async function connected(name: string, roles: schema.Role[] = ["admin", "admin"]) {
      const org = await createOrganization(db(), name, roles);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 10_000, MXN: 100_000, USDT: 10_000 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, { userId: org.members[1]?.userId ?? userId, address: null });
      await routeSandboxWebhooks(db(), h.control, org.organizationId, acct.credential.client_id, "http://127.0.0.1:9/nowhere");
      return { target: { organizationId: org.organizationId, environment: "sandbox" as const }, userId, members: org.members };
    }
    type Org = Awaited<ReturnType<typeof connected>>;

    /** How many transactions the sandbox holds under each external id of the batch. */
    async function atSandbox(c: Org, externalIds: string[]): Promise<number[]> {
      const out: number[] = [];
      for (const externalId of externalIds) out.push((await ctx.call(c.target, { userId: null }, (cl) => cl.transactions.list({ external_id: externalId }))).items.length);
      return out;
    }
    const rowsOf = async (batchId: string) => db().select().from(schema.payouts).where(eq(schema.payouts.batchId, batchId)).orderBy(schema.payouts.rowNumber);

    beforeAll(async () => {
      ({ h, ctx, receiver } = await openWebhookHarness(target));
    }, patient(120_000)); // a sandbox and a database of its own: once over 60 s on two loaded cores (CI)
    afterAll(() => closeWebhookHarness({ h, ctx, receiver }));

    it("sends the 47 good rows of a 50-row CSV once each and keeps the 3 bad ones out, with a results file", async () => {
      const c = await connected("Bulk org");
      const created = await createBatch(deps(), c.target, c.userId, { fileName: "march.csv", text: csv(), token: "upload-1" });
      expect(created).toMatchObject({ state: "queued", rows: 47, skipped: 3, replayed: false });
      // The same upload confirmed again (a double click) is the same batch.
      expect(await createBatch(deps(), c.target, c.userId, { fileName: "march.csv", text: csv(), token: "upload-1" })).toMatchObject({ id: created.id, replayed: true });

      const run = await runBatches(deps(), { owner: "runner-a" });
      expect(run.batches).toBe(1);
      const batch = (await getBatch(db(), c.target, created.id))!;
      expect(batch.rows.filter((r) => r.state !== "sent").map((r) => `${r.line}:${r.errorCode}`)).toEqual([]);
      expect(batch.state).toBe("done");
      expect(batch.counts).toMatchObject({ total: 47, sent: 47, failed: 0, queued: 0, sending: 0 });
      expect(batch.rows.every((r) => r.status === "pending" && r.transactionId)).toBe(true);
      expect(batch.rows.map((r) => r.externalId)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1)
          .filter((l) => !BAD_ROWS.includes(l))
          .map((l) => `${created.reference}-${l}`),
      );
      expect(await atSandbox(c, batch.rows.map((r) => r.externalId))).toEqual(Array(47).fill(1));
      expect(await atSandbox(c, BAD_ROWS.map((l) => `${created.reference}-${l}`))).toEqual([0, 0, 0]);
      // A second pass has nothing to do.
      expect(await runBatches(deps(), { owner: "runner-b" })).toEqual({ batches: 0, attempted: 0 });

      const results = batchResultsCsv(batch, t).trim().split("\r\n");
      expect(results[0]).toBe("row,external_id,state,transaction_id,status,amount,currency,fee,error");
      expect(results).toHaveLength(51);
      expect(results[7]).toMatch(/^7,,skipped,,,"10,07",,,pix_key: send\.errors\.pixKeyInvalid/);
      expect(results[1]).toMatch(new RegExp(`^1,${created.reference}-1,sent,[^,]+,pending,10.01,BRL,`));
      expect((await listBatches(db(), c.target))[0]).toMatchObject({ id: created.id, state: "done", skippedCount: 3, counts: { sent: 47 } });
    }, patient(120_000));

    it("a row left 'sending' (answer lost) goes again with the same body: one transaction at the sandbox", async () => {
      const c = await connected("Bulk lost answer org");
      const created = await createBatch(deps(), c.target, c.userId, { fileName: null, text: csv(6), token: "lost" });
      const [first] = await rowsOf(created.id);
      // The call went out and the API made the payout; the answer never came back (the connection dropped).
      const lossy = new ApiContext({
        db: db(),
        withLock: h.opened.withLock,
        keyring: h.keyring,
        client: { maxRetries: 0 },
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          if (String(input).endsWith("/v2/transactions/cashout")) throw new TypeError("fetch failed: socket hang up");
          return res;
        },
      });
      await expect(sendPayout(deps(lossy), c.target, c.userId, first!.id)).rejects.toMatchObject({ code: "CONNECTION_ERROR" });
      await lossy.flush();
      const [made] = await ctx.call(c.target, { userId: null }, (cl) => cl.transactions.list({ external_id: first!.externalId })).then((r) => r.items);
      expect((await rowsOf(created.id))[0]).toMatchObject({ state: "sending", transactionId: null });
      await db().update(schema.payoutBatches).set({ state: "sending", leaseOwner: "dead-runner", leaseUntil: new Date(Date.now() - 1000) }).where(eq(schema.payoutBatches.id, created.id));

      await runBatches(deps(), { owner: "runner-after-crash" });
      const rows = await rowsOf(created.id);
      expect(rows.map((r) => r.state)).toEqual(Array(6).fill("sent"));
      expect(rows[0]!.transactionId).toBe(made!.transaction_id);
      expect(rows[0]!.request).toEqual(first!.request);
      expect(await atSandbox(c, rows.map((r) => r.externalId))).toEqual(Array(6).fill(1));
    }, patient(60_000));

    it("a batch held by a live lease is left alone; two runners racing send each row once", async () => {
      const c = await connected("Bulk race org");
      const created = await createBatch(deps(), c.target, c.userId, { fileName: null, text: csv(30), token: "race" });
      await db().update(schema.payoutBatches).set({ leaseOwner: "someone", leaseUntil: new Date(Date.now() + 60_000) }).where(eq(schema.payoutBatches.id, created.id));
      expect(await runBatches(deps(), { owner: "runner-x" })).toEqual({ batches: 0, attempted: 0 });
      await db().update(schema.payoutBatches).set({ leaseOwner: null, leaseUntil: null }).where(eq(schema.payoutBatches.id, created.id));

      const [a, b] = await Promise.all([runBatches(deps(), { owner: "runner-1" }), runBatches(deps(), { owner: "runner-2" })]);
      expect(a.batches + b.batches).toBe(1);
      const rows = await rowsOf(created.id);
      expect(rows.every((r) => r.state === "sent")).toBe(true);
      expect(await atSandbox(c, rows.map((r) => r.externalId))).toEqual(Array(rows.length).fill(1));
    }, patient(60_000));

    it("the approval policy holds the batch as one: its requester cannot approve, another admin can; a rejected batch sends nothing", async () => {
      const c = await connected("Bulk approval org");
      const [requester, approver] = c.members.map((m) => m.userId) as [string, string];
      await setApprovalPolicy(db(), c.target.organizationId, approver, { mode: "above", thresholds: { BRL: "100" } });
      // Each PIX row is about 10 BRL, below the threshold; the batch's BRL total (17 rows) is above it.
      const held = await createBatch(deps(), c.target, requester, { fileName: "held.csv", text: csv(), token: "held" });
      expect(held.state).toBe("awaiting_approval");
      expect(await runBatches(deps(), { owner: "runner" })).toEqual({ batches: 0, attempted: 0 });
      expect((await rowsOf(held.id)).every((r) => r.state === "awaiting_approval")).toBe(true);

      await expect(approveBatch(db(), c.target, requester, held.id)).rejects.toMatchObject({ code: "OWN_REQUEST" });
      await approveBatch(db(), c.target, approver, held.id);
      await expect(approveBatch(db(), c.target, approver, held.id)).rejects.toMatchObject({ code: "ALREADY_DECIDED" });
      await runBatches(deps(), { owner: "runner" });
      const batch = (await getBatch(db(), c.target, held.id))!;
      expect(batch).toMatchObject({ state: "done", counts: { sent: 47 } });
      expect(await atSandbox(c, batch.rows.slice(0, 5).map((r) => r.externalId))).toEqual([1, 1, 1, 1, 1]);

      await setApprovalPolicy(db(), c.target.organizationId, approver, { mode: "all", thresholds: {} });
      const declined = await createBatch(deps(), c.target, requester, { fileName: "no.csv", text: csv(10), token: "declined" });
      await rejectBatch(db(), c.target, approver, declined.id, "wrong month");
      await runBatches(deps(), { owner: "runner" });
      const rejected = (await getBatch(db(), c.target, declined.id))!;
      expect(rejected).toMatchObject({ state: "rejected", rejectReason: "wrong month", counts: { rejected: 9, sent: 0 } });
      expect(await atSandbox(c, rejected.rows.map((r) => r.externalId))).toEqual(Array(9).fill(0));
      // Another organisation's member sees no such batch.
      const other = await connected("Other org", ["admin"]);
      expect(await getBatch(db(), other.target, held.id)).toBeNull();
      await expect(approveBatch(db(), other.target, other.userId, declined.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }, patient(120_000));

    it("with a tiny cash-out budget the runner waits for it and fails no row", async () => {
      const c = await connected("Bulk budget org");
      const tiny = new ApiContext({ db: db(), withLock: h.opened.withLock, keyring: h.keyring, limitOverrides: { cashout: 4 }, budgetWaitMs: 200 });
      const created = await createBatch(deps(), c.target, c.userId, { fileName: null, text: csv(10), token: "budget" });
      let waits = 0;
      const states: string[] = [];
      await runBatches(deps(tiny), {
        owner: "runner-budget",
        concurrency: 1,
        onRow: (r) => states.push(r.state),
        // The minute passes: the budget's window empties (its slots are counted per second in PostgreSQL).
        sleep: async () => {
          waits++;
          const sentSoFar = (await rowsOf(created.id)).filter((r) => r.state === "sent").length;
          expect(sentSoFar % 4).toBe(0); // never more than 4 in a window
          await db().execute(sql`delete from api_rate_slots where bucket like ${"%:cashout"}`);
        },
      });
      expect(waits).toBeGreaterThanOrEqual(2);
      expect(states).not.toContain("failed");
      expect(states.filter((s) => s === "waited").length).toBeGreaterThanOrEqual(2);
      const rows = await rowsOf(created.id);
      expect(rows.map((r) => r.state)).toEqual(Array(9).fill("sent"));
      expect(await atSandbox(c, rows.map((r) => r.externalId))).toEqual(Array(9).fill(1));
      await tiny.flush();
    }, patient(60_000));
  });

  describe(`a bulk runner killed mid-batch [${target.name}]`, () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const c of cleanup.reverse()) await c();
    });

    function runAndDie(env: Record<string, string>): Promise<{ killed: boolean; lines: string[] }> {
      return new Promise((resolve) => {
        const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "test/send/fixtures/bulk-runner.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.on("exit", (code, signal) => resolve({ killed: signal === "SIGKILL" || code === 137, lines: out.trim().split("\n").filter(Boolean) }));
      });
    }

    it("is started again and sends each of the 47 rows once", async () => {
      const h = await startHarness({ name: "pglite" });
      cleanup.push(() => h.dispose());
      const key = randomBytes(32).toString("base64");
      const keyring = createKeyring(key);
      let dbEnv: Record<string, string>;
      let open: () => Promise<OpenedDatabase<typeof schema>>;
      if (target.url) {
        const scratch = await createScratchDatabase(target.url, "dash_bulk_kill");
        cleanup.push(scratch.drop);
        dbEnv = { DB_URL: scratch.url };
        open = () => openDatabase({ url: scratch.url, schema, migrationsFolder: DASHBOARD_MIGRATIONS });
      } else {
        const dir = mkdtempSync(path.join(tmpdir(), "dash-bulk-kill-"));
        cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
        dbEnv = { DB_DIR: dir };
        open = () => openDatabase({ dataDir: dir, schema, migrationsFolder: DASHBOARD_MIGRATIONS });
      }

      let opened = await open();
      let ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring });
      const org = await createOrganization(opened.db, "Bulk kill org", ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount({ ...h, opened, keyring }, { activate: true, balances: { BRL: 10_000, MXN: 100_000, USDT: 10_000 } });
      const { id } = await registerSandboxCredential({ ...h, opened, keyring }, org.organizationId, userId, acct.credential);
      await activateCredential(opened.db, ctx, org.organizationId, id, { userId, address: null });
      const tgt = { organizationId: org.organizationId, environment: "sandbox" as const };
      const created = await createBatch({ db: opened.db }, tgt, userId, { fileName: "kill.csv", text: csv(), token: "kill" });
      await ctx.flush();
      await opened.close();

      // The runner dies after 15 answers, with up to 4 rows in flight.
      const died = await runAndDie({ ...dbEnv, KEY: key, OWNER: "runner-killed", PER_MINUTE: "6000", KILL_AFTER: "15" });
      expect(died.killed).toBe(true);
      expect(died.lines.length).toBeGreaterThanOrEqual(15);
      expect(died.lines).not.toContain("finished");

      opened = await open();
      ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring });
      const mid = await opened.db.select({ state: schema.payouts.state }).from(schema.payouts).where(eq(schema.payouts.batchId, created.id));
      const sentBefore = mid.filter((r) => r.state === "sent").length;
      expect(sentBefore).toBeGreaterThanOrEqual(15);
      expect(sentBefore).toBeLessThan(47);
      const [held] = await opened.db.select().from(schema.payoutBatches).where(eq(schema.payoutBatches.id, created.id));
      expect(held).toMatchObject({ state: "sending", leaseOwner: "runner-killed" });

      // Started again: the dead runner's lease lapses (here: its time is moved past), the new one resumes.
      const deps = { db: opened.db, ctx, publicBaseUrl: "http://127.0.0.1:9" };
      expect(await runBatches(deps, { owner: "runner-restarted" })).toEqual({ batches: 0, attempted: 0 });
      const run = await runBatches(deps, { owner: "runner-restarted", now: () => new Date(Date.now() + 16_000) });
      expect(run.batches).toBe(1);
      expect(run.attempted).toBe(47 - sentBefore);

      const rows = await opened.db.select().from(schema.payouts).where(and(eq(schema.payouts.batchId, created.id)));
      expect(rows.filter((r) => r.state === "sent")).toHaveLength(47);
      const counts: number[] = [];
      for (const r of rows) counts.push((await ctx.call(tgt, { userId: null }, (cl) => cl.transactions.list({ external_id: r.externalId }))).items.length);
      expect(counts).toEqual(Array(47).fill(1));
      const [done] = await opened.db.select().from(schema.payoutBatches).where(eq(schema.payoutBatches.id, created.id));
      expect(done).toMatchObject({ state: "done", leaseOwner: null });
      await ctx.flush();
      await opened.close();
    }, patient(180_000)); // a runner process started through tsx, killed, then the rest: once over 120 s on two loaded cores (CI)
  });
}
