/**
 * A dashboard killed with SIGKILL after it answered 200 for a webhook and before it processed it:
 * after the restart, the stored delivery is processed (PGlite with its data folder, the embedded
 * default; and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { endpointFor } from "@/lib/events/intake";
import { processDue } from "@/lib/events/worker";
import { createScratchDatabase, DASHBOARD_MIGRATIONS, databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness } from "../support/connect";
import { patient } from "@/test/support/patience";

const root = path.resolve(__dirname, "../..");

function storeAndDie(env: Record<string, string>): Promise<{ killed: boolean; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "test/events/fixtures/store-and-die.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    // tsx runs the script in a child of its own and exits with 128 + 9 when that child is killed.
    child.on("exit", (code, signal) => resolve({ killed: signal === "SIGKILL" || code === 137, out }));
  });
}

for (const target of databaseTargets()) {
  describe(`a dashboard killed between storing and processing a webhook [${target.name}]`, () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const c of cleanup.reverse()) await c();
    });

    it("processes the stored delivery after the restart", async () => {
      // The sandbox from the harness; the dashboard's database of our own (a folder, or a scratch PostgreSQL).
      const h = await startHarness({ name: "pglite" });
      cleanup.push(() => h.dispose());
      let dbEnv: Record<string, string>;
      let open: () => Promise<OpenedDatabase<typeof schema>>;
      if (target.url) {
        const scratch = await createScratchDatabase(target.url, "dash_kill");
        cleanup.push(scratch.drop);
        dbEnv = { DB_URL: scratch.url };
        open = () => openDatabase({ url: scratch.url, schema, migrationsFolder: DASHBOARD_MIGRATIONS });
      } else {
        const dir = mkdtempSync(path.join(tmpdir(), "dash-kill-"));
        cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
        dbEnv = { DB_DIR: dir };
        open = () => openDatabase({ dataDir: dir, schema, migrationsFolder: DASHBOARD_MIGRATIONS });
      }

      // Before: an organisation connected to the sandbox, with a charge that is then paid.
      let opened = await open();
      let ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring: h.keyring });
      const org = await createOrganization(opened.db, "Org kill", ["admin"]);
      const actor = { userId: org.members[0]!.userId, address: null };
      const acct = await sandboxAccount({ ...h, opened }, { activate: true });
      const { id } = await registerSandboxCredential({ ...h, opened }, org.organizationId, actor.userId, acct.credential);
      await activateCredential(opened.db, ctx, org.organizationId, id, actor);
      const target2 = { organizationId: org.organizationId, environment: "sandbox" as const };
      const charge = await ctx.call(target2, { userId: null }, (c) => c.cashin.create({ amount: 50, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } }));
      await h.control.simulate(charge.transaction_id, { event: "cashin.confirmed" });
      const { token } = await endpointFor(opened.db, org.organizationId, "sandbox");
      await ctx.flush();
      await opened.close();

      // The process that receives the webhook answers 200 and dies before processing it.
      const body = JSON.stringify({ event: "cashin.confirmed", transaction_id: charge.transaction_id, status: "confirmed", amount: 50, currency: "BRL" });
      const died = await storeAndDie({ ...dbEnv, TOKEN: token, BODY: body });
      expect(died.killed).toBe(true);
      expect(JSON.parse(died.out.trim())).toMatchObject({ status: 200 });

      // Restart: the delivery is there, unprocessed, and the worker processes it.
      opened = await open();
      ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring: h.keyring });
      const before = await opened.db.select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, org.organizationId));
      expect(before.map((r) => r.outcome)).toEqual(["received"]);
      expect(await processDue({ db: opened.db, ctx })).toBe(1);
      const [after] = await opened.db.select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, org.organizationId));
      expect(after!.outcome).toBe("applied");
      const [tx] = await opened.db.select().from(schema.transactions).where(eq(schema.transactions.transactionId, charge.transaction_id));
      expect(tx).toMatchObject({ status: "confirmed", webhookEvent: "cashin.confirmed" });
      await ctx.flush();
      await opened.close();
    }, patient(90_000));
  });
}
