/**
 * Encryption at rest of Payment API secrets (client secret, signing key, access tokens):
 * AES-256-GCM with a random 96-bit IV per value, and the row and field as additional data, so a
 * ciphertext copied into another row or column does not decrypt.
 *
 * Each ciphertext names the key that sealed it (`v1.<key id>.<iv>.<tag>.<data>`, base64url parts;
 * the key id is the first 8 bytes of the key's SHA-256, which identifies it without revealing it).
 * That is what makes rotation possible: a new `CREDENTIALS_ENCRYPTION_KEY` seals new values while
 * the old one, listed in `CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS`, still opens what it sealed, until
 * `npm run credentials:reencrypt` has re-sealed everything with the new key.
 *
 * No Next.js imports: used by the start script and the tests as well.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

export type Keyring = {
  /** seals new values */
  current: { id: string; key: Buffer };
  /** every key that may open a value, the current one included, by id */
  byId: ReadonlyMap<string, Buffer>;
};

/** Why a value could not be opened, in terms an operator can act on; never the value itself. */
export class CredentialDecryptError extends Error {
  constructor(
    readonly reason: "unknown_key" | "tampered" | "malformed",
    readonly keyId?: string,
  ) {
    super(
      reason === "unknown_key"
        ? `sealed with encryption key ${keyId}, which is not configured (CREDENTIALS_ENCRYPTION_KEY / CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS)`
        : reason === "tampered"
          ? "the ciphertext does not open with its key (changed, or moved from another row)"
          : "not a ciphertext of this format",
    );
    this.name = "CredentialDecryptError";
  }
}

export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

function decodeKey(b64: string, name: string): Buffer {
  const key = Buffer.from(b64.trim(), "base64");
  if (key.length !== 32) throw new Error(`${name}: an encryption key must be 32 bytes, base64-encoded`);
  return key;
}

/** The keyring from the current key and any previous ones (comma-separated base64). */
export function createKeyring(currentB64: string, previousB64 = ""): Keyring {
  const current = decodeKey(currentB64, "CREDENTIALS_ENCRYPTION_KEY");
  const byId = new Map<string, Buffer>([[keyIdOf(current), current]]);
  for (const part of previousB64.split(",").map((s) => s.trim()).filter(Boolean)) {
    const key = decodeKey(part, "CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS");
    byId.set(keyIdOf(key), key);
  }
  return { current: { id: keyIdOf(current), key: current }, byId };
}

const b64u = (b: Buffer) => b.toString("base64url");

/** `aad` binds the value to where it is stored, e.g. `api_credentials:<id>:client_secret`. */
export function seal(keyring: Keyring, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyring.current.key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", keyring.current.id, b64u(iv), b64u(cipher.getAuthTag()), b64u(data)].join(".");
}

export function open(keyring: Keyring, ciphertext: string, aad: string): string {
  const parts = ciphertext.split(".");
  if (parts.length !== 5 || parts[0] !== "v1") throw new CredentialDecryptError("malformed");
  const [, keyId, iv, tag, data] = parts as [string, string, string, string, string];
  const key = keyring.byId.get(keyId);
  if (!key) throw new CredentialDecryptError("unknown_key", keyId);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new CredentialDecryptError("tampered", keyId);
  }
}

/** The key id a ciphertext names (to find values still sealed with an old key). */
export function sealedWith(ciphertext: string): string | null {
  const parts = ciphertext.split(".");
  return parts.length === 5 && parts[0] === "v1" ? parts[1]! : null;
}

/** The last characters of a secret, shown masked ("••••a1b2"); at most a quarter of it, never more than 4. */
export function hintOf(secret: string): string {
  const n = Math.min(4, Math.floor(secret.length / 4));
  return n > 0 ? secret.slice(-n) : "";
}

/** Where a sealed secret lives: the additional data its AES-GCM tag covers (below). */
export const secretAad = (credentialId: string, field: "client_secret" | "signing_key") => `api_credentials:${credentialId}:${field}`;
