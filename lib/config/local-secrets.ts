/**
 * Safe local defaults for a fresh checkout: `npm start` calls
 * `ensureLocalSecrets()` which creates `.data/secrets.json` (mode 0600) with
 * random values the first time and never overwrites an existing value.
 * Values already present in the environment win over the file.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const LOCAL_SECRET_NAMES = ["AUTH_SECRET", "CREDENTIALS_ENCRYPTION_KEY", "SANDBOX_ADMIN_TOKEN"] as const;
export type LocalSecrets = Record<(typeof LOCAL_SECRET_NAMES)[number], string>;

const generators: Record<keyof LocalSecrets, () => string> = {
  AUTH_SECRET: () => randomBytes(32).toString("base64url"),
  // AES-256-GCM key, 32 bytes, base64.
  CREDENTIALS_ENCRYPTION_KEY: () => randomBytes(32).toString("base64"),
  SANDBOX_ADMIN_TOKEN: () => randomBytes(24).toString("base64url"),
};

export function secretsFile(dataDir: string): string {
  return path.join(dataDir, "secrets.json");
}

export function ensureLocalSecrets(dataDir: string): { secrets: LocalSecrets; created: string[] } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The folder holds secrets and the embedded databases: its owner only (mkdir's mode applies only when it creates it).
  chmodSync(dataDir, 0o700);
  const file = secretsFile(dataDir);
  const existing: Partial<LocalSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const created: string[] = [];
  const secrets = { ...existing } as LocalSecrets;
  for (const name of LOCAL_SECRET_NAMES) {
    if (!secrets[name]) {
      secrets[name] = generators[name]();
      created.push(name);
    }
  }
  if (created.length > 0) {
    writeFileSync(file, JSON.stringify(secrets, null, 2) + "\n", { mode: 0o600 });
  }
  // writeFileSync's mode applies only on creation; make sure an older file is private too.
  chmodSync(file, 0o600);
  return { secrets, created };
}
