/**
 * Bulk payouts: rows per second the bulk runner sends against the sandbox (its own process, PGlite),
 * through the organisation's API context (shared rate budget, HMAC, request log, the mirror written
 * and a live event per row), from the dashboard's database (PGlite in memory; PostgreSQL as well when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Each round uploads a batch of 300 PIX rows and
 * times the runner from its first claim to the batch being done; the figure is the median of 3
 * rounds, each with a fresh credential (the sandbox counts 6,000/min per credential).
 *
 * The bound: the spec's cash-out limit, 6,000/min, is 100 rows/s; the runner paces itself to it
 * (BULK_CASHOUT_PER_MINUTE). A second row measures the runner with the pacing lifted (what this
 * machine could do were the limit higher), to show whether the limit or the machine is the bound.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import path from "node:path";
import { SandboxControl } from "../lib/sandbox-control/client";
import { openDatabase } from "../lib/db/driver";
import * as schema from "../lib/db/schema";
import { ApiContext } from "../lib/api-context/context";
import { createKeyring } from "../lib/security/sealing";
import { registerCredential } from "../lib/credentials/service";
import { createBatch, runBatches } from "../lib/payouts/bulk";
import { median } from "./stats";
import { benchPostgresUrl, freshPostgresDatabase } from "./support/pg";
import { startSandbox } from "./support/sandbox";
import type { Benchmark, BenchRow } from "./types";

const ROWS = 300;
const ROUNDS = 3;
const SPEC_PER_MINUTE = 6_000;
const BOUND = SPEC_PER_MINUTE / 60;

function csv(n: number): string {
  const lines = ["type,amount,pix_key_type,pix_key,description"];
  for (let i = 1; i <= n; i++) lines.push(`pix,${(1 + (i % 50) / 100).toFixed(2)},cpf,529.982.247-25,Bench row ${i}`);
  return lines.join("\n");
}

async function run(): Promise<BenchRow[]> {
  const admin = randomBytes(16).toString("hex");
  const sandbox = await startSandbox(admin);
  const control = new SandboxControl(sandbox.url, admin);
  const rows: BenchRow[] = [];
  try {
    const pgUrl = benchPostgresUrl();
    for (const backend of pgUrl ? ["pglite", "postgres"] : ["pglite"]) {
      const fresh = backend === "postgres" ? await freshPostgresDatabase(pgUrl!, "bench_bulk") : undefined;
      const opened = await openDatabase({ url: fresh?.url, schema, migrationsFolder: path.resolve("lib/db/migrations") });
      try {
        const keyring = createKeyring(randomBytes(32).toString("base64"));
        for (const mode of ["paced", "unpaced"] as const) {
          const perMinute = mode === "paced" ? SPEC_PER_MINUTE : 600_000;
          const samples: number[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            const [org] = await opened.db.insert(schema.organizations).values({ name: `Bench ${backend} ${mode} ${round}` }).returning();
            const account = await control.createAccount({ username: `bench_bulk_${randomBytes(4).toString("hex")}`, balances: { BRL: 1_000_000 } });
            await control.activate(account.credential.client_id);
            const cred = account.credential;
            const { id } = await registerCredential(opened.db, keyring, org!.id, { userId: null, address: null }, {
              name: "Bench",
              environment: "sandbox",
              baseUrl: sandbox.url,
              clientId: cred.client_id,
              clientSecret: cred.client_secret,
              signingKey: cred.signing_key,
            });
            await opened.db.update(schema.apiCredentials).set({ status: "active" }).where(eq(schema.apiCredentials.id, id));
            const ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring, limitOverrides: mode === "paced" ? {} : { cashout: perMinute } });
            const target = { organizationId: org!.id, environment: "sandbox" as const };
            const deps = { db: opened.db, ctx, publicBaseUrl: "http://127.0.0.1:9" };
            // Warm the token (not part of sending a batch).
            await ctx.call(target, { userId: null }, (c) => c.account.balance());
            await createBatch(deps, target, null, { fileName: "bench.csv", text: csv(ROWS) });
            const t0 = performance.now();
            let sent = 0;
            await runBatches(deps, { owner: `bench-${round}`, perMinute, concurrency: 8, onRow: (r) => void (r.state === "sent" && sent++) });
            const seconds = (performance.now() - t0) / 1000;
            if (sent !== ROWS) throw new Error(`sent ${sent} of ${ROWS}`);
            samples.push(ROWS / seconds);
            await ctx.flush();
          }
          rows.push(
            mode === "paced"
              ? {
                  metric: `[${backend}] bulk payouts sent, paced to the cash-out limit`,
                  value: median(samples),
                  unit: "rows/s",
                  ratio: { value: median(samples) / BOUND, against: `the bound of ${BOUND} rows/s (6,000/min)` },
                  note: `${ROUNDS} batches of ${ROWS} PIX rows, 8 in flight; rounds ${samples.map((s) => s.toFixed(1)).join(", ")}`,
                }
              : {
                  metric: `[${backend}] bulk payouts sent, pacing lifted (machine bound)`,
                  value: median(samples),
                  unit: "rows/s",
                  ratio: { value: median(samples) / BOUND, against: `the cash-out bound of ${BOUND} rows/s` },
                  note: `rounds ${samples.map((s) => s.toFixed(1)).join(", ")}`,
                },
          );
        }
      } finally {
        await opened.close();
        await fresh?.drop();
      }
    }
    rows.push({ metric: "bound from the cash-out rate limit (6,000/min)", value: BOUND, unit: "rows/s" });
  } finally {
    await sandbox.stop();
  }
  return rows;
}

const bench: Benchmark = { name: "Bulk payouts", budgetSeconds: 240, run };
export default bench;
