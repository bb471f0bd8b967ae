import "server-only";
/**
 * The events machinery of this process, started once (instrumentation.ts at boot; the intake route
 * also makes sure): the webhook worker, the live hub, and the sync loop. State lives on globalThis,
 * because Next bundles route handlers and instrumentation separately.
 */
import { getDatabase } from "@/lib/db";
import { env } from "@/lib/env";
import { apiContext } from "@/lib/api-context";
import { EventsWorker } from "./worker";
import { LiveHub, purgeLiveEvents } from "./live";
import { connectedTargets, syncIfDue } from "./sync";

type Runtime = { worker: EventsWorker; hub: LiveHub; stop(): Promise<void> };
const g = globalThis as unknown as { __eventsRuntime?: Promise<Runtime> };

export function eventsRuntime(): Promise<Runtime> {
  g.__eventsRuntime ??= (async () => {
    const opened = await getDatabase();
    const ctx = await apiContext();
    const e = env();
    const worker = new EventsWorker({ db: opened.db, ctx }).start();
    const hub = new LiveHub(opened);
    const reconcile = { webhookGraceMs: e.RECONCILE_WEBHOOK_GRACE_SECONDS * 1000 };
    let syncing = false;
    let purgedAt = 0;
    const syncTick = async () => {
      if (syncing) return;
      syncing = true;
      try {
        for (const target of await connectedTargets(opened.db)) {
          await syncIfDue({ db: opened.db, ctx, withLock: opened.withLock }, target, e.SYNC_INTERVAL_SECONDS * 1000, { reconcile }).catch((err: Error) =>
            console.error(`[events] sync of ${target.organizationId}/${target.environment} failed: ${err.message}`),
          );
        }
        if (Date.now() - purgedAt > 3_600_000) {
          await purgeLiveEvents(opened.db);
          purgedAt = Date.now();
        }
      } finally {
        syncing = false;
      }
    };
    const timer = setInterval(() => void syncTick(), Math.min(15_000, e.SYNC_INTERVAL_SECONDS * 1000));
    timer.unref();
    void syncTick();
    return {
      worker,
      hub,
      async stop() {
        clearInterval(timer);
        await worker.stop();
      },
    };
  })();
  g.__eventsRuntime.catch(() => (g.__eventsRuntime = undefined));
  return g.__eventsRuntime;
}
