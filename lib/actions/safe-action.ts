import "server-only";
/**
 * The one way to write a server action. A server action is reachable by a
 * direct POST whatever page rendered it, so every action checks, in order:
 * the session, the organisation and role (from the database, via
 * `authorize`), then its input (zod). Refusals (lib/refusal.ts), wherever
 * they were raised, come back as typed messages in the caller's language; anything else is logged with a reference
 * and answered with a generic message, never with its own text.
 */
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { authorize, authorizeSelf, AuthorizationError, oneAccessRead, sessionClock, type Access } from "@/lib/auth/authorize";
import { reauthNeeded } from "@/lib/auth/reauth";
import type { Permission } from "@/lib/auth/roles";
import { clientAddress } from "@/lib/auth/client-address";
import type { Actor } from "@/lib/audit/audit";
import { translateKeyOrText, type Translate } from "@/lib/i18n";
import { getI18n } from "@/lib/i18n/server";
import { currentRequest } from "@/lib/observability/context";
import { log } from "@/lib/observability/log";
import { Refusal } from "@/lib/refusal";
import { caughtUp } from "@/lib/pages/kept";
import type { ActionError, ActionResult } from "./result";

/** A refusal in the member's words, on its field when it has one. */
export function refusalAnswer(e: Refusal, t: Translate): { ok: false; error: ActionError } {
  const message = t(e.messageKey, e.vars);
  return { ok: false, error: { code: e.code, message, ...(e.field ? { fieldErrors: { [e.field]: message } } : {}), ...(e.requestId ? { requestId: e.requestId } : {}) } };
}

/** `actor` is who acts and from which address, for the audit log. */
export type ActionContext = { access: Access; actor: Actor; t: Translate };

export function translateIssues(issues: z.core.$ZodIssue[], t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "_";
    // Schemas give message keys as their messages; translate those, keep anything else.
    out[path] ??= translateKeyOrText(t, issue.message);
  }
  return out;
}

/**
 * `schema` may be a zod or a zod/mini schema (forms share theirs with the action, and keep the browser
 * bundle small). `reauth`: the member must have proved it is them in the last few minutes
 * (lib/auth/reauth.ts); otherwise the action answers REAUTH_REQUIRED and the page asks
 * (components/security/reauth-provider.tsx), then calls it again.
 */
export function protectedAction<S extends z.core.$ZodType, T>(
  permission: Permission,
  schema: S,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
  options: { reauth?: boolean } = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return guardedAction(() => authorize(permission), schema, handler, options.reauth ?? false);
}

/**
 * An action on the member's own security (two-factor, password, sessions): any signed-in member,
 * including one whose organisation asks for two-factor before anything else.
 */
export function selfAction<S extends z.core.$ZodType, T>(schema: S, handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>): (input: z.input<S>) => Promise<ActionResult<T>> {
  return guardedAction(authorizeSelf, schema, handler, false);
}

function guardedAction<S extends z.core.$ZodType, T>(
  check: () => Promise<Access>,
  schema: S,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
  reauth: boolean,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (raw) => {
    // The words' language and zone and the member's access from one read of the session.
    const { t, access, refused } = await oneAccessRead(async () => {
      const { t } = await getI18n();
      try {
        return { t, access: await check(), refused: null };
      } catch (e) {
        if (e instanceof AuthorizationError) return { t, access: null, refused: e };
        throw e;
      }
    });
    if (!access) {
      if (refused?.reason === "two_factor_required") return { ok: false, error: { code: "TWO_FACTOR_REQUIRED", message: t("errors.twoFactorRequired") } };
      const unauth = refused?.reason === "unauthenticated";
      return { ok: false, error: { code: unauth ? "UNAUTHENTICATED" : "FORBIDDEN", message: t(unauth ? "errors.unauthenticated" : "errors.forbidden") } };
    }
    const parsed = z.safeParse(schema, raw);
    if (!parsed.success) {
      return { ok: false, error: { code: "INVALID_INPUT", message: t("errors.invalidInput"), fieldErrors: translateIssues(parsed.error.issues, t) } };
    }
    const proof = reauth ? reauthNeeded(access, sessionClock()) : null;
    if (proof) return { ok: false, error: { code: proof, message: t("reauth.required") } };
    const actor: Actor = { userId: access.userId, address: clientAddress(await headers()) };
    try {
      const data = await handler(parsed.data, { access, actor, t });
      // What pages keep in process (lib/pages/kept.ts) has heard this action's writes before the page renders again.
      await caughtUp();
      return { ok: true, data };
    } catch (e) {
      await caughtUp().catch(() => undefined);
      unstable_rethrow(e); // redirect(), notFound(), forbidden() are not failures
      if (Refusal.is(e)) return refusalAnswer(e, t);
      // The request's id (X-Request-Id): the member quotes it, and it finds this line, the request's
      // and its API calls' in the log.
      const reference = currentRequest()?.requestId ?? randomUUID();
      log("actions").error({ err: e }, "unexpected failure in a server action");
      return { ok: false, error: { code: "UNEXPECTED", message: t("errors.unexpected", { reference }), reference } };
    }
  };
}
