/**
 * Sessions that end, against a real database with an injected clock: absolute lifetime, idle
 * timeout (the organisation's setting), revocation by sign-out, "sign out everywhere", a password
 * change (the other sessions) and removal from the organisation.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { checkSession, checkSessionWithAccess, createSession, listSessions, revokeSession, SESSION_LIFETIME_MS } from "@/lib/auth/sessions";
import { changePassword, endAllSessions, setSecurityPolicy } from "@/lib/auth/account-security";
import { removeMember } from "@/lib/team/members";
import { loadAccess } from "@/lib/auth/access";
import { createFirstAdmin } from "@/lib/organizations/setup";
import { describeEachDatabase } from "../support/databases";
import { invitedMember, STRONG_PASSWORD } from "../support/team";

describeEachDatabase("sessions", (db) => {
  let org: string;
  let admin: string;
  const actor = () => ({ userId: admin, address: null });

  it("ends 12 hours after sign-in whatever the use, and after the organisation's idle time without use", async () => {
    const created = await createFirstAdmin(db(), { organizationName: "Sessions", name: "Admin", email: "admin@sessions.test", password: STRONG_PASSWORD });
    org = created!.organizationId;
    admin = created!.userId;
    const t0 = new Date("2026-11-24T08:00:00Z");
    const id = await createSession(db(), { userId: admin, twoFactor: false, userAgent: "Mozilla/5.0 Firefox/140", address: "203.0.113.5" }, t0);
    // Used every 20 minutes for 12 hours: never idle, still ends at the 12th hour.
    let at = t0;
    while (at.getTime() + 20 * 60_000 < t0.getTime() + SESSION_LIFETIME_MS) {
      at = new Date(at.getTime() + 20 * 60_000);
      expect((await checkSession(db(), id, at)).ok).toBe(true);
    }
    expect(await checkSession(db(), id, new Date(t0.getTime() + SESSION_LIFETIME_MS))).toEqual({ ok: false, reason: "expired" });

    // Idle: the default 30 minutes, then the organisation's own setting.
    const t1 = new Date("2026-11-25T08:00:00Z");
    const idle = await createSession(db(), { userId: admin, twoFactor: false, userAgent: null, address: null }, t1);
    expect((await checkSession(db(), idle, new Date(t1.getTime() + 29 * 60_000))).ok).toBe(true);
    expect(await checkSession(db(), idle, new Date(t1.getTime() + 29 * 60_000 + 31 * 60_000))).toEqual({ ok: false, reason: "idle" });
    await setSecurityPolicy(db(), org, { requireTwoFactor: false, sessionIdleMinutes: 5 }, actor());
    const t2 = new Date("2026-11-26T08:00:00Z");
    const short = await createSession(db(), { userId: admin, twoFactor: false, userAgent: null, address: null }, t2);
    expect(await checkSession(db(), short, new Date(t2.getTime() + 6 * 60_000))).toEqual({ ok: false, reason: "idle" });
    await setSecurityPolicy(db(), org, { requireTwoFactor: false, sessionIdleMinutes: 30 }, actor());
    expect(await checkSession(db(), "not-a-session", t2)).toEqual({ ok: false, reason: "missing" });
  });

  it("sign-out ends one session; sign out everywhere ends them all; the list shows those in force", async () => {
    const a = await createSession(db(), { userId: admin, twoFactor: false, userAgent: "A", address: null });
    const b = await createSession(db(), { userId: admin, twoFactor: false, userAgent: "B", address: null });
    expect((await listSessions(db(), admin, a)).find((s) => s.id === a)?.current).toBe(true);
    await revokeSession(db(), a, "sign_out");
    expect(await checkSession(db(), a)).toEqual({ ok: false, reason: "revoked" });
    expect((await checkSession(db(), b)).ok).toBe(true);
    expect((await listSessions(db(), admin, null)).map((s) => s.id)).toContain(b);
    await endAllSessions(db(), admin, actor());
    expect(await checkSession(db(), b)).toEqual({ ok: false, reason: "revoked" });
    const audit = await db().select().from(schema.auditLog).where(eq(schema.auditLog.action, "auth.sessions_revoked"));
    expect(audit.map((r) => r.organizationId)).toEqual([org]);
  });

  it("a password change ends the member's other sessions, not the one that made it; a removal ends them all", async () => {
    const { userId } = await invitedMember(db(), org, { email: "op@sessions.test", role: "operator" }, admin);
    const mine = await createSession(db(), { userId, twoFactor: false, userAgent: null, address: null });
    const other = await createSession(db(), { userId, twoFactor: false, userAgent: null, address: null });
    await expect(changePassword(db(), userId, { current: "wrong", next: "another-long-passphrase-2026" }, mine, { userId, address: null })).rejects.toMatchObject({ code: "WRONG_PASSWORD" });
    await expect(changePassword(db(), userId, { current: STRONG_PASSWORD, next: "password1234" }, mine, { userId, address: null })).rejects.toMatchObject({ code: "WEAK_PASSWORD" });
    expect(await changePassword(db(), userId, { current: STRONG_PASSWORD, next: "amber-canyon-whistles-at-dusk" }, mine, { userId, address: null })).toEqual({ endedSessions: 1 });
    expect((await checkSession(db(), mine)).ok).toBe(true);
    expect(await checkSession(db(), other)).toEqual({ ok: false, reason: "revoked" });
    await removeMember(db(), org, userId, actor());
    expect(await checkSession(db(), mine)).toEqual({ ok: false, reason: "revoked" });
  });

  it("the session and the member's access in one statement answer as checkSession and loadAccess do", async () => {
    const { userId } = await invitedMember(db(), org, { email: "viewer@sessions.test", role: "viewer" }, admin);
    const id = await createSession(db(), { userId, twoFactor: true, userAgent: null, address: null });
    const both = await checkSessionWithAccess(db(), id);
    const alone = await checkSession(db(), id);
    expect(both.ok && alone.ok).toBe(true);
    if (!both.ok || !alone.ok) return;
    expect(both.session).toEqual(alone.session);
    expect(both.access).toEqual(await loadAccess(db(), userId));
    expect(both.access).toMatchObject({ userId, organizationId: org, role: "viewer", twoFactorEnabled: false });
    await revokeSession(db(), id, "sign_out");
    expect(await checkSessionWithAccess(db(), id)).toEqual({ ok: false, reason: "revoked" });
    expect(await checkSessionWithAccess(db(), "not-a-session")).toEqual({ ok: false, reason: "missing" });
  });
});
