/**
 * Random sources for the generators (`generateCpf`, `generateClabe`,
 * `generateAddress`, ...). An `Rng` returns a float in [0, 1), like
 * `Math.random`, so callers can pass `Math.random`, a seeded generator for
 * reproducible sandbox data, or nothing (the default is the platform CSPRNG,
 * `globalThis.crypto.getRandomValues`, present in browsers and Node ≥ 19).
 */
export type Rng = () => number;

/** Uniform float in [0, 1) from the platform CSPRNG (53 random bits). */
export const cryptoRng: Rng = () => {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  // 21 high bits of one word and 32 of the other give a 53-bit mantissa.
  return ((words[0]! >>> 11) * 2 ** 32 + words[1]!) / 2 ** 53;
};

/**
 * Deterministic generator (mulberry32) for tests and reproducible sandbox
 * fixtures. Not for anything secret.
 */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [0, n). */
export function randomInt(rng: Rng, n: number): number {
  return Math.min(n - 1, Math.floor(rng() * n));
}

/** Element of a non-empty array. */
export function randomPick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[randomInt(rng, items.length)];
  if (item === undefined) throw new RangeError("randomPick needs a non-empty array");
  return item;
}

/** String of `length` decimal digits (leading zeros allowed). */
export function randomDigits(rng: Rng, length: number): string {
  let s = "";
  for (let i = 0; i < length; i++) s += String(randomInt(rng, 10));
  return s;
}

export function randomBytes(rng: Rng, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = randomInt(rng, 256);
  return out;
}
