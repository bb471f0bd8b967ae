/**
 * Notifications against a real sandbox over HTTP, a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set) and a real SMTP server: two notifier instances over one database (on
 * PostgreSQL each with a pool of its own) turn what the tables say into the outbox and mail it, and
 * each notification reaches each recipient once: the MED deadline marks as the sandbox's clock
 * moves, approvals, failed payouts, credentials, findings, sign-ins and security changes; in the
 * member's language, with a plain-text part, no secret and no full document number; and each kind
 * and channel can be turned off, or gathered into the daily digest.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "@/lib/db/schema";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { endpointFor } from "@/lib/events/intake";
import { openFinding } from "@/lib/events/findings";
import { processDue } from "@/lib/events/worker";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { refreshInfraction, setAssignee, setInternalDeadlineHours } from "@/lib/infractions/mirror";
import { payoutFormSchema, toPayoutPlan } from "@/lib/payouts/form";
import { requestPayout, setApprovalPolicy } from "@/lib/payouts/service";
import { bulkTemplate, createBatch } from "@/lib/payouts/bulk";
import { securityNotice, signInNotice } from "@/lib/auth/security-notice";
import { NotificationWorker } from "@/lib/notifications/worker";
import { mailDigests, type MailConfig } from "@/lib/notifications/delivery";
import { bell, markRead } from "@/lib/notifications/inbox";
import { notify } from "@/lib/notifications/outbox";
import { setPreference } from "@/lib/notifications/preferences";
import { createTranslator, getMessages } from "@/lib/i18n";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/vocabulary";
import { databaseTargets, DASHBOARD_MIGRATIONS } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, type Harness } from "../support/connect";
import { startSmtpServer, type ReceivedMail } from "../support/smtp";
import { readMail } from "../support/mail";
import { eventually } from "../support/eventually";
import { patient } from "@/test/support/patience";

// A ceiling, not an assertion: the MED test (two instances' passes, 5 members, mail through SMTP)
// takes ≈ 5 s alone, and took over 30 s when vitest ran beside the browser journeys on a slower
// machine (it no longer does); the next tests build on its state.
vi.setConfig({ testTimeout: patient(90_000) });

const HOUR = 3_600_000;
const CPF = "52998224725";
const BASE = "https://dash.example";

// The databases' suites run side by side (each has its harness, sandbox and mail server; much of their
// time is waiting on deliveries), each suite's tests one after the other (they share its clock and mail).
for (const target of databaseTargets()) {
  describe.concurrent(`notifications [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    /** The second instance: its own pool (PostgreSQL) or the same PGlite, its own API context and notifier. */
    let other: OpenedDatabase<typeof schema>;
    let ctxB: ApiContext;
    let smtp: { url: string; close: () => Promise<void> };
    const received: ReceivedMail[] = [];
    const db = () => h.opened.db;
    let mail: MailConfig;

    beforeAll(async () => {
      ({ h, ctx, receiver } = await openWebhookHarness(target));
      other = h.databaseUrl ? await openDatabase({ url: h.databaseUrl, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 4 }) : h.opened;
      ctxB = new ApiContext({ db: other.db, withLock: other.withLock, keyring: h.keyring });
      smtp = await startSmtpServer(0, (m) => received.push(m));
      mail = { smtpUrl: smtp.url, from: "Dashboard <no-reply@dash.test>", baseUrl: BASE };
    }, patient(60_000));
    afterAll(async () => {
      await smtp?.close();
      await ctxB?.flush();
      if (other && other !== h.opened) await other.close();
      await closeWebhookHarness({ h, ctx, receiver });
    });

    const instances = () => [new NotificationWorker({ opened: h.opened, mail, providerNow: (t) => ctx.providerNow(t), leaseMs: 5_000 }), new NotificationWorker({ opened: other, mail, providerNow: (t) => ctxB.providerNow(t), leaseMs: 5_000 })];
    /** Both instances at once, twice (a second look finds nothing new). */
    async function bothInstances() {
      const [a, b] = instances();
      await Promise.all([a!.tick(), b!.tick()]);
      await Promise.all([b!.tick(), a!.tick()]);
    }
    const read = async (to: string) => Promise.all(received.filter((m) => m.to.includes(to.toLowerCase())).map(readMail));
    const emailOf = async (userId: string) => (await db().select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, userId)))[0]!.email;

    async function connected(name: string, roles: schema.Role[], locales: (schema.Locale | null)[] = []) {
      const org = await createOrganization(db(), name, roles);
      for (const [i, locale] of locales.entries()) if (locale) await db().update(schema.users).set({ locale }).where(eq(schema.users.id, org.members[i]!.userId));
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 5000 } });
      const registrar = org.members[0]!.userId;
      const { id } = await registerSandboxCredential(h, org.organizationId, registrar, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, { userId: org.members[1]?.userId ?? registrar, address: null });
      await routeSandboxWebhooks(db(), h.control, org.organizationId, acct.credential.client_id, receiver.url);
      const t = { organizationId: org.organizationId, environment: "sandbox" as const };
      return { target: t, members: org.members.map((m) => m.userId), credential: acct.credential };
    }

    async function drainWebhooks() {
      for (let i = 0; i < 20; i++) {
        await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
        if ((await processDue({ db: db(), ctx })) === 0) return;
      }
    }

    /** A confirmed PIX charge from a payer with a CPF, and a MED infraction on it, in the mirror with its debtor. */
    async function disputed(t: { organizationId: string; environment: "sandbox" }) {
      const charge = await ctx.call(t, { userId: null }, (c) => c.cashin.create({ amount: 40, currency: "BRL", payer: { name: "Ana Souza", document: CPF } }));
      await h.control.simulate(charge.transaction_id, { event: "cashin.confirmed" });
      const opened = await h.control.openInfraction({ transaction_id: charge.transaction_id, type: "REFUND_REQUEST" });
      await refreshInfraction({ db: db(), ctx }, t, opened.infraction_id);
      return opened;
    }

    let med: Awaited<ReturnType<typeof connected>>;

    it.sequential("MED deadline marks on the provider's clock: with two instances each is mailed once to each recipient, then to the assignee only", async () => {
      // admin (en), admin (pt-BR), support (es-MX), operator, viewer
      med = await connected("MED Notify", ["admin", "admin", "support", "operator", "viewer"], [null, "pt-BR", "es-MX"]);
      const [admin, admin2, support, operator, viewer] = med.members as [string, string, string, string, string];
      const inf = await disputed(med.target);
      const deadline = new Date(inf.deadline_at);
      const emails = { admin: await emailOf(admin), admin2: await emailOf(admin2), support: await emailOf(support), operator: await emailOf(operator), viewer: await emailOf(viewer) };

      await bothInstances();
      // Opened: to support and admins (it is unassigned), once each, in each one's language.
      expect((await read(emails.admin)).map((m) => m.subject)).toEqual(["MED dispute opened: R$40.00"]);
      expect((await read(emails.admin2)).map((m) => m.subject)).toEqual(["Disputa MED aberta: R$ 40,00"]);
      expect((await read(emails.support)).map((m) => m.subject)).toEqual(["Disputa MED abierta: BRL 40.00"]);
      expect(await read(emails.operator)).toEqual([]);
      expect(await read(emails.viewer)).toEqual([]);

      /** Moves the sandbox's clock to `hoursLeft` before the deadline; the dashboard learns it from the API's next answer. */
      const moveTo = async (hoursLeft: number) => {
        const { now } = await h.control.advanceClock(0);
        await h.control.advanceClock(Math.round((deadline.getTime() - hoursLeft * HOUR - new Date(now).getTime()) / 1000));
        await ctx.call(med.target, { userId: null }, (c) => c.account.balance());
        const providerNow = await ctxB.providerNow(med.target);
        expect(Math.abs(deadline.getTime() - providerNow.getTime() - hoursLeft * HOUR)).toBeLessThan(60_000);
      };
      const subjects = async (email: string) => (await read(email)).map((m) => m.subject);

      await moveTo(47);
      await bothInstances();
      await bothInstances();
      expect(await subjects(emails.admin)).toEqual(["MED dispute opened: R$40.00", "MED reply due within 48 h: R$40.00"]);
      expect((await subjects(emails.admin2)).filter((s) => s.startsWith("Resposta MED vence em até 48 h"))).toHaveLength(1);
      expect((await subjects(emails.support)).filter((s) => s.includes("48 h"))).toHaveLength(1);

      await moveTo(23);
      await bothInstances();
      expect(await subjects(emails.admin)).toEqual(["MED dispute opened: R$40.00", "MED reply due within 48 h: R$40.00", "MED reply due within 24 h: R$40.00"]);
      expect((await subjects(emails.admin2)).filter((s) => s.includes("24 h"))).toHaveLength(1);
      expect((await subjects(emails.support)).filter((s) => s.includes("24 h"))).toHaveLength(1);

      // Assigned to the support member: the 6 h mark goes to them alone.
      await setAssignee(db(), med.target, inf.infraction_id, support);
      await moveTo(5);
      await bothInstances();
      await bothInstances();
      expect((await subjects(emails.support)).filter((s) => s.includes("6 h"))).toEqual(["Respuesta MED vence en menos de 6 h: BRL 40.00"]);
      expect((await subjects(emails.admin)).filter((s) => s.includes("6 h"))).toEqual([]);
      expect((await subjects(emails.admin2)).filter((s) => s.includes("6 h"))).toEqual([]);
      expect(await read(emails.operator)).toEqual([]);

      // A restarted instance (a new notifier) finds everything told: nothing more.
      const before = received.length;
      await bothInstances();
      expect(received.length).toBe(before);
      const rows = await db().select().from(schema.notificationOutbox).innerJoin(schema.notificationEvents, eq(schema.notificationEvents.id, schema.notificationOutbox.eventId)).where(eq(schema.notificationEvents.organizationId, med.target.organizationId));
      expect(rows.filter((r) => r.notification_outbox.channel === "email").every((r) => r.notification_outbox.state === "sent" && r.notification_outbox.attempts === 1)).toBe(true);
      // 1 opened + 3 marks for three recipients, but the 6 h one for the assignee only: 10 mails.
      expect(rows.filter((r) => r.notification_outbox.channel === "email")).toHaveLength(10);

      // The bell shows the same, newest first, in the member's language.
      const t = createTranslator(getMessages("en"), "en", "America/Sao_Paulo");
      const list = await bell(db(), admin, med.target, { t, locale: "en", timeZone: "America/Sao_Paulo" });
      expect(list.items.map((i) => i.title)).toEqual(["MED reply due within 24 h: R$40.00", "MED reply due within 48 h: R$40.00", "MED dispute opened: R$40.00"]);
      expect(list.unread).toBe(3);
      expect(list.items[0]!.href).toBe(`/infractions/${inf.infraction_id}`);
      expect(list.items[2]!.body).toContain("Ana Souza, ***.982.247-**");
    });

    it.sequential("the organisation's internal deadline has marks of its own, told on the same clock", async () => {
      const org = await connected("MED Internal", ["admin"]);
      await setInternalDeadlineHours(db(), org.target.organizationId, 30, org.members[0]!);
      const inf = await disputed(org.target);
      const deadline = new Date(inf.deadline_at);
      const { now } = await h.control.advanceClock(0);
      // 52 h before the provider's deadline: 22 h before the team's (24 h mark) and 52 h before the provider's (none yet).
      await h.control.advanceClock(Math.round((deadline.getTime() - 52 * HOUR - new Date(now).getTime()) / 1000));
      await ctx.call(org.target, { userId: null }, (c) => c.account.balance());
      await bothInstances();
      const mails = await read(await emailOf(org.members[0]!));
      expect(mails.map((m) => m.subject).sort()).toEqual(["MED dispute opened: R$40.00", "Your team's MED deadline is within 24 h: R$40.00"]);
      expect(mails.find((m) => m.subject.startsWith("Your team's"))!.text).toContain("replies 30 hours before the provider");
    });

    let shop: Awaited<ReturnType<typeof connected>>;

    it.sequential("approvals, failed payouts, credentials, findings, sign-ins and security changes: each made once by two instances, to its recipients only", async () => {
      // admin (en), admin (pt-BR), operator (es-MX), support
      shop = await connected("Notify Shop", ["admin", "admin", "operator", "support"], [null, "pt-BR", "es-MX"]);
      const [admin, admin2, operator, support] = shop.members as [string, string, string, string];
      const deps = { db: db(), ctx, publicBaseUrl: receiver.url };
      await setApprovalPolicy(db(), shop.target.organizationId, admin, { mode: "above", thresholds: { BRL: "100" } });
      const pix = (externalId: string, amount: string) => toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount, externalId, keyType: "cpf", pixKey: "529.982.247-25" }));
      // Held: the operator asks for 150.00 → the two admins.
      expect(await requestPayout(deps, shop.target, operator, pix("notify-held-1", "150,00"))).toMatchObject({ state: "awaiting_approval" });
      // A bulk batch held too (the template's rows, above the threshold in total), asked by admin2 → admin only.
      await setApprovalPolicy(db(), shop.target.organizationId, admin, { mode: "all", thresholds: {} });
      const batch = await createBatch(deps, shop.target, admin2, { fileName: "march.csv", text: bulkTemplate(), token: "notify-batch" });
      expect(batch.state).toBe("awaiting_approval");
      await setApprovalPolicy(db(), shop.target.organizationId, admin, { mode: "none", thresholds: {} });
      // Sent by the operator, failed at the provider (cashout.failed through the webhook path) → the operator.
      const sent = await requestPayout(deps, shop.target, operator, pix("notify-fails-1", "12,50"));
      const [row] = await db().select().from(schema.payouts).where(eq(schema.payouts.id, sent.id));
      await h.control.simulate(row!.transactionId!, { event: "cashout.failed", error_code: "PIX_KEY_NOT_FOUND" });
      await eventually(async () => (await db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, shop.target.organizationId))).length, (n) => n >= 1, 10_000, "the cashout.failed webhook");
      await drainWebhooks();
      // A second credential registered by admin2 → admin only.
      const second = await sandboxAccount(h, { activate: true });
      await registerSandboxCredential(h, shop.target.organizationId, admin2, second.credential, "Backup key");
      // A reconciliation finding → the admins.
      await openFinding(db(), shop.target, "stuck_pending", "tx-stuck-42", { status: "pending" });

      await bothInstances();
      const subjects = async (userId: string) => (await read(await emailOf(userId))).map((m) => m.subject).sort();
      expect(await subjects(admin)).toEqual(
        ["A bulk payout of 4 rows waits for your approval", "A payout of R$150.00 waits for your approval", "An API credential waits for activation", "Reconciliation: Pending too long"].sort(),
      );
      expect(await subjects(admin2)).toEqual(["Conciliação: Pendente há tempo demais", "Um pagamento de R$ 150,00 aguarda sua aprovação"].sort());
      expect(await subjects(operator)).toEqual(["Tu pago de BRL 12.50 falló"]);
      expect(await subjects(support)).toEqual([]);

      // Sign-ins and security changes (the person's own, mailed from the request that made them).
      const notice = securityNotice(db(), mail);
      await notice(operator, "auth.password_changed", { userId: operator, address: "203.0.113.9" });
      await notice(operator, "auth.two_factor_reset", { userId: admin, address: "203.0.113.10" });
      const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
      const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
      await signInNotice(db(), mail, { userId: operator, sessionId: crypto.randomUUID(), userAgent: chrome, address: "203.0.113.9" }); // the first: nothing to compare with
      await signInNotice(db(), mail, { userId: operator, sessionId: crypto.randomUUID(), userAgent: chrome.replace("126.0", "127.0"), address: "203.0.113.9" }); // an update: the same browser
      await signInNotice(db(), mail, { userId: operator, sessionId: crypto.randomUUID(), userAgent: firefox, address: "198.51.100.7" }); // new
      const operatorEmail = await emailOf(operator);
      await eventually(async () => (await read(operatorEmail)).length, (n) => n === 4, 10_000, "the operator's four mails");
      await bothInstances();
      expect(await subjects(operator)).toEqual(
        ["Nuevo inicio de sesión desde Firefox · Windows", "Seguridad: Se cambió tu contraseña (tus otras sesiones se cerraron)", "Seguridad: Se restableció el inicio de sesión en dos factores", "Tu pago de BRL 12.50 falló"].sort(),
      );
      const reset = (await read(operatorEmail)).find((m) => m.subject.includes("restableció"))!;
      expect(reset.text).toContain("por un admin de tu organización");
      expect(reset.text).toContain("203.0.113.10");

      // The bell: each member's own, in this organisation and environment.
      const t = createTranslator(getMessages("en"), "en", "America/Sao_Paulo");
      const reader = { t, locale: "en" as const, timeZone: "America/Sao_Paulo" };
      expect((await bell(db(), support, shop.target, reader)).items).toEqual([]);
      const ops = await bell(db(), operator, shop.target, reader);
      expect(ops.items.map((i) => i.kind).sort()).toEqual(["new_sign_in", "payout_failed", "security_change", "security_change"]);
      expect(ops.items.find((i) => i.kind === "payout_failed")).toMatchObject({ href: `/transactions?tx=${row!.transactionId}`, body: expect.stringContaining("No account holds this PIX key.") });
      // Another organisation's bell does not show this one's, but the person's own notices follow them.
      expect((await bell(db(), operator, med.target, reader)).items.map((i) => i.kind).sort()).toEqual(["new_sign_in", "security_change", "security_change"]);

    });

    it.sequential("every mail is in its reader's language, with a plain-text part and an HTML one, and carries no secret or full document number", async () => {
      const allMails = await Promise.all(received.map(readMail));
      expect(allMails.length).toBeGreaterThan(20);
      const { token } = await endpointFor(db(), shop.target.organizationId, "sandbox");
      const secrets = [shop.credential.client_secret, shop.credential.signing_key, med.credential.client_secret, med.credential.signing_key, token];
      const fullDocuments = [CPF, "529.982.247-25"];
      for (const m of allMails) {
        expect(m.contentTypes).toContain("text/plain");
        expect(m.contentTypes).toContain("text/html");
        expect(m.text.length).toBeGreaterThan(40);
        expect(m.html).toContain("<a href=\"https://dash.example/");
        expect(m.messageId).toMatch(/^<notification-\d+\./);
        for (const s of [...secrets, ...fullDocuments]) {
          expect(m.raw).not.toContain(s);
          expect(m.text).not.toContain(s);
        }
        // Greeted in the reader's language, with the link to change what reaches them (or why it cannot).
        expect(m.text).toMatch(/^(Hello |Olá, |Hola, )/);
      }
      const opened = allMails.find((m) => m.subject === "MED dispute opened: R$40.00")!;
      expect(opened.text).toContain("Ana Souza, ***.982.247-**");
      expect(opened.text).toMatch(/Reply before [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \(UTC−03:00\)\./);
      expect(opened.text).toContain("https://dash.example/settings/preferences");
      const pt = allMails.find((m) => m.subject.startsWith("Um pagamento de R$ 150,00"))!;
      expect(pt.text).toContain("Olá, ");
      expect(pt.text).toContain("Aprove ou recuse em Enviar → Aprovações");
      expect(pt.text).toContain("notify-held-1");
      const security = allMails.find((m) => m.subject.startsWith("Seguridad: Se cambió"))!;
      expect(security.text).toContain("Los avisos sobre la seguridad de tu cuenta siempre se envían.");
      expect(security.text).not.toContain("/settings/preferences");
    });

    it.sequential("preferences turn each kind off in the bell and by e-mail, or gather it into one digest at 8:00 on the member's clock; security mail stays on", async () => {
      const org = await createOrganization(db(), "Prefs Co", ["admin", "admin"]);
      const [quiet, digest] = org.members.map((m) => m.userId) as [string, string];
      await db().update(schema.users).set({ locale: "pt-BR", timeZone: "America/Sao_Paulo" }).where(eq(schema.users.id, digest));
      const scope = { organizationId: org.organizationId, environment: "sandbox" as const };
      for (const kind of NOTIFICATION_KINDS) {
        if (kind === "new_sign_in" || kind === "security_change") {
          await expect(setPreference(db(), quiet, kind, { inApp: false, email: "off" })).rejects.toMatchObject({ code: "ALWAYS_MAILED" });
          await setPreference(db(), quiet, kind, { inApp: false, email: "instant" });
          await expect(setPreference(db(), digest, kind, { inApp: true, email: "digest" })).rejects.toMatchObject({ code: "ALWAYS_MAILED" });
        } else {
          await setPreference(db(), quiet, kind, { inApp: false, email: "off" });
          await setPreference(db(), digest, kind, { inApp: true, email: "digest" });
        }
      }
      // 9:30 in São Paulo (12:30 UTC): the digest goes at 8:00 there tomorrow.
      const at = new Date("2031-03-10T12:30:00Z");
      const params: Record<NotificationKind, Record<string, unknown>> = {
        infraction_opened: { infractionId: "inf-p", amount: "10", currency: "BRL", type: "FRAUD", deadlineAt: "2031-03-12T12:00:00Z", payer: "" },
        infraction_deadline: { infractionId: "inf-p", amount: "10", currency: "BRL", type: "FRAUD", deadlineAt: "2031-03-12T12:00:00Z", which: "provider", hours: 48 },
        approval_waiting: { what: "payout", amount: "300", currency: "BRL", payoutKind: "pix", reference: "ref-p", requester: "Someone" },
        payout_failed: { amount: "5", currency: "BRL", reference: "ref-f", errorCode: "UNKNOWN" },
        credential_pending: { name: "Key", environment: "sandbox", creator: "Someone" },
        reconciliation_finding: { findingKind: "missed_webhook", reference: "tx-1" },
        new_sign_in: { browser: "Chrome · Linux", address: "203.0.113.1", at: at.toISOString() },
        security_change: { what: "auth.password_changed", address: "203.0.113.1", at: at.toISOString(), byAdmin: false },
      };
      for (const kind of NOTIFICATION_KINDS) {
        const personal = kind === "new_sign_in" || kind === "security_change";
        await notify(db(), { key: `prefs-test:${kind}`, kind, organizationId: personal ? null : org.organizationId, environment: personal ? null : "sandbox", params: params[kind] }, [quiet, digest], at);
      }
      const rows = await db().select().from(schema.notificationOutbox).innerJoin(schema.notificationEvents, eq(schema.notificationEvents.id, schema.notificationOutbox.eventId));
      const of = (userId: string) =>
        rows
          .filter((r) => r.notification_outbox.userId === userId && r.notification_events.key.startsWith("prefs-test:"))
          .map((r) => `${r.notification_events.kind}:${r.notification_outbox.channel}`)
          .sort();
      // Off everywhere but the security mail.
      expect(of(quiet)).toEqual(["new_sign_in:email", "security_change:email"]);
      // The bell for everything, and every kind but security in the digest.
      expect(of(digest)).toEqual(
        NOTIFICATION_KINDS.flatMap((k) => (k === "new_sign_in" || k === "security_change" ? [`${k}:email`, `${k}:in_app`] : [`${k}:digest`, `${k}:in_app`])).sort(),
      );
      const due = rows.filter((r) => r.notification_outbox.userId === digest && r.notification_outbox.channel === "digest").map((r) => r.notification_outbox.nextAttemptAt.toISOString());
      expect(new Set(due)).toEqual(new Set(["2031-03-11T11:00:00.000Z"])); // 8:00 in São Paulo (UTC−3)

      const digestEmail = await emailOf(digest);
      // Before 8:00 nothing; at 8:00 one mail with the six, by two instances at once.
      expect(await mailDigests(h.opened, mail, { now: new Date("2031-03-11T10:59:00Z") })).toBe(0);
      const [a, b] = await Promise.all([mailDigests(h.opened, mail, { now: new Date("2031-03-11T11:00:00Z") }), mailDigests(other, mail, { now: new Date("2031-03-11T11:00:01Z") })]);
      expect(a + b).toBe(1);
      const digests = (await read(digestEmail)).filter((m) => m.subject.startsWith("Seu resumo diário"));
      expect(digests.map((m) => m.subject)).toEqual(["Seu resumo diário: 6 notificações"]);
      expect(digests[0]!.text).toContain("Um pagamento de R$ 300,00 aguarda sua aprovação");
      expect(digests[0]!.contentTypes).toEqual(expect.arrayContaining(["text/plain", "text/html"]));
      expect(await mailDigests(h.opened, mail, { now: new Date("2031-03-12T11:00:00Z") })).toBe(0);

      // The bell: nothing for the quiet member; marked read one by one or all, never another member's.
      const t = createTranslator(getMessages("en"), "en", "UTC");
      const reader = { t, locale: "en" as const, timeZone: "UTC" };
      expect((await bell(db(), quiet, scope, reader)).items).toEqual([]);
      const mine = await bell(db(), digest, scope, reader);
      expect(mine.unread).toBe(8);
      expect(await markRead(db(), quiet, scope, { ids: mine.items.map((i) => i.id) })).toBe(0);
      expect(await markRead(db(), digest, scope, { ids: [mine.items[0]!.id] })).toBe(1);
      expect((await bell(db(), digest, scope, reader)).unread).toBe(7);
      expect(await markRead(db(), digest, scope, { all: true })).toBe(7);
      expect((await bell(db(), digest, scope, reader)).unread).toBe(0);
    });
  });
}
