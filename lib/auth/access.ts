/**
 * Who is calling and what they may do, read from the database on every
 * request: a demotion or removal takes effect on the caller's next request,
 * not when their session token expires. No Next.js imports, so it is unit
 * tested directly against PGlite and PostgreSQL.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import { can, type Permission, type Role } from "./roles";

export type Membership = { organizationId: string; organizationName: string; role: Role; apiEnvironment: schema.ApiEnvironment | null; requireTwoFactor: boolean };

export type Access = {
  userId: string;
  email: string;
  name: string;
  /** the account's chosen language, or null to follow the browser */
  locale: schema.Locale | null;
  /** the IANA time zone the member chose, or null for their language's market */
  timeZone: string | null;
  organizationId: string;
  organizationName: string;
  role: Role;
  /** the environment this member chose for the active organisation's pages (null: the default) */
  apiEnvironment: schema.ApiEnvironment | null;
  memberships: Membership[];
  /** the member has two-factor sign-in on */
  twoFactorEnabled: boolean;
  /** the active organisation's policy asks this member for two-factor (admins and roles that move money) */
  twoFactorRequired: boolean;
  /** the sign-in session serving this request (set by lib/auth/authorize.ts) */
  session?: { id: string; twoFactor: boolean; authenticatedAt: Date };
};

export type AccessDenial = "unauthenticated" | "no_organization" | "forbidden" | "two_factor_required";

/** The roles an organisation's two-factor policy covers: admins, and every role that can move money. */
export function policyCoversRole(role: Role): boolean {
  return role === "admin" || can(role, "money.move");
}

export class AuthorizationError extends Error {
  constructor(readonly reason: AccessDenial) {
    super(reason === "unauthenticated" ? "Sign in to continue." : reason === "two_factor_required" ? "Turn on two-factor sign-in first." : "You do not have permission to do this.");
    this.name = "AuthorizationError";
  }
}

/** The memberships of a user (oldest first), as one JSON value of the same statement: `userId` is an SQL expression. */
export const membershipsJson = (userId: SQL) => sql<Membership[]>`coalesce((
        select json_agg(json_build_object('organizationId', mm.organization_id, 'organizationName', oo.name, 'role', mm.role,
          'apiEnvironment', mm.api_environment, 'requireTwoFactor', oo.require_two_factor) order by mm.created_at, mm.organization_id)
        from memberships mm join organizations oo on oo.id = mm.organization_id where mm.user_id = ${userId}), '[]'::json)`;

/** What an access is made of: the user's own fields and their memberships (a JSON array, or its text). */
export type AccessRow = {
  id: string;
  email: string;
  name: string;
  locale: schema.Locale | null;
  timeZone: string | null;
  activeOrganizationId: string | null;
  twoFactorEnabled: boolean;
  memberships: Membership[] | string;
};

/** The access of a user row (lib/auth/sessions.ts reads it in the session's own statement). */
export function accessFromRow(user: AccessRow): Access | { userId: string; memberships: [] } {
  const memberships: Membership[] = typeof user.memberships === "string" ? JSON.parse(user.memberships) : user.memberships;
  const active = memberships.find((m) => m.organizationId === user.activeOrganizationId) ?? memberships[0];
  if (!active) return { userId: user.id, memberships: [] };
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    locale: user.locale,
    timeZone: user.timeZone,
    organizationId: active.organizationId,
    organizationName: active.organizationName,
    role: active.role,
    apiEnvironment: active.apiEnvironment,
    memberships,
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorRequired: active.requireTwoFactor && policyCoversRole(active.role),
  };
}

/** The caller's user row and memberships, with the active organisation resolved; null when the user is gone. */
export async function loadAccess(db: Database<typeof schema>, userId: string): Promise<Access | { userId: string; memberships: [] } | null> {
  // The user and their memberships (oldest first) in one statement: every request reads them.
  const u = schema.users;
  const [row] = await db
    .select({
      id: u.id,
      email: u.email,
      name: u.name,
      locale: u.locale,
      timeZone: u.timeZone,
      activeOrganizationId: u.activeOrganizationId,
      twoFactorEnabled: sql<boolean>`${u.totpEnabledAt} is not null`,
      memberships: membershipsJson(sql`${userId}`),
    })
    .from(u)
    .where(eq(u.id, userId))
    .limit(1);
  return row ? accessFromRow(row) : null;
}

/** Throws AuthorizationError unless `userId` is a member of an organisation whose role grants `permission`. */
export async function resolveAccess(
  db: Database<typeof schema>,
  userId: string | null | undefined,
  permission: Permission,
): Promise<Access> {
  if (!userId) throw new AuthorizationError("unauthenticated");
  const access = await loadAccess(db, userId);
  return checkAccess(access, permission);
}

/**
 * Throws AuthorizationError unless the member may do `permission`. A member whose organisation
 * requires two-factor and who has not turned it on may do nothing but turn it on (`enrolling`).
 */
export function checkAccess(access: Awaited<ReturnType<typeof loadAccess>>, permission: Permission, opts: { enrolling?: boolean } = {}): Access {
  if (!access) throw new AuthorizationError("unauthenticated");
  if (!("role" in access)) throw new AuthorizationError("no_organization");
  if (!opts.enrolling && access.twoFactorRequired && !access.twoFactorEnabled) throw new AuthorizationError("two_factor_required");
  if (!can(access.role, permission)) throw new AuthorizationError("forbidden");
  return access;
}

/** Whether the user belongs to the organisation (used before switching to it). */
export async function isMember(db: Database<typeof schema>, userId: string, organizationId: string): Promise<boolean> {
  const rows = await db
    .select({ role: schema.memberships.role })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.userId, userId), eq(schema.memberships.organizationId, organizationId)))
    .limit(1);
  return rows.length > 0;
}
