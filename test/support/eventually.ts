import { patient } from "./patience";

/**
 * Waiting in tests for what something else brings about (a webhook delivered, a worker's pass, a
 * LISTEN connection back): poll, never a fixed sleep.
 */

/**
 * Polls `probe` until `ok` accepts its value and returns that value; after `limitMs` (stretched by
 * TEST_PATIENCE: test/support/patience.ts) fails naming `what` and the last value seen. The interval
 * is short: a probe is a query or a read of memory, and each interval saved is saved on every wait of
 * the run.
 */
export async function eventually<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, limitMs = 10_000, what = "condition", intervalMs = 20): Promise<T> {
  const timeoutMs = patient(limitMs);
  const end = Date.now() + timeoutMs;
  let last = await probe();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
    last = await probe();
  }
  return last;
}
