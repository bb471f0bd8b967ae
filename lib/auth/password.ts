/**
 * Password hashing with scrypt (node:crypto), stored as
 * `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>` so parameters can be raised without breaking existing
 * hashes: a hash made with weaker ones is redone at the next successful sign-in (`needsRehash`).
 *
 * Parameters: OWASP's Password Storage Cheat Sheet, scrypt, "N=2^17 (128 MiB), r=8, p=1" (its
 * minimum). About 0.7 s of one core per hash on the development machines; sign-in attempts reach
 * it only through the throttle (lib/auth/throttle.ts).
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

export const OWASP_SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

/**
 * The parameters new hashes get: OWASP's, except under vitest (which sets VITEST), where
 * TEST_SCRYPT_N (vitest.config.ts) may lower N so that the suite's hundreds of members and sign-ins
 * do not each cost 0.7 s. Outside vitest TEST_SCRYPT_N is ignored. Stored hashes name their own
 * parameters, so any of them still verifies.
 */
export function scryptParams(env: Record<string, string | undefined> = process.env): { N: number; r: number; p: number } {
  if (!env.VITEST || !env.TEST_SCRYPT_N) return OWASP_SCRYPT_PARAMS;
  const N = Number(env.TEST_SCRYPT_N);
  // scrypt needs a power of two above 1
  if (!Number.isInteger(N) || N < 2 || (N & (N - 1)) !== 0) throw new Error(`TEST_SCRYPT_N must be a power of two above 1, not ${env.TEST_SCRYPT_N}`);
  return { ...OWASP_SCRYPT_PARAMS, N };
}

export const SCRYPT_PARAMS = scryptParams();
const KEYLEN = 64;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize("NFKC"), salt, keylen, { ...opts, maxmem: 256 * opts.N! * opts.r! + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const hash = await scrypt(password, salt, KEYLEN, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), hash.toString("base64")].join("$");
}

function parse(stored: string) {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  return { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(saltB64, "base64"), hash: Buffer.from(hashB64, "base64") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h) return false;
  const actual = await scrypt(password, h.salt, h.hash.length, { N: h.N, r: h.r, p: h.p });
  return actual.length === h.hash.length && timingSafeEqual(actual, h.hash);
}

/** Whether a stored hash was made with weaker parameters than today's (redone at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const h = parse(stored);
  return !h || h.N < SCRYPT_PARAMS.N || h.r < SCRYPT_PARAMS.r || h.p < SCRYPT_PARAMS.p;
}

/**
 * A hash of a random password, verified against when the e-mail is unknown so
 * that an unknown account takes as long to refuse as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
