import "server-only";
/**
 * The bulk payout runner of this process (started by instrumentation.ts, stopped with it): every
 * second it takes the batches that are queued, or sending with a lapsed lease (their runner died),
 * and sends their rows (lib/payouts/bulk/runner.ts). Several instances may run it: a batch is held by one
 * lease at a time. `kickBulkRunner()` starts a pass at once (after an upload or an approval).
 *
 * BULK_CASHOUT_PER_MINUTE (default the spec's 6,000) paces the runner and sizes its share of the
 * cash-out budget.
 */
import { randomBytes } from "node:crypto";
import { getDatabase } from "@/lib/db";
import { inBackground } from "@/lib/db/driver";
import { env, publicBaseUrl } from "@/lib/env";
import { apiContext } from "@/lib/api-context";
import { keyring } from "@/lib/security/keyring";
import { ApiContext } from "@/lib/api-context/context";
import { runBatches } from "./bulk";
import { outsideRequest } from "@/lib/observability/context";
import { log } from "@/lib/observability/log";

type BulkRuntime = { owner: string; kick(): void; stop(): Promise<void> };
const g = globalThis as unknown as { __bulkRuntime?: Promise<BulkRuntime> };

const TICK_MS = 1_000;

export function bulkRuntime(): Promise<BulkRuntime> {
  // Its passes belong to no request, even when an upload's request is what started it.
  g.__bulkRuntime ??= outsideRequest(async () => {
    const opened = await getDatabase();
    const perMinute = env().BULK_CASHOUT_PER_MINUTE;
    const ctx = perMinute < 6_000 ? new ApiContext({ db: opened.db, withLock: opened.withLock, keyring: keyring(), limitOverrides: { cashout: perMinute } }) : await apiContext();
    const owner = `bulk-${process.pid}-${randomBytes(4).toString("hex")}`;
    const abort = new AbortController();
    let running: Promise<void> | null = null;
    let again = false;
    const pass = () => {
      if (abort.signal.aborted) return;
      if (running) {
        again = true;
        return;
      }
      running = outsideRequest(async () => {
        do {
          again = false;
          await inBackground(() => runBatches({ db: opened.db, ctx, publicBaseUrl: publicBaseUrl() }, { owner, perMinute, signal: abort.signal })).catch((err: Error) =>
            log("bulk").error({ err }, "bulk runner pass failed"),
          );
        } while (again && !abort.signal.aborted);
      }).finally(() => (running = null));
    };
    const timer = setInterval(pass, TICK_MS);
    timer.unref();
    pass();
    return {
      owner,
      kick: pass,
      /** No new pass; the one running stops sending and hands its batch's lease back (runner.ts). */
      async stop() {
        clearInterval(timer);
        abort.abort();
        await running;
      },
    };
  });
  g.__bulkRuntime.catch(() => (g.__bulkRuntime = undefined));
  return g.__bulkRuntime;
}

/** Starts a pass now (an upload or an approval just queued a batch); the runner starts if it has not. */
export function kickBulkRunner(): void {
  void bulkRuntime().then(
    (r) => r.kick(),
    (err: Error) => log("bulk").error({ err }, "bulk runner could not start"),
  );
}
