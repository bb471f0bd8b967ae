/**
 * The sync loop syncs each connected organisation every SYNC_INTERVAL_SECONDS (lib/events/sync.ts
 * `syncSchedule`): its timer ticks, a tick syncs what is due, and a sync's time is taken when it
 * ends. Simulated tick by tick, with syncs that take a while and timers that fire a few ms late: the
 * gaps between syncs are the interval, not the interval and a tick (a 5 s interval once synced every
 * 10 s, and 60 s every 75 s).
 */
import { expect, it } from "vitest";
import { syncSchedule } from "@/lib/events/sync";

/** The gaps between the syncs of one target over `ticks` ticks; a sync ends `takesMs(n)` after its tick. */
function gapsBetweenSyncs(intervalSeconds: number, takesMs: (n: number) => number, ticks = 100): number[] {
  const { tickMs, dueAfterMs } = syncSchedule(intervalSeconds);
  let lastSyncAt: number | null = null;
  const starts: number[] = [];
  for (let k = 0; k < ticks; k++) {
    const now = k * tickMs + (k % 4) * 3;
    if (lastSyncAt === null || now - lastSyncAt >= dueAfterMs) {
      starts.push(now);
      lastSyncAt = now + takesMs(starts.length);
    }
  }
  return starts.slice(1).map((t, i) => t - starts[i]!);
}

it("syncs every interval, not every interval and a tick", () => {
  for (const seconds of [5, 15, 60, 300]) {
    const gaps = gapsBetweenSyncs(seconds, (n) => 150 + ((n * 397) % 900));
    expect(gaps.length).toBeGreaterThan(2);
    for (const gap of gaps) expect(Math.abs(gap - seconds * 1000)).toBeLessThan(50);
  }
});

it("ticks at most every 15 s, and never later than the interval", () => {
  expect(syncSchedule(5).tickMs).toBe(5_000);
  expect(syncSchedule(60).tickMs).toBe(15_000);
  expect(syncSchedule(300).tickMs).toBe(15_000);
});
