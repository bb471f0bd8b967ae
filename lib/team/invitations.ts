/**
 * Invitations instead of attaching people: an admin invites an e-mail with a role; the invitation
 * is a single-use link that expires after INVITATION_DAYS. A new person sets their own password
 * there; someone who already has an account signs in and accepts. The admin never knows a member's
 * password, and nobody learns anything about a user of another organisation: the invitation page
 * shows only what the admin typed (the e-mail, the role) and the organisation's name.
 *
 * The link carries 32 random bytes; the database keeps their SHA-256. Accepting is one conditional
 * UPDATE (unused, not withdrawn, not expired), so a link works once even when clicked twice at once.
 */
import type { MessageKey } from "@/lib/i18n/translate";
import { Refusal } from "@/lib/refusal";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/audit";
import type { Role } from "@/lib/auth/roles";
import { hashPassword } from "@/lib/auth/password";
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem, type PasswordProblem } from "@/lib/auth/password-policy";

export const INVITATION_DAYS = 7;

type InvitationRefusal = "ALREADY_MEMBER" | "NOT_FOUND" | "EXPIRED" | "USED" | "WITHDRAWN" | "ACCOUNT_EXISTS" | "NO_ACCOUNT" | "OTHER_EMAIL" | "WEAK_PASSWORD";
const INVITATION_WORDS = {
  ALREADY_MEMBER: "team.emailTaken",
  NOT_FOUND: "invite.invalid",
  EXPIRED: "invite.expired",
  USED: "invite.used",
  WITHDRAWN: "invite.withdrawn",
  ACCOUNT_EXISTS: "invite.accountExists",
  NO_ACCOUNT: "invite.invalid",
  OTHER_EMAIL: "invite.otherEmail",
  WEAK_PASSWORD: "auth.passwordTooCommon",
} as const satisfies Record<InvitationRefusal, MessageKey>;

/** In the words of the invitation page; `messageKey` overrides them where another page asks (Team). */
export class InvitationRefused extends Refusal<InvitationRefusal> {
  constructor(
    code: InvitationRefusal,
    readonly detail?: PasswordProblem,
    messageKey?: MessageKey,
  ) {
    const field = code === "ALREADY_MEMBER" ? "email" : code === "WEAK_PASSWORD" ? "password" : undefined;
    super(code, messageKey ?? (code === "WEAK_PASSWORD" && detail ? PASSWORD_PROBLEM_MESSAGES[detail] : INVITATION_WORDS[code]), undefined, field);
  }
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const normalise = (email: string) => email.trim().toLowerCase();

export function invitationLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/invite/${token}`;
}

/** A new invitation (a pending one for the same e-mail is replaced): its id and the secret token of its link. */
export async function createInvitation(db: Db, organizationId: string, input: { email: string; role: Role }, actor: Actor, now = new Date()): Promise<{ id: string; token: string }> {
  const email = normalise(input.email);
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: schema.users.id })
      .from(schema.memberships)
      .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
      .where(and(eq(schema.memberships.organizationId, organizationId), eq(schema.users.email, email)))
      .limit(1);
    if (member) throw new InvitationRefused("ALREADY_MEMBER");
    const i = schema.invitations;
    await tx
      .update(i)
      .set({ withdrawnAt: now })
      .where(and(eq(i.organizationId, organizationId), eq(i.email, email), isNull(i.acceptedAt), isNull(i.withdrawnAt)));
    const [row] = await tx
      .insert(i)
      .values({ organizationId, email, role: input.role, tokenHash: hashToken(token), createdBy: actor.userId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000) })
      .returning({ id: i.id });
    await recordAudit(tx, { organizationId, actor, action: "invitation.sent", target: row!.id, details: { email, role: input.role } });
    return { id: row!.id, token };
  });
}

export type InvitationDto = { id: string; email: string; role: Role; createdAt: string; expiresAt: string; expired: boolean };

/** Invitations not yet accepted nor withdrawn (expired ones too, marked so), newest first. */
export async function listInvitations(db: Db, organizationId: string, now = new Date()): Promise<InvitationDto[]> {
  const i = schema.invitations;
  const rows = await db
    .select()
    .from(i)
    .where(and(eq(i.organizationId, organizationId), isNull(i.acceptedAt), isNull(i.withdrawnAt), gt(i.expiresAt, new Date(now.getTime() - 30 * 86_400_000))))
    .orderBy(desc(i.createdAt))
    .limit(100);
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString(), expired: r.expiresAt <= now }));
}

export async function withdrawInvitation(db: Db, organizationId: string, id: string, actor: Actor): Promise<void> {
  const i = schema.invitations;
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(i)
      .set({ withdrawnAt: new Date() })
      .where(and(eq(i.organizationId, organizationId), eq(i.id, id), isNull(i.acceptedAt), isNull(i.withdrawnAt)))
      .returning({ email: i.email });
    if (!rows.length) throw new InvitationRefused("NOT_FOUND", undefined, "team.invitationGone");
    await recordAudit(tx, { organizationId, actor, action: "invitation.withdrawn", target: id, details: { email: rows[0]!.email } });
  });
}

export type InvitationView = {
  organizationName: string;
  email: string;
  role: Role;
  expiresAt: string;
  state: "open" | "expired" | "used" | "withdrawn";
  /** whether the invited e-mail already has an account (then it is accepted after signing in) */
  accountExists: boolean;
};

/** What the invitation page shows for a link; null for a token that names no invitation. */
export async function viewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationView | null> {
  if (!/^[A-Za-z0-9_-]{40,50}$/.test(token)) return null;
  const i = schema.invitations;
  const [row] = await db
    .select({ inv: i, organizationName: schema.organizations.name })
    .from(i)
    .innerJoin(schema.organizations, eq(schema.organizations.id, i.organizationId))
    .where(eq(i.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, row.inv.email)).limit(1);
  const state = row.inv.acceptedAt ? "used" : row.inv.withdrawnAt ? "withdrawn" : row.inv.expiresAt <= now ? "expired" : "open";
  return { organizationName: row.organizationName, email: row.inv.email, role: row.inv.role, expiresAt: row.inv.expiresAt.toISOString(), state, accountExists: !!user };
}

/** Marks the invitation used, once: the one row still open for this token, or a refusal saying why not. */
async function claim(tx: Db, token: string, userId: string | null, now: Date) {
  const i = schema.invitations;
  const [claimed] = await tx
    .update(i)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(i.tokenHash, hashToken(token)), isNull(i.acceptedAt), isNull(i.withdrawnAt), gt(i.expiresAt, now)))
    .returning();
  if (claimed) return claimed;
  const [row] = await tx.select().from(i).where(eq(i.tokenHash, hashToken(token))).limit(1);
  if (!row) throw new InvitationRefused("NOT_FOUND");
  throw new InvitationRefused(row.acceptedAt ? "USED" : row.withdrawnAt ? "WITHDRAWN" : "EXPIRED");
}

async function join(tx: Db, invitation: typeof schema.invitations.$inferSelect, userId: string, address: string | null) {
  await tx.insert(schema.memberships).values({ organizationId: invitation.organizationId, userId, role: invitation.role }).onConflictDoNothing();
  await tx.update(schema.users).set({ activeOrganizationId: invitation.organizationId }).where(eq(schema.users.id, userId));
  await recordAudit(tx, { organizationId: invitation.organizationId, actor: { userId, address }, action: "invitation.accepted", target: invitation.id, details: { email: invitation.email, role: invitation.role } });
}

/** A new person accepts: their account, with the password they chose, and the membership. */
export async function acceptAsNewUser(db: Db, token: string, input: { name: string; password: string }, address: string | null, now = new Date()): Promise<{ userId: string; email: string }> {
  const view = await viewInvitation(db, token, now);
  if (!view) throw new InvitationRefused("NOT_FOUND");
  if (view.accountExists) throw new InvitationRefused("ACCOUNT_EXISTS");
  const problem = passwordProblem(input.password, [view.email, input.name, view.organizationName]);
  if (problem) throw new InvitationRefused("WEAK_PASSWORD", problem);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const invitation = await claim(tx, token, null, now);
    const created = await tx
      .insert(schema.users)
      .values({ email: invitation.email, name: input.name, passwordHash, passwordChangedAt: now, activeOrganizationId: invitation.organizationId })
      .onConflictDoNothing()
      .returning({ id: schema.users.id });
    // An account made for this e-mail meanwhile: that person signs in and accepts instead.
    if (!created.length) throw new InvitationRefused("ACCOUNT_EXISTS");
    const userId = created[0]!.id;
    await tx.update(schema.invitations).set({ acceptedBy: userId }).where(eq(schema.invitations.id, invitation.id));
    await join(tx, invitation, userId, address);
    return { userId, email: invitation.email };
  });
}

/** A signed-in member accepts an invitation sent to their own e-mail. */
export async function acceptAsExistingUser(db: Db, token: string, user: { id: string; email: string }, address: string | null, now = new Date()): Promise<{ organizationId: string }> {
  const view = await viewInvitation(db, token, now);
  if (!view) throw new InvitationRefused("NOT_FOUND");
  if (normalise(user.email) !== view.email) throw new InvitationRefused("OTHER_EMAIL");
  return db.transaction(async (tx) => {
    const invitation = await claim(tx, token, user.id, now);
    await join(tx, invitation, user.id, address);
    return { organizationId: invitation.organizationId };
  });
}

/** Invitations past their expiry a month ago are of no use any more. */
export async function purgeInvitations(db: Db, now = new Date()): Promise<void> {
  await db.delete(schema.invitations).where(sql`${schema.invitations.expiresAt} < ${new Date(now.getTime() - 30 * 86_400_000)}`);
}
