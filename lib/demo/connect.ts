/**
 * Connects the demo organisation to the sandbox on the embedded default (`npm start`): creates the
 * demo's history in the sandbox (history.ts) and registers its credential in the dashboard, sealed
 * and active, as the dashboard itself (the audit log says so). Runs once: an organisation that
 * already has a working sandbox credential is left alone. No Next.js imports.
 */
import { and, eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { recordAudit, SYSTEM_ACTOR } from "@/lib/audit/audit";
import { registerCredential } from "@/lib/credentials/service";
import { PaymentApiClient, InMemoryTokenStore, isPaymentApiError } from "@/lib/payment-api";
import { open, secretAad, type Keyring } from "@/lib/security/sealing";
import type { Db } from "@/lib/db/scope";
import { seedDemoHistory } from "./history";

export const DEMO_CREDENTIAL_NAME = "Demo sandbox";

type Log = (message: string) => void;

/** The demo organisation's active sandbox credential, and whether the sandbox still knows it. */
async function demoCredentialWorks(db: Db, keyring: Keyring, organizationId: string): Promise<"none" | "works" | "unknown_to_sandbox"> {
  const c = schema.apiCredentials;
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, organizationId), eq(c.environment, "sandbox"), eq(c.status, "active")))
    .limit(1);
  if (!row || !row.clientSecretCiphertext) return "none";
  try {
    const client = new PaymentApiClient({
      baseUrl: row.baseUrl,
      clientId: row.clientId,
      clientSecret: open(keyring, row.clientSecretCiphertext, secretAad(row.id, "client_secret")),
      tokenStore: new InMemoryTokenStore(),
      maxRetries: 0,
    });
    await client.account.balance();
    return "works";
  } catch (e) {
    // A sandbox whose data was deleted no longer knows the account: start the demo over.
    if (isPaymentApiError(e) && e.code === "INVALID_CREDENTIALS") return "unknown_to_sandbox";
    return "works"; // anything else (sandbox busy, key changed) is for the pages to explain, not a reason to reseed
  }
}

export async function connectDemo(
  db: Db,
  keyring: Keyring,
  opts: { organizationId: string; sandboxUrl: string; adminToken: string; log: Log },
): Promise<"connected" | "already"> {
  const state = await demoCredentialWorks(db, keyring, opts.organizationId);
  if (state === "works") return "already";
  if (state === "unknown_to_sandbox") {
    opts.log("the sandbox no longer knows the demo's account (its data was reset): creating it again");
    const c = schema.apiCredentials;
    await db
      .update(c)
      .set({ status: "revoked", revokedAt: new Date(), clientSecretCiphertext: null, signingKeyCiphertext: null })
      .where(and(eq(c.organizationId, opts.organizationId), eq(c.environment, "sandbox"), eq(c.status, "active")));
  }
  const history = await seedDemoHistory({ sandboxUrl: opts.sandboxUrl, adminToken: opts.adminToken, log: opts.log });
  const { id } = await registerCredential(db, keyring, opts.organizationId, SYSTEM_ACTOR, {
    name: DEMO_CREDENTIAL_NAME,
    environment: "sandbox",
    baseUrl: opts.sandboxUrl,
    clientId: history.credential.client_id,
    clientSecret: history.credential.client_secret,
    signingKey: history.credential.signing_key,
    sandboxUsername: history.username,
  });
  await db.transaction(async (tx) => {
    await tx.update(schema.apiCredentials).set({ status: "active", activatedAt: new Date() }).where(eq(schema.apiCredentials.id, id));
    await recordAudit(tx, {
      organizationId: opts.organizationId,
      actor: SYSTEM_ACTOR,
      action: "credential.activated",
      target: id,
      details: { name: DEMO_CREDENTIAL_NAME, environment: "sandbox", demo: true },
    });
  });
  return "connected";
}
