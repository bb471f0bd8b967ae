/**
 * The access token of a credential, kept in PostgreSQL (sealed like the secrets) so that every
 * dashboard instance uses the same one, and renewed by one instance at a time: the client's
 * TokenManager re-reads the store inside `withLock` before fetching, so instances that waited for the
 * lock find the token the first one stored (lib/payment-api/core/token.ts).
 *
 * A copy is kept in this process while it is usable, so an ordinary call costs no read; the database
 * is read when the copy runs out, which is also when another instance's newer token is picked up.
 */
import { eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { CredentialDecryptError, open, seal, type Keyring } from "@/lib/security/sealing";
import type { StoredToken, TokenStore } from "@/lib/payment-api";
import type { WithLock } from "./types";
import type { Db } from "@/lib/db/scope";

export const tokenAad = (credentialId: string) => `api_tokens:${credentialId}:access_token`;

export class PgTokenStore implements TokenStore {
  #memo: StoredToken | null = null;

  constructor(
    private readonly db: Db,
    private readonly lock: WithLock,
    private readonly keyring: Keyring,
    readonly credentialId: string,
    private readonly now: () => number,
  ) {}

  async get(): Promise<StoredToken | null> {
    // Half a minute of margin on top of the client's own: the memo is only a shortcut.
    if (this.#memo && this.#memo.expiresAt - 90_000 > this.now()) return this.#memo;
    const [row] = await this.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.credentialId, this.credentialId)).limit(1);
    if (!row) return (this.#memo = null);
    try {
      const accessToken = open(this.keyring, row.tokenCiphertext, tokenAad(this.credentialId));
      this.#memo = { accessToken, expiresAt: row.expiresAt.getTime(), issuedAt: row.issuedAt.getTime() };
      return this.#memo;
    } catch (e) {
      // Sealed with a key no longer configured: fetch a new token rather than fail the call.
      if (e instanceof CredentialDecryptError) return (this.#memo = null);
      throw e;
    }
  }

  async set(_key: string, token: StoredToken): Promise<void> {
    const values = {
      credentialId: this.credentialId,
      tokenCiphertext: seal(this.keyring, token.accessToken, tokenAad(this.credentialId)),
      issuedAt: new Date(token.issuedAt ?? this.now()),
      expiresAt: new Date(token.expiresAt),
    };
    await this.db
      .insert(schema.apiTokens)
      .values(values)
      .onConflictDoUpdate({ target: schema.apiTokens.credentialId, set: { tokenCiphertext: values.tokenCiphertext, issuedAt: values.issuedAt, expiresAt: values.expiresAt } });
    this.#memo = token;
  }

  withLock<T>(_key: string, fn: () => Promise<T>): Promise<T> {
    return this.lock(`api-token:${this.credentialId}`, async () => {
      this.#memo = null; // inside the lock, read what the other instances stored
      return fn();
    });
  }

  /** Forget the token everywhere (revocation, rotation). */
  async clear(): Promise<void> {
    this.#memo = null;
    await this.db.delete(schema.apiTokens).where(eq(schema.apiTokens.credentialId, this.credentialId));
  }
}
