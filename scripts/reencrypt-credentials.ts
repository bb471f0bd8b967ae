/**
 * `npm run credentials:reencrypt`: re-seals every stored API credential with the current
 * CREDENTIALS_ENCRYPTION_KEY (see lib/credentials/reencrypt.ts and the README's "Rotating the
 * encryption key"). Reads the same configuration as `npm start`.
 */
import path from "node:path";
import { ensureLocalSecrets } from "../lib/config/local-secrets";
import { parseEnv } from "../lib/config/env-schema";
import { openDatabase } from "../lib/db/driver";
import * as schema from "../lib/db/schema";
import { createKeyring, CredentialDecryptError } from "../lib/security/sealing";
import { reencryptCredentials } from "../lib/credentials/reencrypt";

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  const { secrets } = ensureLocalSecrets(dataDir);
  const env = parseEnv({ ...secrets, ...process.env, DATA_DIR: dataDir });
  const opened = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(dataDir, "db"),
    schema,
    migrationsFolder: path.resolve(__dirname, "../lib/db/migrations"),
    lockKey: 7_300_101,
  });
  try {
    const keyring = createKeyring(env.CREDENTIALS_ENCRYPTION_KEY, env.CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS);
    const r = await reencryptCredentials(opened.db, keyring);
    console.log(`re-sealed ${r.credentials} credential(s) with key ${keyring.current.id}; ${r.alreadyCurrent} already current; ${r.tokensDropped} access token(s) dropped (fetched again on the next call)`);
    console.log("The previous keys can now be removed from CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS.");
  } catch (e) {
    if (e instanceof CredentialDecryptError) {
      console.error(`A stored credential cannot be opened with the current or previous keys (${e.message}). Put the key that sealed it in CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS and run again.`);
      process.exitCode = 1;
    } else throw e;
  } finally {
    await opened.close();
  }
}

void main();
