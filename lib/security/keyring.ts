import "server-only";
/**
 * The process's keyring: the keys that seal and open stored secrets (lib/security/sealing.ts), made
 * once from the validated configuration (CREDENTIALS_ENCRYPTION_KEY and its previous keys).
 */
import { env } from "@/lib/env";
import { createKeyring, type Keyring } from "./sealing";

const globalForKeys = globalThis as unknown as { __keyring?: Keyring };

export function keyring(): Keyring {
  const e = env();
  globalForKeys.__keyring ??= createKeyring(e.CREDENTIALS_ENCRYPTION_KEY, e.CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS);
  return globalForKeys.__keyring;
}
