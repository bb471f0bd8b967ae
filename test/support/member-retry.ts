/**
 * What a member does when the page says it failed: the same form again, a little later, up to
 * `tries` times (the fault tests, where the API or the database fail on purpose).
 */
export async function untilDone<T>(attempt: () => Promise<T>, tries = 40, pauseMs = 100): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      return await attempt();
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, pauseMs + Math.random() * pauseMs * 2));
    }
  }
  throw last;
}
