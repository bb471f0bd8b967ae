"use server";
/**
 * API credentials, admins only (`credentials.manage`): register (pending), test, activate, revoke,
 * create a sandbox account. Each action checks its own permission (protectedAction) and passes the
 * organisation explicitly: a credential id from another organisation is simply not found. Every
 * change asks the admin to confirm it is them (`reauth`), and a credential may only point where the
 * dashboard is configured to send secrets (lib/credentials/base-url-policy.ts), checked before
 * anything is stored or sent.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { protectedAction } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import { apiContext } from "@/lib/api-context";
import { keyring } from "@/lib/security/keyring";
import { getDb } from "@/lib/db";
import { configuredSandboxUrl, env, publicBaseUrl, sandboxUrl } from "@/lib/env";
import { baseUrlPolicy, baseUrlRefusal } from "@/lib/credentials/base-url-policy";
import { recordAudit } from "@/lib/audit/audit";
import { activateCredential, credentialBaseUrl, registerCredential, revokeCredential, testCredential, type CredentialCheck } from "@/lib/credentials/service";
import { credentialFormSchema } from "@/lib/credentials/form-schema";
import { generateCnpj } from "@/lib/payments";
import { SandboxControl, SandboxControlError } from "@/lib/sandbox-control/client";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";

const idSchema = z.object({ id: z.uuid() });

/** Refuses a base URL the dashboard must not send a secret to (field `baseUrl`). */
async function checkBaseUrl(baseUrl: string): Promise<void> {
  const e = env();
  const problem = await baseUrlRefusal(baseUrl, baseUrlPolicy(e, configuredSandboxUrl(e)));
  if (problem) throw new Refusal("BASE_URL_REFUSED", problem, { allowed: baseUrlPolicy(e, configuredSandboxUrl(e)).allowed.join(", ") }, "baseUrl");
}

/** A stored credential's base URL is checked again before its secret goes anywhere (it may predate the rule). */
async function checkStoredBaseUrl(organizationId: string, id: string): Promise<void> {
  const baseUrl = await credentialBaseUrl(await getDb(), organizationId, id);
  if (baseUrl === null) throw new Refusal("NOT_FOUND", "credentials.errors.notFound");
  await checkBaseUrl(baseUrl);
}

export const registerCredentialAction = protectedAction(
  "credentials.manage",
  credentialFormSchema,
  async (input, { access, actor }) => {
    await checkBaseUrl(input.baseUrl);
    return registerCredential(await getDb(), keyring(), access.organizationId, actor, input);
  },
  { reauth: true },
);

export const testCredentialAction = protectedAction("credentials.manage", idSchema, async ({ id }, { access, actor }): Promise<CredentialCheck> => {
  await checkStoredBaseUrl(access.organizationId, id);
  return testCredential(await getDb(), await apiContext(), access.organizationId, id, actor);
});

export const activateCredentialAction = protectedAction(
  "credentials.manage",
  idSchema,
  async ({ id }, { access, actor }) => {
    await checkStoredBaseUrl(access.organizationId, id);
    return activateCredential(await getDb(), await apiContext(), access.organizationId, id, actor);
  },
  { reauth: true },
);

export const revokeCredentialAction = protectedAction(
  "credentials.manage",
  idSchema,
  async ({ id }, { access, actor }) => {
    await revokeCredential(await getDb(), await apiContext(), access.organizationId, id, actor);
    return { id };
  },
  { reauth: true },
);

/**
 * "Sandbox in one click": a sandbox account with opening balances and its credential, created and
 * activated at the sandbox through its control API; in the dashboard it arrives pending, like any
 * other credential, for an admin to activate.
 */
export const createSandboxCredentialAction = protectedAction(
  "credentials.manage",
  z.object({}),
  async (_input, { access, actor }) => {
  const url = sandboxUrl();
  if (!url) throw new Refusal("SANDBOX_UNAVAILABLE", "credentials.errors.sandboxUnavailable");
  const control = new SandboxControl(url, env().SANDBOX_ADMIN_TOKEN!);
  const username = `org-${access.organizationId.slice(0, 8)}-${randomBytes(3).toString("hex")}`;
  let created;
  try {
    created = await control.createAccount({
      username,
      name: access.organizationName,
      document: generateCnpj(),
      balances: { BRL: 10_000, MXN: 50_000, USDT: 1_000, BTC: "0.05" },
    });
    await control.activate(created.credential.client_id);
  } catch (e) {
    if (e instanceof SandboxControlError) throw new Refusal("SANDBOX_UNAVAILABLE", "credentials.errors.sandboxUnavailable");
    throw e;
  }
  const db = await getDb();
  // Its webhooks come to this organisation's intake (the credential's default postback URL).
  await routeSandboxWebhooks(db, control, access.organizationId, created.credential.client_id, publicBaseUrl()).catch((e: Error) =>
    console.error(`[credentials] the sandbox credential's webhook URL could not be set: ${e.message}`),
  );
  const { id } = await registerCredential(db, keyring(), access.organizationId, actor, {
    name: `Sandbox ${username}`,
    environment: "sandbox",
    baseUrl: url,
    clientId: created.credential.client_id,
    clientSecret: created.credential.client_secret,
    signingKey: created.credential.signing_key,
    sandboxUsername: username,
  });
  await recordAudit(db, { organizationId: access.organizationId, actor, action: "credential.sandbox_created", target: id, details: { username } });
  return { id, username };
  },
  { reauth: true },
);
