/**
 * The control API (`/sandbox/*`, ARCHITECTURE "The sandbox's control API"; the paths are fixed):
 * test helpers authenticated with `Authorization: Bearer $SANDBOX_ADMIN_TOKEN`, answering in the
 * spec's envelopes. Part 1 serves health, accounts, credentials, activation, clock and settings.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import { parseAmount } from "@/lib/payments/money";
import type { Sandbox } from "../context";
import { saveSettings } from "../context";
import { safeEqual } from "../accounts";
import { CURRENCIES, PERMISSIONS, type Permission } from "../config";
import { MAX_ADVANCE_SECONDS } from "../clock";
import { ApiError, successBody } from "../errors";
import { newState, parseJsonObject, parseWith, readBody, renderError, renderSuccess, type Reply } from "../pipeline";

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
});
const credentialSchema = z.object({ username: usernameSchema, permissions: permissionsSchema.optional() });
const advanceSchema = z.object({ seconds: z.number().finite().min(0).max(MAX_ADVANCE_SECONDS) });
const settingsSchema = z.object({
  hmac_required: z.boolean().optional(),
  auto_settle_cashout_seconds: z.number().int().min(0).nullable().optional(),
});

type Handler<B> = (body: B, c: Context) => Promise<Reply>;

function control<B>(sb: Sandbox, adminToken: string, schema: z.ZodType<B> | null, fn: Handler<B>) {
  return async (c: Context): Promise<Response> => {
    const rs = newState(c);
    try {
      const h = c.req.header("authorization") ?? "";
      const m = /^Bearer (.+)$/.exec(h.trim());
      if (!m || !safeEqual(m[1]!, adminToken)) throw new ApiError("UNAUTHORIZED", "Authorization: Bearer <SANDBOX_ADMIN_TOKEN> is required");
      const body = schema ? parseWith(schema, parseJsonObject(await readBody(c))) : (undefined as B);
      return renderSuccess(sb, rs, await fn(body, c));
    } catch (e) {
      return renderError(sb, rs, e);
    }
  };
}

export function mountControl(app: Hono, sb: Sandbox, adminToken: string, isReady: () => boolean): void {
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
      return { status: 201, data: { username: account.username, credential } };
    }),
  );

  app.post(
    "/sandbox/credentials",
    control(sb, adminToken, credentialSchema, async (b) => {
      const account = await sb.directory.accountByUsername(b.username);
      if (!account) throw new ApiError("NOT_FOUND", `no account named ${b.username}`, { field: "username" });
      const credential = await sb.directory.createCredential(account.id, (b.permissions as Permission[] | undefined) ?? [...PERMISSIONS]);
      return { status: 201, data: { username: account.username, credential } };
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
      return { status: 200, data: { now: sb.clock.iso(), offset_seconds: sb.clock.offsetMs / 1000 } };
    }),
  );

  app.put(
    "/sandbox/settings",
    control(sb, adminToken, settingsSchema, async (b) => {
      const next = {
        hmac_required: b.hmac_required ?? sb.settings.hmac_required,
        auto_settle_cashout_seconds: b.auto_settle_cashout_seconds === undefined ? sb.settings.auto_settle_cashout_seconds : b.auto_settle_cashout_seconds,
      };
      await saveSettings(sb.db, next);
      Object.assign(sb.settings, next);
      return { status: 200, data: { ...sb.settings } };
    }),
  );
}
