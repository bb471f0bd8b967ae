/**
 * Invitations against a real database and a real SMTP server (the smtp-server package on a local
 * port, not a mock): the mail arrives with its link; the link works once and expires; a person with
 * an account in another organisation accepts after signing in, and nobody learns their name.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import * as schema from "@/lib/db/schema";
import { sendMail } from "@/lib/mail/mailer";
import { acceptAsExistingUser, acceptAsNewUser, createInvitation, INVITATION_DAYS, invitationLink, listInvitations, viewInvitation, withdrawInvitation } from "@/lib/team/invitations";
import { createFirstAdmin } from "@/lib/organizations/setup";
import { verifyCredentials } from "@/lib/auth/sign-in";
import { createKeyring } from "@/lib/security/sealing";
import { listMembers } from "@/lib/team/members";
import { describeEachDatabase } from "../support/databases";
import { STRONG_PASSWORD } from "../support/team";
import { startSmtpServer, type ReceivedMail } from "../support/smtp";

const received: ReceivedMail[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpUrl: string;

beforeAll(async () => {
  smtp = await startSmtpServer(0, (mail) => received.push(mail));
  smtpUrl = smtp.url;
});
afterAll(() => smtp.close());

/** The link in a mail's text (quoted-printable soft breaks undone). */
const linkIn = (raw: string) => /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(raw.replace(/=\r?\n/g, ""))?.[0] ?? null;

describeEachDatabase("invitations", (db) => {
  let orgA: string;
  let adminA: string;
  const keyring = createKeyring(Buffer.alloc(32, 7).toString("base64"));

  beforeAll(async () => {
    const a = await createFirstAdmin(db(), { organizationName: "Shop A", name: "Admin A", email: "admin@a.test", password: STRONG_PASSWORD });
    orgA = a!.organizationId;
    adminA = a!.userId;
  });

  it("mails the link through SMTP; the link works once, sets the person's own password, and then is used", async () => {
    const { token } = await createInvitation(db(), orgA, { email: "New.Person@a.test", role: "support" }, { userId: adminA, address: null });
    const link = invitationLink("https://dash.example", token);
    const sent = await sendMail({ smtpUrl, from: "Dashboard <no-reply@dash.example>" }, { to: "new.person@a.test", subject: "You are invited", text: `Open ${link}` });
    expect(sent.delivered).toBe(true);
    const mail = received.findLast((m) => m.to.includes("new.person@a.test"));
    expect(mail?.from).toBe("no-reply@dash.example");
    expect(linkIn(mail!.raw)).toBe(link);

    expect(await viewInvitation(db(), token)).toMatchObject({ organizationName: "Shop A", email: "new.person@a.test", role: "support", state: "open", accountExists: false });
    await expect(acceptAsNewUser(db(), token, { name: "New Person", password: "password1234" }, null)).rejects.toMatchObject({ code: "WEAK_PASSWORD" });
    // Twice at once: one account, one membership.
    const results = await Promise.allSettled([1, 2].map(() => acceptAsNewUser(db(), token, { name: "New Person", password: STRONG_PASSWORD }, null)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: expect.stringMatching(/USED|ACCOUNT_EXISTS/) } });
    expect(await viewInvitation(db(), token)).toMatchObject({ state: "used" });
    await expect(acceptAsNewUser(db(), token, { name: "Again", password: STRONG_PASSWORD }, null)).rejects.toMatchObject({ code: expect.stringMatching(/USED|ACCOUNT_EXISTS/) });
    // The person signs in with the password only they chose.
    expect(await verifyCredentials(db(), keyring, { email: "new.person@a.test", password: STRONG_PASSWORD, address: null })).toMatchObject({ ok: true });
    expect((await listMembers(db(), orgA)).find((m) => m.email === "new.person@a.test")?.role).toBe("support");
    const audit = await db().select({ action: schema.auditLog.action }).from(schema.auditLog).where(eq(schema.auditLog.organizationId, orgA));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["invitation.sent", "invitation.accepted"]));
  });

  it(`expires after ${INVITATION_DAYS} days; a withdrawn one is closed; a new one replaces a pending one`, async () => {
    const t0 = new Date("2026-11-01T12:00:00Z");
    const { token } = await createInvitation(db(), orgA, { email: "late@a.test", role: "viewer" }, { userId: adminA, address: null }, t0);
    const expired = new Date(t0.getTime() + INVITATION_DAYS * 86_400_000 + 1);
    expect(await viewInvitation(db(), token, expired)).toMatchObject({ state: "expired" });
    await expect(acceptAsNewUser(db(), token, { name: "Late", password: STRONG_PASSWORD }, null, expired)).rejects.toMatchObject({ code: "EXPIRED" });
    const second = await createInvitation(db(), orgA, { email: "late@a.test", role: "operator" }, { userId: adminA, address: null });
    expect(await viewInvitation(db(), token)).toMatchObject({ state: "withdrawn" });
    const pending = (await listInvitations(db(), orgA)).filter((i) => i.email === "late@a.test");
    expect(pending.map((i) => i.role)).toEqual(["operator"]);
    await withdrawInvitation(db(), orgA, pending[0]!.id, { userId: adminA, address: null });
    expect(await viewInvitation(db(), second.token)).toMatchObject({ state: "withdrawn" });
    expect(await viewInvitation(db(), "x".repeat(43))).toBeNull();
  });

  it("a user of another organisation accepts after signing in, sees both, and the page never shows their name", async () => {
    const b = await db().insert(schema.organizations).values({ name: "Shop B" }).returning();
    const [bob] = await db().insert(schema.users).values({ email: "bob@b.test", name: "Bob Private-Name", passwordHash: "x", activeOrganizationId: b[0]!.id }).returning();
    await db().insert(schema.memberships).values({ organizationId: b[0]!.id, userId: bob!.id, role: "admin" });
    const { token } = await createInvitation(db(), orgA, { email: "bob@b.test", role: "viewer" }, { userId: adminA, address: null });
    const view = await viewInvitation(db(), token);
    expect(view).toMatchObject({ accountExists: true, email: "bob@b.test" });
    expect(JSON.stringify(view)).not.toContain("Private-Name");
    await expect(acceptAsNewUser(db(), token, { name: "Impostor", password: STRONG_PASSWORD }, null)).rejects.toMatchObject({ code: "ACCOUNT_EXISTS" });
    await expect(acceptAsExistingUser(db(), token, { id: adminA, email: "admin@a.test" }, null)).rejects.toMatchObject({ code: "OTHER_EMAIL" });
    await acceptAsExistingUser(db(), token, { id: bob!.id, email: "bob@b.test" }, null);
    const orgs = await db().select({ org: schema.memberships.organizationId }).from(schema.memberships).where(eq(schema.memberships.userId, bob!.id));
    expect(orgs.map((o) => o.org).sort()).toEqual([orgA, b[0]!.id].sort());
    // Bob's password was never touched.
    const [after] = await db().select({ hash: schema.users.passwordHash }).from(schema.users).where(eq(schema.users.id, bob!.id));
    expect(after!.hash).toBe("x");
  });

  it("without SMTP nothing is sent: the caller shows the link, and the console never carries it", async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(" ")));
    try {
      const link = "http://127.0.0.1:3000/invite/secret-invitation-token-0123456789";
      expect(await sendMail({ from: "x@y.z" }, { to: "someone@a.test", subject: "You are invited", text: `Open ${link}` })).toEqual({ delivered: false, reason: "no_smtp" });
      expect(printed.join("\n")).toContain("not sent to someone@a.test");
      expect(printed.join("\n")).not.toContain("secret-invitation-token");
    } finally {
      spy.mockRestore();
    }
  });
});
