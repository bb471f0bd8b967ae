/**
 * For tests of the dashboard's connection to the API: a dashboard database (PGlite in memory, or a
 * scratch PostgreSQL database), a real sandbox over HTTP, organisations with members, and sandbox
 * accounts whose credentials are registered the way a member would.
 */
import { randomBytes } from "node:crypto";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import { createKeyring, type Keyring } from "@/lib/security/sealing";
import { registerCredential } from "@/lib/credentials/service";
import { SandboxControl, type SandboxCredential } from "@/lib/sandbox-control/client";
import { createSandbox, type RunningSandbox } from "@/sandbox/server";
import { createScratchDatabase, DASHBOARD_MIGRATIONS, type TargetDatabase } from "./databases";

export const SANDBOX_ADMIN = "connect-test-admin-token-0123456789abcdef";

export type Harness = {
  opened: OpenedDatabase<typeof schema>;
  keyring: Keyring;
  sandbox: RunningSandbox;
  control: SandboxControl;
  /** the scratch database's URL (PostgreSQL only) */
  databaseUrl?: string;
  dispose(): Promise<void>;
};

export async function startHarness(target: TargetDatabase): Promise<Harness> {
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (target.url) {
    const scratch = await createScratchDatabase(target.url, "dash_test");
    url = scratch.url;
    drop = scratch.drop;
  }
  const opened = await openDatabase({ url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 8 });
  const sandbox = await createSandbox({ port: 0, host: "127.0.0.1", adminToken: SANDBOX_ADMIN, tickMs: 0 });
  return {
    opened,
    keyring: createKeyring(randomBytes(32).toString("base64")),
    sandbox,
    control: new SandboxControl(sandbox.url, SANDBOX_ADMIN),
    databaseUrl: url,
    async dispose() {
      await sandbox.close();
      await opened.close();
      await drop?.();
    },
  };
}

/** An organisation with one member per given role; returns their user ids. */
export async function createOrganization(db: OpenedDatabase<typeof schema>["db"], name: string, roles: schema.Role[]) {
  const [org] = await db.insert(schema.organizations).values({ name }).returning();
  const members: { userId: string; role: schema.Role }[] = [];
  for (const role of roles) {
    const tag = randomBytes(4).toString("hex");
    const [user] = await db
      .insert(schema.users)
      .values({ email: `${role}-${tag}@test.dev`, name: `${role} ${tag}`, passwordHash: "x", activeOrganizationId: org!.id })
      .returning();
    await db.insert(schema.memberships).values({ organizationId: org!.id, userId: user!.id, role });
    members.push({ userId: user!.id, role });
  }
  return { organizationId: org!.id, members };
}

/** A sandbox account (pending credential unless `activate`), with opening balances. */
export async function sandboxAccount(h: Harness, opts: { activate?: boolean; balances?: Record<string, number> } = {}): Promise<{ username: string; credential: SandboxCredential }> {
  const username = `acct_${randomBytes(5).toString("hex")}`;
  const r = await h.control.createAccount({ username, balances: opts.balances ?? { BRL: 1000 } });
  if (opts.activate !== false) await h.control.activate(r.credential.client_id);
  return r;
}

/** Registers a sandbox credential in the dashboard, as `userId` would. */
export async function registerSandboxCredential(h: Harness, organizationId: string, userId: string, cred: SandboxCredential, name = "Test credential") {
  return registerCredential(h.opened.db, h.keyring, organizationId, { userId, address: "127.0.0.1" }, {
    name,
    environment: "sandbox",
    baseUrl: h.sandbox.url,
    clientId: cred.client_id,
    clientSecret: cred.client_secret,
    signingKey: cred.signing_key,
  });
}
