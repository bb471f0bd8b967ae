/**
 * The control API (`/sandbox/*`, ARCHITECTURE "The sandbox's control API"; the paths are fixed):
 * test helpers authenticated with `Authorization: Bearer $SANDBOX_ADMIN_TOKEN`, answering in the
 * spec's envelopes: health, accounts, credentials (activation, default webhook URL), clock, settings,
 * transaction simulation, wallet deposits, infractions and their resolution, webhook deliveries.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import { parseAmount } from "@/lib/payments/money";
import { postbackUrlSchema } from "@/lib/payment-api/schemas/common";
import { CASHOUT_FAILURE_CODES } from "@/lib/payment-api/schemas/errors";
import { INFRACTION_TYPES } from "@/lib/payment-api/schemas/infractions";
import type { Sandbox, Settings } from "../context";
import { saveSettings } from "../context";
import { safeEqual } from "../accounts";
import { CURRENCIES, PERMISSIONS, type Permission } from "../config";
import { MAX_ADVANCE_SECONDS } from "../clock";
import { ApiError, successBody } from "../errors";
import { checkIpBlock, newState, parseJsonObject, parseWith, readBody, renderError, renderSuccess, type Reply } from "../pipeline";
import { SIMULATE_EVENTS, transition } from "../lifecycle";
import { drivableByTransactionId } from "../tx-record";
import { transactionJson } from "./transactions";
import { walletDeposit } from "../wallet-deposits";
import { openInfraction, resolveInfraction } from "../infractions";
import { listDeliveries } from "../webhooks/outbox";

const usernameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{3,64}$/, "3 to 64 letters, digits, '_', '.', '-'");
const permissionsSchema = z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length * 2);
const balanceValueSchema = z.union([z.number(), z.string()]).refine((v) => parseAmount(v).ok, "a non-negative decimal amount");

const accountSchema = z.object({
  username: usernameSchema,
  name: z.string().min(1).max(200).optional(),
  document: z.string().min(1).max(32).optional(),
  balances: z.partialRecord(z.enum(CURRENCIES), balanceValueSchema).optional(),
  permissions: permissionsSchema.optional(),
  /** the first credential's default webhook URL */
  postback_url: postbackUrlSchema.optional(),
});
const credentialSchema = z.object({ username: usernameSchema, permissions: permissionsSchema.optional(), postback_url: postbackUrlSchema.optional() });
const credentialUpdateSchema = z.object({ postback_url: postbackUrlSchema.nullable() });
const simulateSchema = z.object({
  event: z.enum(SIMULATE_EVENTS),
  error_code: z.enum(CASHOUT_FAILURE_CODES).optional(),
  /** only when a caller-chosen boleto transaction_id exists in several accounts */
  username: usernameSchema.optional(),
});
const depositSchema = z.object({
  amount: z.number().finite().positive(),
  payer: z.object({ name: z.string().min(1).max(200), document: z.string().min(1).max(32) }).optional(),
});
const infractionSchema = z.object({
  transaction_id: z.string().min(1).max(64),
  type: z.enum(INFRACTION_TYPES),
  amount: z.number().finite().optional(),
  reason: z.string().min(1).max(2000).optional(),
});
const resolveSchema = z.object({ outcome: z.enum(["won", "lost", "canceled"]) });
const advanceSchema = z.object({ seconds: z.number().finite().min(0).max(MAX_ADVANCE_SECONDS) });
const clockSetSchema = z.object({ offset_seconds: z.number().finite().min(-MAX_ADVANCE_SECONDS).max(MAX_ADVANCE_SECONDS) });
const settingsSchema = z.object({
  hmac_required: z.boolean().optional(),
  auto_settle_cashout_seconds: z.number().int().min(0).nullable().optional(),
  drop_webhooks: z.boolean().optional(),
});

type Handler<B> = (body: B, c: Context) => Promise<Reply>;

function control<B>(sb: Sandbox, adminToken: string, schema: z.ZodType<B> | null, fn: Handler<B>) {
  return async (c: Context): Promise<Response> => {
    const rs = newState(c);
    try {
      const h = c.req.header("authorization") ?? "";
      const m = /^Bearer (.+)$/.exec(h.trim());
      if (!m || !safeEqual(m[1]!, adminToken)) {
        // A wrong admin token counts toward the address's block like any failed authentication (5
        // in 5 minutes); a blocked address gets no further answer about the token. The right token
        // still works from a blocked address: whoever holds it can move the clock past the block.
        checkIpBlock(sb, rs);
        sb.abuse.ip.record(rs.ip);
        throw new ApiError("UNAUTHORIZED", "Authorization: Bearer <SANDBOX_ADMIN_TOKEN> is required");
      }
      const body = schema ? parseWith(schema, parseJsonObject(await readBody(c))) : (undefined as B);
      return renderSuccess(sb, rs, await fn(body, c));
    } catch (e) {
      return renderError(sb, rs, e);
    }
  };
}

/**
 * `runDue` runs the time-driven work (expiries, auto-settlement, boleto registration) and wakes the
 * webhook dispatcher: the clock advance awaits it, so what became due is applied when it answers.
 */
export function mountControl(app: Hono, sb: Sandbox, adminToken: string, isReady: () => boolean, runDue: () => Promise<void>): void {
  app.get("/sandbox/health", (c) => {
    const rs = newState(c);
    if (!isReady()) return renderError(sb, rs, new ApiError("SERVICE_UNAVAILABLE", "starting"));
    // Enveloped like every answer; `ok` is mirrored at the top level for plain probes.
    return new Response(JSON.stringify({ ...successBody({ ok: true }, rs.requestId, sb.clock.iso()), ok: true }), {
      status: 200,
      headers: { "content-type": "application/json; charset=utf-8", "x-request-id": rs.requestId },
    });
  });

  app.post(
    "/sandbox/accounts",
    control(sb, adminToken, accountSchema, async (b) => {
      const balances: Record<string, string> = {};
      for (const [k, v] of Object.entries(b.balances ?? {})) {
        const p = parseAmount(v as number | string, { currency: k as (typeof CURRENCIES)[number] });
        if (!p.ok) throw new ApiError("INVALID_AMOUNT", `balances.${k}: ${p.error.message}`, { field: `balances.${k}` });
        balances[k] = p.value.toFixed();
      }
      const { account, credential } = await sb.directory.createAccount({
        username: b.username,
        name: b.name,
        document: b.document,
        balances,
        permissions: b.permissions as Permission[] | undefined,
      });
      if (b.postback_url !== undefined) await sb.directory.setPostbackUrl(credential.client_id, b.postback_url);
      return { status: 201, data: { username: account.username, credential: { ...credential, postback_url: b.postback_url ?? null } } };
    }),
  );

  app.post(
    "/sandbox/credentials",
    control(sb, adminToken, credentialSchema, async (b) => {
      const account = await sb.directory.accountByUsername(b.username);
      if (!account) throw new ApiError("NOT_FOUND", `no account named ${b.username}`, { field: "username" });
      const credential = await sb.directory.createCredential(account.id, (b.permissions as Permission[] | undefined) ?? [...PERMISSIONS]);
      if (b.postback_url !== undefined) await sb.directory.setPostbackUrl(credential.client_id, b.postback_url);
      return { status: 201, data: { username: account.username, credential: { ...credential, postback_url: b.postback_url ?? null } } };
    }),
  );

  app.put(
    "/sandbox/credentials/:client_id",
    control(sb, adminToken, credentialUpdateSchema, async (b, c) => {
      const clientId = c.req.param("client_id") ?? "";
      if (!(await sb.directory.setPostbackUrl(clientId, b.postback_url))) throw new ApiError("NOT_FOUND", `no credential ${clientId}`);
      return { status: 200, data: { client_id: clientId, postback_url: b.postback_url } };
    }),
  );

  app.post(
    "/sandbox/credentials/:client_id/activate",
    control(sb, adminToken, null, async (_b, c) => {
      const clientId = c.req.param("client_id") ?? "";
      if (!(await sb.directory.activate(clientId))) throw new ApiError("NOT_FOUND", `no credential ${clientId}`);
      return { status: 200, data: { client_id: clientId, status: "active" } };
    }),
  );

  app.post(
    "/sandbox/clock/advance",
    control(sb, adminToken, advanceSchema, async (b) => {
      await sb.clock.advance(b.seconds);
      await runDue();
      return { status: 200, data: { now: sb.clock.iso(), offset_seconds: sb.clock.offsetMs / 1000 } };
    }),
  );

  app.put(
    "/sandbox/clock",
    control(sb, adminToken, clockSetSchema, async (b) => {
      await sb.clock.setOffset(b.offset_seconds);
      await runDue();
      return { status: 200, data: { now: sb.clock.iso(), offset_seconds: sb.clock.offsetMs / 1000 } };
    }),
  );

  app.put(
    "/sandbox/settings",
    control(sb, adminToken, settingsSchema, async (b) => {
      const next: Settings = {
        hmac_required: b.hmac_required ?? sb.settings.hmac_required,
        auto_settle_cashout_seconds: b.auto_settle_cashout_seconds === undefined ? sb.settings.auto_settle_cashout_seconds : b.auto_settle_cashout_seconds,
        drop_webhooks: b.drop_webhooks ?? sb.settings.drop_webhooks,
      };
      await saveSettings(sb.db, next);
      Object.assign(sb.settings, next);
      return { status: 200, data: { ...sb.settings } };
    }),
  );

  app.post(
    "/sandbox/transactions/:transaction_id/simulate",
    control(sb, adminToken, simulateSchema, async (b, c) => {
      const transactionId = c.req.param("transaction_id") ?? "";
      let rows = await drivableByTransactionId(sb.db, transactionId);
      if (b.username !== undefined) {
        const account = await sb.directory.accountByUsername(b.username);
        rows = rows.filter((r) => r.account_id === account?.id);
      }
      if (rows.length === 0) throw new ApiError("NOT_FOUND", `no cash-in or cash-out ${transactionId}`, { field: "transaction_id" });
      if (rows.length > 1) {
        throw new ApiError("INVALID_VALUE", `transaction_id ${transactionId} exists in ${rows.length} accounts; name one with username`, { field: "username" }, { status: 409 });
      }
      if (b.error_code !== undefined && b.event !== "cashout.failed") {
        throw new ApiError("INVALID_VALUE", "error_code: only cashout.failed carries an error_code", { field: "error_code" });
      }
      const { row, deliveries } = await transition(sb, rows[0]!.id, b.event, { errorCode: b.error_code });
      return { status: 200, data: { ...transactionJson(row), event: b.event, webhooks: deliveries } };
    }),
  );

  app.post(
    "/sandbox/wallets/:wallet_id/deposit",
    control(sb, adminToken, depositSchema, async (b, c) => ({ status: 201, data: await walletDeposit(sb, c.req.param("wallet_id") ?? "", b) })),
  );

  app.post(
    "/sandbox/infractions",
    control(sb, adminToken, infractionSchema, async (b) => ({ status: 201, data: await openInfraction(sb, b) })),
  );

  app.post(
    "/sandbox/infractions/:infraction_id/resolve",
    control(sb, adminToken, resolveSchema, async (b, c) => ({ status: 200, data: await resolveInfraction(sb, c.req.param("infraction_id") ?? "", b.outcome) })),
  );

  app.get(
    "/sandbox/webhooks/deliveries",
    control(sb, adminToken, null, async (_b, c) => {
      const flying = sb.webhooks.inFlightAttempts();
      const limit = Math.min(Math.max(Number(c.req.query("limit") ?? 1000) || 1000, 1), 10_000);
      return {
        status: 200,
        data: await listDeliveries(sb.db, { transactionId: c.req.query("transaction_id") || undefined, infractionId: c.req.query("infraction_id") || undefined, limit }, flying),
      };
    }),
  );
}
