import "server-only";
/**
 * The events machinery of this process, started once (instrumentation.ts at boot; the intake route
 * also makes sure): the webhook worker, the live hub, and the sync loop. State lives on globalThis,
 * because Next bundles route handlers and instrumentation separately.
 */
import { getDatabase } from "@/lib/db";
import { inBackground } from "@/lib/db/driver";
import { env, publicBaseUrl } from "@/lib/env";
import { apiContext } from "@/lib/api-context";
import { EventsWorker } from "./events-worker";
import { LiveHub, publish, purgeLiveEvents } from "./live";
import { connectedTargets, syncIfDue, syncSchedule } from "./sync";
import { checkBalances } from "./balances";
import { purgeRefusedDeliveries } from "./intake";
import { purgeSessions } from "@/lib/auth/sessions";
import { purgeThrottle } from "@/lib/auth/throttle";
import { purgeInvitations } from "@/lib/team/invitations";
import { recordCrossedThresholds, syncInfractions } from "@/lib/infractions/mirror";
import { NotificationWorker } from "@/lib/notifications/worker";
import { purgeNotifications } from "@/lib/notifications/outbox";
import { outsideRequest } from "@/lib/observability/context";
import { log } from "@/lib/observability/log";

type Runtime = { worker: EventsWorker; hub: LiveHub; notifier: NotificationWorker; stop(): Promise<void> };
const g = globalThis as unknown as { __eventsRuntime?: Promise<Runtime> };

export function eventsRuntime(): Promise<Runtime> {
  // Started at boot (instrumentation.ts), or by the first request that needs it: either way its
  // timers belong to no request.
  g.__eventsRuntime ??= outsideRequest(async () => {
    const opened = await getDatabase();
    const ctx = await apiContext();
    const e = env();
    const l = log("events");
    const worker = new EventsWorker({ db: opened.db, ctx }).start();
    const hub = new LiveHub(opened);
    // Notifications: what is new (MED deadlines on the provider's clock, approvals, failures…) into
    // the outbox, and the outbox's mail out, on every instance (lib/notifications).
    const notifier = new NotificationWorker({
      opened,
      mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, baseUrl: publicBaseUrl(e) },
      providerNow: (target) => ctx.providerNow(target),
    }).start();
    const reconcile = { webhookGraceMs: e.RECONCILE_WEBHOOK_GRACE_SECONDS * 1000 };
    let syncing = false;
    let stopped = false;
    let purgedAt = 0;
    // Infractions: the API's list at most once a minute per organisation (its budget is 60/min),
    // and the deadline thresholds crossed since the last tick, announced live.
    const infractionSyncAt = new Map<string, number>();
    const schedule = syncSchedule(e.SYNC_INTERVAL_SECONDS);
    // Half a tick short, as for the transactions (syncSchedule): once a minute, not every 75 s.
    const infractionEvery = Math.max(60_000, e.SYNC_INTERVAL_SECONDS * 1000) - schedule.tickMs / 2;
    const syncTick = async () => {
      if (syncing) return;
      syncing = true;
      try {
        for (const target of await connectedTargets(opened.db)) {
          if (stopped) break;
          const synced = await syncIfDue({ db: opened.db, ctx, withLock: opened.withLock }, target, schedule.dueAfterMs, { reconcile }).catch((err: Error) => {
            l.error({ organizationId: target.organizationId, environment: target.environment, err }, "sync failed");
            return null;
          });
          const key = `${target.organizationId}:${target.environment}`;
          if (Date.now() - (infractionSyncAt.get(key) ?? 0) >= infractionEvery) {
            await syncInfractions({ db: opened.db, ctx }, target, { budgetWaitMs: 2_000 }).then(
              () => infractionSyncAt.set(key, Date.now()),
              (err: Error) => l.error({ organizationId: target.organizationId, environment: target.environment, err }, "infraction sync failed"),
            );
          }
          // With both mirrors fresh (MED losses move balances too): do they explain how the balances moved?
          if (synced && infractionSyncAt.has(key)) {
            await checkBalances({ db: opened.db, ctx }, target).catch((err: Error) =>
              l.error({ organizationId: target.organizationId, environment: target.environment, err }, "balance check failed"),
            );
          }
          // Deadlines are the API's: judged on its clock (the offset its answers showed).
          const crossed = await recordCrossedThresholds(opened.db, target, await ctx.providerNow(target)).catch(() => []);
          for (const a of crossed) await publish(opened.db, target.organizationId, target.environment, "infraction", { infractionId: a.infractionId, threshold: a.threshold });
        }
        if (Date.now() - purgedAt > 3_600_000) {
          await purgeLiveEvents(opened.db);
          await purgeSessions(opened.db);
          await purgeThrottle(opened.db);
          await purgeInvitations(opened.db);
          await purgeRefusedDeliveries(opened.db);
          await purgeNotifications(opened.db);
          purgedAt = Date.now();
        }
      } finally {
        syncing = false;
      }
    };
    let ticking: Promise<void> | null = null;
    const tick = () => {
      ticking ??= inBackground(syncTick).finally(() => (ticking = null));
    };
    const timer = setInterval(tick, schedule.tickMs);
    timer.unref();
    tick();
    return {
      worker,
      hub,
      notifier,
      /** No new sync; the one running ends; the workers finish or hand back what they hold. */
      async stop() {
        stopped = true;
        clearInterval(timer);
        await Promise.all([worker.stop(), notifier.stop(), ticking]);
      },
    };
  });
  g.__eventsRuntime.catch(() => (g.__eventsRuntime = undefined));
  return g.__eventsRuntime;
}
