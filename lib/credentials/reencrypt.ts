/**
 * Key rotation, second half: after CREDENTIALS_ENCRYPTION_KEY changed (the old key moved to
 * CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS), re-seal every stored secret with the current key, so the
 * old key can then be dropped. Access tokens are not re-sealed but deleted: the next call fetches a
 * new one. Each credential is updated in its own statement, guarded by its old ciphertext, so a
 * concurrent change is never overwritten.
 */
import { and, eq, isNotNull, or } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Database } from "@/lib/db/driver";
import { open, seal, sealedWith, secretAad, type Keyring } from "@/lib/security/sealing";

export type ReencryptReport = { credentials: number; alreadyCurrent: number; tokensDropped: number };

export async function reencryptCredentials(db: Database<typeof schema>, keyring: Keyring): Promise<ReencryptReport> {
  const c = schema.apiCredentials;
  const rows = await db
    .select({ id: c.id, secret: c.clientSecretCiphertext, signing: c.signingKeyCiphertext })
    .from(c)
    .where(or(isNotNull(c.clientSecretCiphertext), isNotNull(c.signingKeyCiphertext)));
  const report: ReencryptReport = { credentials: 0, alreadyCurrent: 0, tokensDropped: 0 };
  const stale = (v: string | null) => v !== null && sealedWith(v) !== keyring.current.id;
  for (const row of rows) {
    if (!stale(row.secret) && !stale(row.signing)) {
      report.alreadyCurrent++;
      continue;
    }
    // open() throws CredentialDecryptError when no key in the ring opens it: stop and say so.
    const reseal = (v: string | null, field: "client_secret" | "signing_key") => (v === null ? null : seal(keyring, open(keyring, v, secretAad(row.id, field)), secretAad(row.id, field)));
    const guard = and(
      eq(c.id, row.id),
      row.secret === null ? undefined : eq(c.clientSecretCiphertext, row.secret),
      row.signing === null ? undefined : eq(c.signingKeyCiphertext, row.signing),
    );
    const updated = await db
      .update(c)
      .set({ clientSecretCiphertext: reseal(row.secret, "client_secret"), signingKeyCiphertext: reseal(row.signing, "signing_key") })
      .where(guard)
      .returning({ id: c.id });
    if (updated.length) report.credentials++;
  }
  const tokens = await db.select({ id: schema.apiTokens.credentialId, ct: schema.apiTokens.tokenCiphertext }).from(schema.apiTokens);
  for (const t of tokens) {
    if (sealedWith(t.ct) === keyring.current.id) continue;
    await db.delete(schema.apiTokens).where(and(eq(schema.apiTokens.credentialId, t.id), eq(schema.apiTokens.tokenCiphertext, t.ct)));
    report.tokensDropped++;
  }
  return report;
}
