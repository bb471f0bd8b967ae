/** A charge's time left, for the server (is it over as the page renders?) and the browser (the countdown) alike. */

/** Seconds left until `expiresAt` on the provider's clock (`clockOffsetMs` ahead of ours); null before mounting. */
export function secondsLeft(expiresAt: string, now: number | null, clockOffsetMs = 0): number | null {
  if (now === null) return null;
  return Math.max(0, Math.floor((Date.parse(expiresAt) - (now + clockOffsetMs)) / 1000));
}
