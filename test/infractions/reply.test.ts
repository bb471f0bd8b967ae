/**
 * Replying to a PIX infraction with evidence (lib/infractions/reply.ts, the route handler's core)
 * against a real sandbox over HTTP and a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): a PDF and a PNG make it responded with the reply in the mirror; six
 * files, an 11 MB file, an executable named .pdf, an empty message, a resolved infraction and a
 * passed deadline are refused without anything reaching the API; an operator may not reply.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { eventsSince } from "@/lib/events/live";
import { AuthorizationError, checkAccess, loadAccess } from "@/lib/auth/access";
import { getInfraction, readInfraction, refreshInfraction } from "@/lib/infractions/mirror";
import { replyToInfraction, type ReplyFile } from "@/lib/infractions/reply";
import { POST } from "@/app/api/infractions/[id]/reply/route";
import { databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { patient } from "@/test/support/patience";

type T = { organizationId: string; environment: "sandbox" };
const MB = 1024 * 1024;

// The route handler's Next.js edges (session, language, shared database and context) point at the
// suite's own: `route.access` is the signed-in member's access (null: signed out).
const route = vi.hoisted(() => ({ access: null as unknown, db: null as unknown, ctx: null as unknown }));
vi.mock("@/lib/auth/authorize", async () => {
  const access = await import("@/lib/auth/access");
  return { AuthorizationError: access.AuthorizationError, authorize: async (p: Parameters<typeof access.checkAccess>[1]) => access.checkAccess(route.access as never, p) };
});
vi.mock("@/lib/i18n/server", async () => {
  const i18n = await import("@/lib/i18n");
  return { getI18n: async () => ({ locale: "en", messages: i18n.getMessages("en"), t: i18n.createTranslator(i18n.getMessages("en"), "en") }) };
});
vi.mock("@/lib/api-context", () => ({ apiContext: async () => route.ctx, memberScope: async (access: { organizationId: string }) => ({ organizationId: access.organizationId, environment: "sandbox" }) }));
vi.mock("@/lib/db", () => ({ getDb: async () => route.db }));

const withHead = (head: number[] | string, size: number) => {
  const bytes = new Uint8Array(size);
  const h = typeof head === "string" ? new TextEncoder().encode(head) : Uint8Array.from(head);
  bytes.set(h);
  for (let i = h.length; i < size; i++) bytes[i] = i % 251;
  return bytes;
};
const pdf = (name: string, size = 2048): ReplyFile => ({ name, bytes: withHead("%PDF-1.7\n", size) });
const png = (name: string, size = 1024): ReplyFile => ({ name, bytes: withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size) });
const exe = (name: string): ReplyFile => ({ name, bytes: withHead("MZ\x90\x00\x03", 4096) });

for (const target of databaseTargets()) {
  describe(`infraction reply with evidence [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    const db = () => h.opened.db;
    let t: T;
    let support: string;
    let operator: string;

    async function openInfraction(amount = 40) {
      const c = await ctx.call(t, { userId: null }, (x) => x.cashin.create({ amount, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } }));
      await h.control.simulate(c.transaction_id, { event: "cashin.confirmed" });
      const opened = await h.control.openInfraction({ transaction_id: c.transaction_id, type: "REFUND_REQUEST", reason: "not received" });
      await refreshInfraction({ db: db(), ctx }, t, opened.infraction_id);
      return opened.infraction_id;
    }
    const apiReplies = async (id: string) => (await readInfraction(ctx, t, id)).replies;
    const reply = (id: string, message: string, files: ReplyFile[], opts: { now?: Date } = {}) =>
      replyToInfraction({ db: db(), ctx }, t, support, id, message, files, { address: "127.0.0.1", ...opts });

    beforeAll(async () => {
      h = await startHarness(target);
      ctx = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
      const org = await createOrganization(db(), "MED reply org", ["admin", "support", "operator"]);
      const admin = org.members[0]!.userId;
      support = org.members[1]!.userId;
      operator = org.members[2]!.userId;
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 1000 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, admin, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, { userId: admin, address: null });
      t = { organizationId: org.organizationId, environment: "sandbox" };
      route.db = db();
      route.ctx = ctx;
    }, patient(60_000));
    afterAll(async () => {
      await ctx?.flush();
      await h?.dispose();
    });

    it("only support and admin may reply: an operator is refused, support is allowed", async () => {
      expect(() => checkAccess(null, "infractions.reply")).toThrow(AuthorizationError);
      const op = await loadAccess(db(), operator);
      expect(() => checkAccess(op, "infractions.reply")).toThrow(expect.objectContaining({ reason: "forbidden" }));
      expect(checkAccess(await loadAccess(db(), support), "infractions.reply")).toMatchObject({ userId: support, role: "support" });
    });

    it("refuses six files, an 11 MB file, an executable named .pdf and an empty message; nothing reaches the API", async () => {
      const id = await openInfraction();
      const six = await reply(id, "Delivered.", Array.from({ length: 6 }, (_, i) => pdf(`doc${i}.pdf`)));
      expect(six).toEqual({ ok: false, httpStatus: 400, error: { code: "TOO_MANY_FILES", messages: ["infractions.reply.errors.tooMany|max=5"], field: "files" } });

      const big = await reply(id, "Delivered.", [pdf("receipt.pdf"), pdf("scan.pdf", 11 * MB)]);
      expect(big).toEqual({ ok: false, httpStatus: 413, error: { code: "FILE_TOO_LARGE", messages: ["infractions.reply.errors.tooLarge|name=scan.pdf|max=10 MB"], field: "files" } });

      const fake = await reply(id, "Delivered.", [exe("x.pdf")]);
      expect(fake).toEqual({ ok: false, httpStatus: 415, error: { code: "FILE_TYPE_NOT_ALLOWED", messages: ["infractions.reply.errors.notAllowedType|name=x.pdf"], field: "files" } });

      expect(await reply(id, "   ", [pdf("a.pdf")])).toMatchObject({ ok: false, httpStatus: 400, error: { code: "MESSAGE_REQUIRED", field: "message" } });
      expect(await reply(id, "x".repeat(5001), [])).toMatchObject({ ok: false, httpStatus: 400, error: { code: "MESSAGE_TOO_LONG", field: "message" } });
      expect(await reply("0".repeat(32), "Delivered.", [pdf("a.pdf")])).toMatchObject({ ok: false, httpStatus: 404, error: { code: "NOT_FOUND" } });
      // Past the API's deadline (judged from the mirror): refused before sending.
      const row = (await getInfraction(db(), t, id))!;
      expect(await reply(id, "Delivered.", [pdf("a.pdf")], { now: new Date(row.deadlineAt!.getTime() + 1000) })).toMatchObject({ ok: false, httpStatus: 409, error: { code: "DEADLINE_PASSED" } });

      expect(await apiReplies(id)).toEqual([]);
      expect((await getInfraction(db(), t, id))!.status).toBe("open");
      const audit = await db().select().from(schema.auditLog).where(and(eq(schema.auditLog.organizationId, t.organizationId), eq(schema.auditLog.action, "infraction.replied")));
      expect(audit).toEqual([]);
    });

    it("support replies with a PDF and a PNG: responded, the reply with both files in the mirror, audited and published", async () => {
      const id = await openInfraction(25);
      const files = [pdf("receipt.pdf", 300_000), png("photo.png", 50_000)];
      const r = await reply(id, "Delivered on 3 May; receipt and photo attached.", files);
      expect(r).toMatchObject({ ok: true, status: "responded", replyId: expect.any(String) });

      const row = (await getInfraction(db(), t, id))!;
      expect(row.status).toBe("responded");
      const replies = row.replies as { reply_id: string; message: string; files: { name: string; content_type: string; size: number; sha256: string }[] }[];
      expect(replies).toHaveLength(1);
      expect(replies[0]).toMatchObject({ message: "Delivered on 3 May; receipt and photo attached." });
      expect(replies[0]!.files).toHaveLength(2);
      expect(replies[0]!.files.map((f) => [f.name, f.content_type, f.size])).toEqual([
        ["receipt.pdf", "application/pdf", 300_000],
        ["photo.png", "image/png", 50_000],
      ]);

      const [audit] = await db().select().from(schema.auditLog).where(and(eq(schema.auditLog.organizationId, t.organizationId), eq(schema.auditLog.action, "infraction.replied")));
      expect(audit).toMatchObject({ userId: support, address: "127.0.0.1", target: id });
      const details = audit!.details as { files: { name: string; size: number; sha256: string; type: string }[] };
      expect(details.files.map((f) => [f.name, f.type, f.size])).toEqual([
        ["receipt.pdf", "application/pdf", 300_000],
        ["photo.png", "image/png", 50_000],
      ]);
      // The hashes the API computed from the bytes it received match the audit's.
      expect(details.files.map((f) => f.sha256)).toEqual(replies[0]!.files.map((f) => f.sha256));

      const live = await eventsSince(db(), t.organizationId, 0);
      expect(live.some((e) => e.kind === "infraction" && (e.payload as { infractionId?: string; status?: string }).infractionId === id && (e.payload as { status?: string }).status === "responded")).toBe(true);
    });

    it("the type sent is the sniffed one: a PNG named .pdf goes as image/png, its name ending .png; a path or markup in a name never reaches the API", async () => {
      const id = await openInfraction(12);
      expect(await reply(id, "Photo of the parcel.", [png("parcel.pdf"), pdf("../../../etc/evil<script>.pdf")])).toMatchObject({ ok: true, status: "responded" });
      const files = (await apiReplies(id))[0]!.files;
      expect(files).toEqual([
        expect.objectContaining({ name: "parcel.png", content_type: "image/png" }),
        expect.objectContaining({ name: "evil_script_.pdf", content_type: "application/pdf" }),
      ]);
    });

    it("a resolved infraction is refused: by the API when the mirror is stale (then the mirror catches up), by the mirror after", async () => {
      const id = await openInfraction(30);
      await h.control.resolveInfraction(id, "won");
      // The mirror still says open: the API refuses, the mirror is refreshed.
      expect((await getInfraction(db(), t, id))!.status).toBe("open");
      expect(await reply(id, "Delivered.", [pdf("a.pdf")])).toMatchObject({ ok: false, httpStatus: 409, error: { code: "INFRACTION_RESOLVED", messages: ["infractions.reply.errors.resolved"] } });
      expect((await getInfraction(db(), t, id))!.status).toBe("resolved");
      // Now refused from the mirror, before anything is sent.
      expect(await reply(id, "Delivered.", [pdf("a.pdf")])).toMatchObject({ ok: false, httpStatus: 409, error: { code: "INFRACTION_RESOLVED" } });
      expect(await apiReplies(id)).toEqual([]);
    });

    describe("the route handler (POST /api/infractions/{id}/reply)", () => {
      /** As the browser posts it from the dashboard's page: its Origin is the host it is sent to. */
      const call = async (id: string, init: { body?: BodyInit | null; headers?: Record<string, string> }) => {
        const headers = { host: "dash.test", origin: "http://dash.test", ...init.headers };
        const res = await POST(new Request(`http://dash.test/api/infractions/${id}/reply`, { method: "POST", ...init, headers, duplex: "half" } as RequestInit), { params: Promise.resolve({ id }) });
        return { status: res.status, body: (await res.json()) as { ok: boolean; status?: string; error?: { code: string; message: string; field?: string } } };
      };
      const form = (message: string, files: ReplyFile[]) => {
        const fd = new FormData();
        fd.append("message", message);
        // Declared types lie on purpose: the server sniffs the content.
        for (const f of files) fd.append("files", new Blob([new Uint8Array(f.bytes)], { type: "application/pdf" }), f.name);
        return fd;
      };
      const as = async (userId: string | null) => {
        route.access = userId ? await loadAccess(db(), userId) : null;
      };

      it("refuses a post from another site (or without an Origin) before anything else, with a message", async () => {
        const id = await openInfraction(14);
        await as(support);
        for (const origin of ["https://evil.example", ""]) {
          const refused = await call(id, { body: form("Delivered.", [pdf("a.pdf")]), headers: origin ? { origin } : { origin: "null" } });
          expect(refused).toMatchObject({ status: 403, body: { ok: false, error: { code: "CROSS_ORIGIN", message: expect.stringContaining("did not come from the dashboard") } } });
        }
        expect(await apiReplies(id)).toEqual([]);
      });

      it("refuses a signed-out caller (401) and an operator (403) with a message, before reading anything", async () => {
        const id = await openInfraction(11);
        await as(null);
        expect(await call(id, { body: form("Delivered.", [pdf("a.pdf")]) })).toEqual({ status: 401, body: { ok: false, error: { code: "UNAUTHENTICATED", message: "Your session has ended. Sign in again to reply." } } });
        await as(operator);
        expect(await call(id, { body: form("Delivered.", [pdf("a.pdf")]) })).toEqual({ status: 403, body: { ok: false, error: { code: "FORBIDDEN", message: "Only support and admin members can reply to infractions." } } });
        expect(await apiReplies(id)).toEqual([]);
      });

      it("support: a PDF and a PNG are accepted (responded); bad input is refused with 4xx and a clear message", async () => {
        const id = await openInfraction(13);
        await as(support);
        const six = await call(id, { body: form("Delivered.", Array.from({ length: 6 }, (_, i) => pdf(`d${i}.pdf`))) });
        expect(six).toEqual({ status: 400, body: { ok: false, error: { code: "TOO_MANY_FILES", message: "At most 5 files can be attached.", field: "files" } } });
        const big = await call(id, { body: form("Delivered.", [pdf("huge.pdf", 11 * MB)]) });
        expect(big).toEqual({ status: 413, body: { ok: false, error: { code: "FILE_TOO_LARGE", message: "huge.pdf is larger than 10 MB.", field: "files" } } });
        const fake = await call(id, { body: form("Delivered.", [exe("x.pdf")]) });
        expect(fake).toEqual({ status: 415, body: { ok: false, error: { code: "FILE_TYPE_NOT_ALLOWED", message: "x.pdf is not a PDF, JPG or PNG file (its content was checked, not its name).", field: "files" } } });
        expect(await call(id, { body: JSON.stringify({ message: "hi" }), headers: { "content-type": "application/json" } })).toMatchObject({ status: 415, body: { error: { code: "UNSUPPORTED_CONTENT_TYPE" } } });
        expect(await call("f".repeat(32), { body: form("Delivered.", []) })).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND", message: "This infraction was not found in this environment." } } });
        expect(await apiReplies(id)).toEqual([]);

        const ok = await call(id, { body: form("Delivered; receipt and photo attached.", [pdf("receipt.pdf"), png("photo.png")]) });
        expect(ok).toEqual({ status: 200, body: { ok: true, status: "responded" } });
        const row = (await getInfraction(db(), t, id))!;
        expect(row.status).toBe("responded");
        expect((row.replies as { files: unknown[] }[])[0]!.files).toHaveLength(2);
      });

      it("caps the body: by Content-Length before reading, and by counting a body without one", async () => {
        const id = await openInfraction(14);
        await as(support);
        const declared = await call(id, { body: "x", headers: { "content-type": "multipart/form-data; boundary=abc", "content-length": String(60 * MB) } });
        expect(declared).toMatchObject({ status: 413, body: { ok: false, error: { code: "BODY_TOO_LARGE", field: "files" } } });
        let sent = 0;
        const chunk = new Uint8Array(MB);
        const endless = new ReadableStream<Uint8Array>({
          pull(c) {
            if (sent >= 80 * MB) return c.close();
            sent += chunk.byteLength;
            c.enqueue(chunk);
          },
        });
        const streamed = await call(id, { body: endless, headers: { "content-type": "multipart/form-data; boundary=abc" } });
        expect(streamed).toMatchObject({ status: 413, body: { ok: false, error: { code: "BODY_TOO_LARGE", message: "The upload is larger than 51 MB in total." } } });
        expect(sent).toBeLessThan(80 * MB);
        expect(await call(id, { body: "garbage", headers: { "content-type": "multipart/form-data; boundary=abc" } })).toMatchObject({ status: 400, body: { error: { code: "UNREADABLE_BODY" } } });
        expect(await apiReplies(id)).toEqual([]);
      });
    });
  });
}
