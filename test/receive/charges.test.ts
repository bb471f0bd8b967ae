/**
 * Charges (Receive) against a real sandbox over HTTP and a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): created once whatever the retries, carrying the organisation's intake URL
 * as postback_url, paid through the sandbox and verified through the webhook path, and the public
 * payment page answering only while it should.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { endpointFor, intakeUrl } from "@/lib/events/intake";
import { processDue } from "@/lib/events/worker";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { chargeFormSchema, type ChargeForm } from "@/lib/charges/form";
import { createCharge, getCharge, listCharges, publicCharge, RECENT_PAYER_WINDOW, recentPayers, setPayEnabled } from "@/lib/charges/service";
import { isPaymentApiError } from "@/lib/payment-api";
import { validateBarcode } from "@/lib/payments/boleto";
import { isValidClabe } from "@/lib/payments/clabe";
import { decodeBrCode } from "@/lib/payments/pix-br-code";
import { databaseTargets } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";
import { patient } from "@/test/support/patience";

const pixForm = (externalId: string, over: Partial<ChargeForm> = {}): ChargeForm =>
  chargeFormSchema.parse({
    method: "PIX",
    amount: "25,50",
    externalId,
    payer: { name: "Ana Souza", document: "529.982.247-25", email: "ana@example.com" },
    ...over,
  });

for (const target of databaseTargets()) {
  describe(`charges [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    let base: string;
    const db = () => h.opened.db;

    async function connected(name: string) {
      const org = await createOrganization(db(), name, ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 100 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, { userId, address: null });
      // The credential's default URL points elsewhere: only the charge's own postback_url can bring the webhook home.
      await routeSandboxWebhooks(db(), h.control, org.organizationId, acct.credential.client_id, "http://127.0.0.1:9/nowhere");
      return { target: { organizationId: org.organizationId, environment: "sandbox" as const }, userId, username: acct.username };
    }

    const deps = () => ({ db: db(), ctx, publicBaseUrl: base });

    async function drain(organizationId: string, n: number) {
      const delivered = async () => (await db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, organizationId))).length;
      await eventually(delivered, (got) => got >= n, 10_000, `${n} deliveries`);
      for (let i = 0; i < 20; i++) {
        await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
        if ((await processDue({ db: db(), ctx })) === 0) return;
      }
    }

    beforeAll(async () => {
      ({ h, ctx, receiver } = await openWebhookHarness(target));
      base = receiver.url;
    }, patient(60_000));
    afterAll(() => closeWebhookHarness({ h, ctx, receiver }));

    it("creates a PIX charge with its QR code, carrying the intake URL, and shows it paid once the webhook is verified", async () => {
      const c = await connected("PIX org");
      const { id, replayed } = await createCharge(deps(), c.target, c.userId, pixForm("chg-pix-1"));
      expect(replayed).toBe(false);
      const charge = (await getCharge(db(), c.target, id))!;
      expect(charge).toMatchObject({ state: "created", method: "PIX", currency: "BRL", amount: "25.5", status: "pending" });
      const decoded = decodeBrCode(charge.paymentInfo!.qrcode!);
      expect(decoded.ok).toBe(true);
      // the mirror row was written by the dashboard with its external id
      const [row] = await db()
        .select()
        .from(schema.transactions)
        .where(and(eq(schema.transactions.organizationId, c.target.organizationId), eq(schema.transactions.transactionId, charge.transactionId!)));
      expect(row).toMatchObject({ externalId: "chg-pix-1", origin: "dashboard", status: "pending" });

      await h.control.simulate(charge.transactionId!, { event: "cashin.confirmed" });
      await drain(c.target.organizationId, 1);
      const deliveries = await fetch(`${h.sandbox.url}/sandbox/webhooks/deliveries?transaction_id=${charge.transactionId}`, { headers: { authorization: "Bearer connect-test-admin-token-0123456789abcdef" } }).then(
        (r) => r.json() as Promise<{ data: { deliveries: { url: string; status: string }[] } }>,
      );
      const { token } = await endpointFor(db(), c.target.organizationId, "sandbox");
      expect(deliveries.data.deliveries[0]).toMatchObject({ url: intakeUrl(base, token), status: "delivered" });
      const paid = (await getCharge(db(), c.target, id))!;
      expect(paid).toMatchObject({ status: "confirmed", fee: "0.38", amountNet: "25.12" });
      expect((await publicCharge(db(), paid.payToken))?.status).toBe("paid");
    });

    it("a double submit and a retry with the same reference make one charge at the API", async () => {
      const c = await connected("Double org");
      const [a, b] = await Promise.all([createCharge(deps(), c.target, c.userId, pixForm("chg-double")), createCharge(deps(), c.target, c.userId, pixForm("chg-double"))]);
      expect(a.id).toBe(b.id);
      const again = await createCharge(deps(), c.target, c.userId, pixForm("chg-double"));
      expect(again).toEqual({ id: a.id, replayed: true });
      const listed = await ctx.call(c.target, { userId: null }, (cl) => cl.transactions.list({ external_id: "chg-double" }));
      expect(listed.items).toHaveLength(1);
      expect(await listCharges(db(), c.target)).toHaveLength(1);
      // the same reference with another amount is refused, not sent
      await expect(createCharge(deps(), c.target, c.userId, pixForm("chg-double", { amount: "30" }))).rejects.toMatchObject({ code: "EXTERNAL_ID_USED" });
    });

    it("a refusal keeps the charge resendable: the corrected form goes out under the same reference", async () => {
      const c = await connected("Split org");
      const bad = pixForm("chg-split", { split: [{ username: "nobody_here", kind: "percentage", value: "10" }] });
      const e = await createCharge(deps(), c.target, c.userId, bad).catch((x: unknown) => x);
      expect(isPaymentApiError(e) && e.code).toBe("INVALID_SPLIT_CONFIG");
      expect(isPaymentApiError(e) && e.field).toBe("split.0.username");
      const [failed] = await listCharges(db(), c.target);
      expect(failed).toMatchObject({ state: "failed", errorCode: "INVALID_SPLIT_CONFIG" });
      const ok = await createCharge(deps(), c.target, c.userId, pixForm("chg-split"));
      expect(ok.id).toBe(failed!.id);
      expect((await getCharge(db(), c.target, ok.id))?.state).toBe("created");
    });

    it("issues a boleto (both methods) with a valid barcode and digitable line, and remembers the payer", async () => {
      const c = await connected("Boleto org");
      for (const method of ["BOLETO", "PIX_BOLETO"] as const) {
        const form = chargeFormSchema.parse({
          method,
          amount: "150,00",
          externalId: `chg-${method}`,
          payer: {
            name: "Bruno Lima",
            document: "11.222.333/0001-81",
            email: "bruno@example.com",
            phone: "(11) 98765-4321",
            address: { address: "Rua A", number: "10", district: "Centro", city: "São Paulo", zipCode: "01001-000", uf: "sp" },
          },
        });
        const { id } = await createCharge(deps(), c.target, c.userId, form);
        const charge = (await getCharge(db(), c.target, id))!;
        expect(validateBarcode(charge.boleto!.barcode).ok).toBe(true);
        expect(charge.boleto!.digitable_line.replace(/\D/g, "")).toHaveLength(47);
        if (method === "PIX_BOLETO") expect(decodeBrCode(charge.boleto!.pix_qrcode!).ok).toBe(true);
      }
      const payers = await recentPayers(db(), c.target);
      expect(payers).toEqual([expect.objectContaining({ name: "Bruno Lima", document: "11222333000181", phone: "11987654321" })]);
    });

    it("recent payers: the latest distinct ones, newest first, from the last charges only", async () => {
      const org = await createOrganization(db(), "Payers window org", ["admin"]);
      const target = { organizationId: org.organizationId, environment: "sandbox" as const };
      const insert = (rows: { name: string; document: string; secondsAgo: number }[]) =>
        db().insert(schema.charges).values(
          rows.map((r, i) => ({
            ...target,
            externalId: `w-${r.secondsAgo}-${i}`,
            method: "PIX" as const,
            currency: "BRL",
            amount: "1",
            payer: { name: r.name, document: r.document },
            request: {},
            payToken: `w-${org.organizationId}-${r.secondsAgo}-${i}`,
            createdAt: new Date(Date.now() - r.secondsAgo * 1000),
          })),
        );
      // Olga paid long ago; then Ana for a whole window of charges; Carla before and after Bruno.
      await insert([{ name: "Olga", document: "39053344705", secondsAgo: 100_000 }]);
      await insert(Array.from({ length: RECENT_PAYER_WINDOW - 3 }, (_, i) => ({ name: "Ana", document: "52998224725", secondsAgo: 50_000 - i })));
      await insert([
        { name: "Carla", document: "11144477735", secondsAgo: 30 },
        { name: "Bruno", document: "11222333000181", secondsAgo: 20 },
        { name: "Carla Souza", document: "11144477735", secondsAgo: 10 },
      ]);
      const payers = await recentPayers(db(), target);
      expect(payers.map((p) => p.name)).toEqual(["Carla Souza", "Bruno", "Ana"]);
    });

    it("SPEI gives a valid CLABE and crypto an address on the chosen network", async () => {
      const c = await connected("Multi org");
      const spei = await createCharge(deps(), c.target, c.userId, chargeFormSchema.parse({ method: "SPEI", amount: "500", externalId: "chg-spei", payer: { name: "Luis Pérez", document: "PELU800101HDFRRS09" } }));
      expect(isValidClabe((await getCharge(db(), c.target, spei.id))!.paymentInfo!.clabe!)).toBe(true);
      const crypto = await createCharge(
        deps(),
        c.target,
        c.userId,
        chargeFormSchema.parse({ method: "CRYPTO", coin: "USDT", chain: "tron", amount: "20", externalId: "chg-usdt", payer: { name: "Carla", document: "X1" } }),
      );
      const cc = (await getCharge(db(), c.target, crypto.id))!;
      expect(cc.paymentInfo).toMatchObject({ address: expect.stringMatching(/^T/), min_confirmations: 20 });
      expect(Date.parse(cc.expiresAt!) - Date.parse(cc.createdAt)).toBeGreaterThan(25 * 60_000);
    });

    it("the payment page answers only while the charge is payable and switched on", async () => {
      const c = await connected("Page org");
      const { id } = await createCharge(deps(), c.target, c.userId, pixForm("chg-page"));
      const charge = (await getCharge(db(), c.target, id))!;
      const page = await publicCharge(db(), charge.payToken);
      expect(page).toMatchObject({ merchant: "Page org", status: "pending", amount: "25.5" });
      // nothing that names a member, the charge's ids or the payer
      expect(JSON.stringify(page)).not.toMatch(/chg-page|Ana Souza|52998224725|@test\.dev/);
      // (the PIX code itself carries the charge's location, as every BR Code must: the payer's bank reads it)
      const { qrcode: _code, ...rest } = page!.paymentInfo!;
      expect(JSON.stringify({ ...page, paymentInfo: rest })).not.toContain(charge.transactionId!);
      expect(await publicCharge(db(), "x".repeat(43))).toBeNull();
      await setPayEnabled(db(), c.target, id, false);
      expect(await publicCharge(db(), charge.payToken)).toBeNull();
      await setPayEnabled(db(), c.target, id, true);
      await h.control.simulate(charge.transactionId!, { event: "cashin.expired" });
      await drain(c.target.organizationId, 1);
      expect(await publicCharge(db(), charge.payToken)).toBeNull();
      // another organisation cannot open it by id
      const other = await connected("Other org");
      expect(await getCharge(db(), other.target, id)).toBeNull();
    });

    it("the payment page judges expiry on the provider's clock, and hands its offset to the countdown", async () => {
      const c = await connected("Clock page org");
      const { id } = await createCharge(deps(), c.target, c.userId, pixForm("chg-clock"));
      const charge = (await getCharge(db(), c.target, id))!;
      expect(charge.expiresAt).not.toBeNull();
      const cred = schema.apiCredentials;
      const setOffset = (ms: number) =>
        db()
          .update(cred)
          .set({ clockOffsetMs: ms })
          .where(and(eq(cred.organizationId, c.target.organizationId), eq(cred.status, "active")));
      await setOffset(0);
      expect(await publicCharge(db(), charge.payToken)).toMatchObject({ status: "pending", clockOffsetMs: 0 });
      // The provider's clock a minute short of the expiry: still payable, the countdown told how far ahead it is.
      const untilExpiry = Date.parse(charge.expiresAt!) - Date.now();
      await setOffset(untilExpiry - 60_000);
      expect((await publicCharge(db(), charge.payToken))?.clockOffsetMs).toBe(untilExpiry - 60_000);
      // Past it on the provider's clock (not yet on ours): expired, the page no longer answers.
      await setOffset(untilExpiry + 60_000);
      expect(await publicCharge(db(), charge.payToken)).toBeNull();
    });
  });
}
