/**
 * How long a test may wait, on a machine busy with something else.
 *
 * `npm test` runs vitest beside the type check and the lint (scripts/test.sh): a test there can wait
 * a little for a core, so its time limits (nets against a hang, not claims about the product's speed)
 * are multiplied by TEST_PATIENCE (scripts/test.sh sets 2); alone, vitest keeps them as written (1).
 * What a test asserts about time (a backoff's delays, an order of events) is unchanged.
 */
export const PATIENCE = Math.max(1, Number(process.env.TEST_PATIENCE) || 1);

/** `ms`, stretched by TEST_PATIENCE: for a test's or hook's time limit and for a wait on something else. */
export function patient(ms: number): number {
  return ms * PATIENCE;
}
