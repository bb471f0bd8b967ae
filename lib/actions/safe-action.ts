import "server-only";
/**
 * The one way to write a server action. A server action is reachable by a
 * direct POST whatever page rendered it, so every action checks, in order:
 * the session, the organisation and role (from the database, via
 * `authorize`), then its input (zod). Expected failures come back as typed
 * messages in the caller's language; anything else is logged with a reference
 * and answered with a generic message, never with its own text.
 */
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { authorize, AuthorizationError, type Access } from "@/lib/auth/authorize";
import type { Permission } from "@/lib/auth/roles";
import { clientAddress } from "@/lib/auth/client-address";
import type { Actor } from "@/lib/audit/audit";
import { createTranslator, getMessages, type MessageKey, type Translate } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import type { ActionResult } from "./result";

/** A failure the user can act on; `message` is a message key or already-translated text. */
export class ExpectedError extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly vars?: Record<string, string | number>,
    readonly field?: string,
  ) {
    super(code);
    this.name = "ExpectedError";
  }
}

/** `actor` is who acts and from which address, for the audit log. */
export type ActionContext = { access: Access; actor: Actor; t: Translate };

export function translateIssues(issues: z.core.$ZodIssue[], t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "_";
    // Schemas give message keys as their messages; translate those, keep anything else.
    out[path] ??= t(issue.message as MessageKey);
  }
  return out;
}

export function protectedAction<S extends z.ZodType, T>(
  permission: Permission,
  schema: S,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (raw) => {
    const t = createTranslator(getMessages(await getLocale()));
    let access: Access;
    try {
      access = await authorize(permission);
    } catch (e) {
      if (e instanceof AuthorizationError) {
        const unauth = e.reason === "unauthenticated";
        return { ok: false, error: { code: unauth ? "UNAUTHENTICATED" : "FORBIDDEN", message: t(unauth ? "errors.unauthenticated" : "errors.forbidden") } };
      }
      throw e;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      return { ok: false, error: { code: "INVALID_INPUT", message: t("errors.invalidInput"), fieldErrors: translateIssues(parsed.error.issues, t) } };
    }
    const actor: Actor = { userId: access.userId, address: clientAddress(await headers()) };
    try {
      return { ok: true, data: await handler(parsed.data, { access, actor, t }) };
    } catch (e) {
      unstable_rethrow(e); // redirect(), notFound(), forbidden() are not failures
      if (e instanceof ExpectedError) {
        const message = t(e.messageKey, e.vars);
        return { ok: false, error: { code: e.code, message, ...(e.field ? { fieldErrors: { [e.field]: message } } : {}) } };
      }
      const reference = randomUUID().slice(0, 8);
      console.error(`[action ${reference}] unexpected failure`, e);
      return { ok: false, error: { code: "UNEXPECTED", message: t("errors.unexpected", { reference }), reference } };
    }
  };
}
