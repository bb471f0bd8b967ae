/**
 * The audit log (Settings → Audit): an append-only record of sensitive actions, who did them, when
 * and from which address. This module only inserts and reads; the database refuses UPDATE, DELETE
 * and TRUNCATE on the table (migration 0001).
 */
import { and, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";

/** Who acted: a member (with the address of the request), or the dashboard itself (userId null). */
export type Actor = { userId: string | null; address: string | null };

export const SYSTEM_ACTOR: Actor = { userId: null, address: null };

/** Every action the log records; later capabilities add theirs here. */
export const AUDIT_ACTIONS = [
  "organization.created",
  "member.added",
  "member.role_changed",
  "member.removed",
  "credential.registered",
  "credential.activated",
  "credential.rotated",
  "credential.revoked",
  "credential.sandbox_created",
  "webhook.replayed",
  "reconciliation.resolved",
  "charge.created",
  "charge.pay_link_changed",
  "charge.simulated",
  "wallet.created",
  "wallet.deposit_simulated",
  "infraction.replied",
  "auth.sign_in_throttled",
  "auth.password_changed",
  "auth.two_factor_enrolled",
  "auth.two_factor_started",
  "auth.two_factor_replaced",
  "auth.recovery_codes_regenerated",
  "auth.two_factor_disabled",
  "auth.two_factor_reset",
  "auth.recovery_code_used",
  "auth.session_revoked",
  "auth.sessions_revoked",
  "organization.security_changed",
  "invitation.sent",
  "invitation.accepted",
  "invitation.withdrawn",
  "approval_policy.changed",
  "approval_policy.change_proposed",
  "approval_policy.change_approved",
  "approval_policy.change_rejected",
  "payout.requested",
  "payout.approved",
  "payout.rejected",
  "payout.sent",
  "transfer.sent",
  "payout_batch.created",
  "payout_batch.approved",
  "payout_batch.rejected",
  "conversion.executed",
  "payout.simulated",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export async function recordAudit(
  db: Db,
  entry: { organizationId: string; actor: Actor; action: AuditAction; target?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(schema.auditLog).values({
    organizationId: entry.organizationId,
    userId: entry.actor.userId,
    address: entry.actor.address,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
  });
}

/**
 * An event about a person rather than one organisation (a password change, two-factor, sessions, a
 * throttled sign-in): recorded in the log of every organisation they belong to, whose admins
 * answer for their access.
 */
export async function recordUserAudit(
  db: Db,
  userId: string,
  entry: { actor: Actor; action: AuditAction; target?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  const orgs = await db.select({ id: schema.memberships.organizationId }).from(schema.memberships).where(eq(schema.memberships.userId, userId));
  if (!orgs.length) return;
  await db.insert(schema.auditLog).values(
    orgs.map((o) => ({ organizationId: o.id, userId: entry.actor.userId, address: entry.actor.address, action: entry.action, target: entry.target ?? userId, details: entry.details ?? {} })),
  );
}

export type AuditFilters = { action?: string; userId?: string; from?: Date; to?: Date; before?: number };

export type AuditEntryDto = {
  id: number;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  address: string | null;
  createdAt: string;
  user: { id: string; name: string; email: string } | null;
};

/** Newest first, `limit` at a time (a page: 25, as the request log); `before` is the id to continue below (keyset pagination). */
export async function listAudit(db: Db, organizationId: string, f: AuditFilters, limit = 25): Promise<{ items: AuditEntryDto[]; nextBefore: number | null }> {
  const a = schema.auditLog;
  const where: SQL[] = [eq(a.organizationId, organizationId)];
  if (f.action) where.push(eq(a.action, f.action));
  if (f.userId) where.push(eq(a.userId, f.userId));
  if (f.from) where.push(gte(a.createdAt, f.from));
  if (f.to) where.push(lte(a.createdAt, f.to));
  if (f.before) where.push(lt(a.id, f.before));
  const rows = await db
    .select({
      id: a.id,
      action: a.action,
      target: a.target,
      details: a.details,
      address: a.address,
      createdAt: a.createdAt,
      userId: a.userId,
      userName: schema.users.name,
      userEmail: schema.users.email,
    })
    .from(a)
    .leftJoin(schema.users, eq(schema.users.id, a.userId))
    .where(and(...where))
    .orderBy(desc(a.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((r) => ({
    id: r.id,
    action: r.action,
    target: r.target,
    details: (r.details ?? {}) as Record<string, unknown>,
    address: r.address,
    createdAt: r.createdAt.toISOString(),
    user: r.userId && r.userName ? { id: r.userId, name: r.userName, email: r.userEmail ?? "" } : null,
  }));
  return { items, nextBefore: rows.length > limit ? items[items.length - 1]!.id : null };
}

/** The actions that occur in an organisation's log (for the filter). */
export async function auditActionsInUse(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: schema.auditLog.action })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.organizationId, organizationId))
    .orderBy(sql`1`);
  return rows.map((r) => r.action);
}
