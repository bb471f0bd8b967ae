/**
 * Payment API credentials of an organisation (Settings → API credentials): register, test,
 * activate (rotation), revoke. Spec "Authentication": a credential is created, then activated by an
 * administrator; the dashboard mirrors that: what a member registers is pending until an admin of
 * the organisation activates it, and when the organisation has two or more admins the one who
 * registered it cannot also activate it (four eyes).
 *
 * Functions take the organisation explicitly and return plain DTOs: secrets go in, only their last
 * characters come out. Callers (server actions) have authorised the member's role; the rules that
 * depend on who the member is (four eyes) are checked here. No Next.js imports.
 */
import type { MessageKey } from "@/lib/i18n/translate";
import { Refusal } from "@/lib/refusal";
import { describeCode } from "@/lib/api-context/describe";
import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import * as schema from "@/lib/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/audit";
import { adminCount } from "@/lib/organizations/setup";
import { hintOf, seal, secretAad, type Keyring } from "@/lib/security/sealing";
import type { ApiContext } from "@/lib/api-context/context";
import type { Db } from "@/lib/db/scope";

export type CredentialCheck = {
  ok: boolean;
  /** the API's error code, or the dashboard's (NO_ACTIVE_CREDENTIAL, CREDENTIAL_UNREADABLE, ...) */
  code?: string;
  status?: number;
  requestId?: string | null;
  /** seconds to wait, when the answer said (rate limit, blocked address) */
  retryAfterSeconds?: number;
  /** ISO 8601 */
  at: string;
};

export type CredentialDto = {
  id: string;
  name: string;
  environment: schema.ApiEnvironment;
  baseUrl: string;
  clientId: string;
  /** the last characters only, e.g. "a1b2" (shown as ••••a1b2) */
  clientSecretHint: string;
  signingKeyHint: string | null;
  status: schema.CredentialStatus;
  sandboxUsername: string | null;
  createdAt: string;
  createdBy: { id: string; name: string } | null;
  activatedAt: string | null;
  activatedBy: { id: string; name: string } | null;
  retiredAt: string | null;
  revokedAt: string | null;
  lastCheck: CredentialCheck | null;
};

export type NewCredential = {
  name: string;
  environment: schema.ApiEnvironment;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  signingKey?: string | null;
  sandboxUsername?: string | null;
};

export type CredentialRefusal = "NOT_FOUND" | "NOT_ACTIVATABLE" | "SELF_ACTIVATION" | "CONNECTION_FAILED" | "ALREADY_REVOKED" | "DUPLICATE";

const CREDENTIAL_WORDS = {
  NOT_FOUND: "credentials.errors.notFound",
  NOT_ACTIVATABLE: "credentials.errors.notActivatable",
  SELF_ACTIVATION: "credentials.errors.selfActivation",
  ALREADY_REVOKED: "credentials.errors.alreadyRevoked",
  DUPLICATE: "credentials.errors.duplicate",
} as const satisfies Record<Exclude<CredentialRefusal, "CONNECTION_FAILED">, MessageKey>;

/** CONNECTION_FAILED is answered with what the connection test heard from the API. */
export class CredentialChangeRefused extends Refusal<CredentialRefusal> {
  constructor(
    code: CredentialRefusal,
    /** for CONNECTION_FAILED: what the test said */
    readonly check?: CredentialCheck,
  ) {
    const heard = code === "CONNECTION_FAILED" ? describeCode(check?.code ?? "UNEXPECTED", { retryAfterSeconds: check?.retryAfterSeconds ?? null, requestId: check?.requestId ?? null }) : null;
    super(code, heard ? heard.key : CREDENTIAL_WORDS[code as keyof typeof CREDENTIAL_WORDS], heard?.vars, code === "DUPLICATE" ? "clientId" : undefined);
    if (heard?.requestId) this.requestId = heard.requestId;
  }
}

const c = schema.apiCredentials;

export async function listCredentials(db: Db, organizationId: string): Promise<CredentialDto[]> {
  const creator = alias(schema.users, "creator");
  const activator = alias(schema.users, "activator");
  const rows = await db
    .select({ row: c, creatorName: creator.name, activatorName: activator.name })
    .from(c)
    .leftJoin(creator, eq(creator.id, c.createdBy))
    .leftJoin(activator, eq(activator.id, c.activatedBy))
    .where(eq(c.organizationId, organizationId))
    .orderBy(sql`case ${c.status} when 'active' then 0 when 'pending' then 1 when 'retired' then 2 else 3 end`, desc(c.createdAt));
  return rows.map(({ row, creatorName, activatorName }) => ({
    id: row.id,
    name: row.name,
    environment: row.environment,
    baseUrl: row.baseUrl,
    clientId: row.clientId,
    clientSecretHint: row.clientSecretHint,
    signingKeyHint: row.signingKeyHint,
    status: row.status,
    sandboxUsername: row.sandboxUsername,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy && creatorName ? { id: row.createdBy, name: creatorName } : null,
    activatedAt: row.activatedAt?.toISOString() ?? null,
    activatedBy: row.activatedBy && activatorName ? { id: row.activatedBy, name: activatorName } : null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastCheck: (row.lastCheck as CredentialCheck | null) ?? null,
  }));
}

/** Which environments have an active credential (the shell's switch, the pages' choice). */
/** A credential's base URL, or null when `organizationId` has no credential `credentialId`. */
export async function credentialBaseUrl(db: Db, organizationId: string, credentialId: string): Promise<string | null> {
  const c = schema.apiCredentials;
  const [row] = await db
    .select({ baseUrl: c.baseUrl })
    .from(c)
    .where(and(eq(c.id, credentialId), eq(c.organizationId, organizationId)))
    .limit(1);
  return row?.baseUrl ?? null;
}

export async function activeEnvironments(db: Db, organizationId: string): Promise<schema.ApiEnvironment[]> {
  const rows = await db
    .select({ environment: c.environment })
    .from(c)
    .where(and(eq(c.organizationId, organizationId), eq(c.status, "active")));
  return rows.map((r) => r.environment);
}

/** Stores a new credential, pending; the secrets are sealed before they touch the database. */
export async function registerCredential(db: Db, keyring: Keyring, organizationId: string, actor: Actor, input: NewCredential): Promise<{ id: string }> {
  const id = randomUUID();
  const signingKey = input.signingKey?.trim() ? input.signingKey.trim() : null;
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.organizationId, organizationId), eq(c.baseUrl, input.baseUrl), eq(c.clientId, input.clientId), ne(c.status, "revoked")))
      .limit(1);
    if (dup) throw new CredentialChangeRefused("DUPLICATE");
    await tx.insert(c).values({
      id,
      organizationId,
      name: input.name,
      environment: input.environment,
      baseUrl: input.baseUrl,
      clientId: input.clientId,
      clientSecretCiphertext: seal(keyring, input.clientSecret, secretAad(id, "client_secret")),
      clientSecretHint: hintOf(input.clientSecret),
      signingKeyCiphertext: signingKey ? seal(keyring, signingKey, secretAad(id, "signing_key")) : null,
      signingKeyHint: signingKey ? hintOf(signingKey) : null,
      status: "pending",
      sandboxUsername: input.sandboxUsername ?? null,
      createdBy: actor.userId,
    });
    await recordAudit(tx, {
      organizationId,
      actor,
      action: "credential.registered",
      target: id,
      details: { name: input.name, environment: input.environment, base_url: input.baseUrl, client_id: input.clientId, signed: !!signingKey },
    });
    return { id };
  });
}

/** Turns whatever the probe threw into a check the page can put in words. */
export function checkFromError(e: unknown, at: Date): CredentialCheck {
  const err = e as { code?: unknown; status?: unknown; requestId?: unknown; details?: Record<string, unknown> | null; rateLimit?: { retryAfter?: number | null } | null };
  const retry = Number(err.details?.["retry_after_seconds"] ?? err.rateLimit?.retryAfter ?? NaN);
  return {
    ok: false,
    code: typeof err.code === "string" ? err.code : "UNEXPECTED",
    status: typeof err.status === "number" ? err.status : undefined,
    requestId: typeof err.requestId === "string" ? err.requestId : null,
    retryAfterSeconds: Number.isFinite(retry) ? retry : undefined,
    at: at.toISOString(),
  };
}

/** "Test connection": a new token and a balance read with this credential. Stored as its last check. */
export async function testCredential(db: Db, ctx: ApiContext, organizationId: string, credentialId: string, actor: Actor): Promise<CredentialCheck> {
  let check: CredentialCheck;
  try {
    const r = await ctx.probe({ organizationId, credentialId }, { userId: actor.userId });
    check = { ok: true, requestId: r.requestId, at: new Date().toISOString() };
  } catch (e) {
    if ((e as { code?: string }).code === "CREDENTIAL_NOT_FOUND") throw new CredentialChangeRefused("NOT_FOUND");
    check = checkFromError(e, new Date());
  }
  await db.update(c).set({ lastCheck: check }).where(and(eq(c.id, credentialId), eq(c.organizationId, organizationId)));
  return check;
}

/**
 * Makes a credential the active one of its environment. It is tested first, so a credential that
 * cannot fetch a token never replaces one that works; then, in one transaction, the previous active
 * credential is retired and this one activated. Calls already under way finish with the old one;
 * the next call reads the new one: no request fails in between (rotation).
 */
export async function activateCredential(db: Db, ctx: ApiContext, organizationId: string, credentialId: string, actor: Actor): Promise<{ replaced: string | null }> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.id, credentialId), eq(c.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new CredentialChangeRefused("NOT_FOUND");
  if (row.status !== "pending" && row.status !== "retired") throw new CredentialChangeRefused("NOT_ACTIVATABLE");
  if (row.createdBy && row.createdBy === actor.userId && (await adminCount(db, organizationId)) >= 2) {
    throw new CredentialChangeRefused("SELF_ACTIVATION");
  }
  const check = await testCredential(db, ctx, organizationId, credentialId, actor);
  if (!check.ok) throw new CredentialChangeRefused("CONNECTION_FAILED", check);

  const since = Date.now();
  const replaced = await db.transaction(async (tx) => {
    // Serialise activations of one organisation (the partial unique index would refuse a race anyway).
    await tx.execute(sql`select 1 from organizations where id = ${organizationId} for update`);
    const [again] = await tx.select({ status: c.status }).from(c).where(eq(c.id, credentialId)).limit(1);
    if (!again || (again.status !== "pending" && again.status !== "retired")) throw new CredentialChangeRefused("NOT_ACTIVATABLE");
    const previous = await tx
      .update(c)
      .set({ status: "retired", retiredAt: new Date() })
      .where(and(eq(c.organizationId, organizationId), eq(c.environment, row.environment), eq(c.status, "active")))
      .returning({ id: c.id });
    await tx.update(c).set({ status: "active", activatedAt: new Date(), activatedBy: actor.userId, retiredAt: null }).where(eq(c.id, credentialId));
    const old = previous[0]?.id ?? null;
    await recordAudit(tx, {
      organizationId,
      actor,
      action: old ? "credential.rotated" : "credential.activated",
      target: credentialId,
      details: { name: row.name, environment: row.environment, ...(old ? { replaced: old } : {}) },
    });
    return old;
  });
  // Every instance's next call uses the new credential (each keeps the active one in process).
  await ctx.credentialsChanged(organizationId, since);
  return { replaced };
}

/** Ends a credential at once: revoked, secrets and token erased; the next call cannot use it. */
export async function revokeCredential(db: Db, ctx: ApiContext, organizationId: string, credentialId: string, actor: Actor): Promise<void> {
  const since = Date.now();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: c.status, name: c.name, environment: c.environment })
      .from(c)
      .where(and(eq(c.id, credentialId), eq(c.organizationId, organizationId)))
      .for("update")
      .limit(1);
    if (!row) throw new CredentialChangeRefused("NOT_FOUND");
    if (row.status === "revoked") throw new CredentialChangeRefused("ALREADY_REVOKED");
    await tx
      .update(c)
      .set({ status: "revoked", revokedAt: new Date(), revokedBy: actor.userId, clientSecretCiphertext: null, signingKeyCiphertext: null })
      .where(eq(c.id, credentialId));
    await recordAudit(tx, { organizationId, actor, action: "credential.revoked", target: credentialId, details: { name: row.name, environment: row.environment, was: row.status } });
  });
  await ctx.forget(credentialId);
  // Refused by every instance's next call (each kept the credential in process until told).
  await ctx.credentialsChanged(organizationId, since);
}
