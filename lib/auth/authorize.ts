import "server-only";
/**
 * The one authorisation check. Every page, server action and route handler calls one of these
 * with the permission it needs; each reads the session cookie, checks its row in `sessions`
 * (revoked, expired or idle sessions are refused: lib/auth/sessions.ts), then the user's
 * membership and role from the database.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { cache } from "react";
import { forbidden, redirect } from "next/navigation";
import { env } from "@/lib/env";
import { getDb } from "@/lib/db";
import { sessionClaims } from "./session-token";
import { AuthorizationError, checkAccess, loadAccess, type Access } from "./access";
import { checkSessionWithAccess, type SessionRefusal } from "./sessions";
import { keep } from "@/lib/pages/kept";
import type { Permission } from "./roles";
import { annotateRequest } from "@/lib/observability/context";

export { AuthorizationError, type Access };

/** The time sessions are judged by: the real one, unless a browser journey moved it (SESSION_CLOCK_OFFSET_FILE). */
export function sessionClock(): Date {
  const file = env().SESSION_CLOCK_OFFSET_FILE;
  if (!file) return new Date();
  let seconds = 0;
  try {
    // Only ahead: a clock held back would keep sessions alive past their time.
    seconds = Math.max(0, Number(readFileSync(file, "utf8").trim()) || 0);
  } catch {
    // no file: no offset
  }
  return new Date(Date.now() + seconds * 1000);
}

type State = { access: Awaited<ReturnType<typeof loadAccess>>; ended: SessionRefusal | null };

/**
 * React's `cache` keeps nothing outside a render: a server action's checks (its words' language and
 * zone, then the member's access) would read the session three times. `oneAccessRead` makes them
 * share one read; the action's own work runs after it, and reads afresh.
 */
const actionRead = new AsyncLocalStorage<{ state?: Promise<State> }>();
export function oneAccessRead<T>(fn: () => Promise<T>): Promise<T> {
  return actionRead.run({}, fn);
}

/** One database read per request, however many components ask; `ended`: why a session cookie was refused. */
const currentState = cache((): Promise<State> => {
  const shared = actionRead.getStore();
  if (!shared) return readState();
  return (shared.state ??= readState());
});

async function readState(): Promise<State> {
  const claims = await sessionClaims();
  const userId = claims?.userId;
  if (!userId) return { access: null, ended: null };
  const db = await getDb();
  // The session's row and the member's access in one statement.
  const live = await checkSessionWithAccess(db, claims.sessionId, sessionClock(), { keep, userId });
  if (!live.ok) return { access: null, ended: live.reason };
  if (live.session.userId !== userId) return { access: null, ended: "missing" };
  const { access } = live;
  if (access && "role" in access) access.session = { id: live.session.id, twoFactor: live.session.twoFactor, authenticatedAt: live.session.authenticatedAt };
  // The request's log line names the member and the organisation they act in.
  annotateRequest({ memberId: userId, ...(access && "organizationId" in access ? { organizationId: access.organizationId } : {}) });
  return { access, ended: null };
}
const currentAccess = async () => (await currentState()).access;

/** Sign-in, saying why when a session ran out of time (the page tells the member). */
async function toSignIn(): Promise<never> {
  const { ended } = await currentState();
  redirect(ended === "idle" || ended === "expired" ? `/login?ended=${ended}` : "/login");
}

/** For server actions and route handlers: returns the caller's access or throws AuthorizationError. */
export async function authorize(permission: Permission): Promise<Access> {
  return checkAccess(await currentAccess(), permission);
}

/**
 * For route handlers that answer JSON errors: the caller's access, or the answer to return
 * (401 without a session, 403 without the permission, `{ error: reason }`).
 * `const auth = await authorizeRoute("dashboard.view"); if (auth instanceof Response) return auth;`
 */
export async function authorizeRoute(permission: Permission): Promise<Access | Response> {
  try {
    return await authorize(permission);
  } catch (e) {
    if (e instanceof AuthorizationError) return Response.json({ error: e.reason }, { status: e.reason === "unauthenticated" ? 401 : 403 });
    throw e;
  }
}

/** For pages and layouts: redirects to sign-in (or to two-factor enrolment), or renders the 403 page. */
export async function authorizePage(permission: Permission): Promise<Access> {
  try {
    return await authorize(permission);
  } catch (e) {
    if (e instanceof AuthorizationError) {
      if (e.reason === "unauthenticated") await toSignIn();
      if (e.reason === "two_factor_required") redirect("/two-factor");
      forbidden();
    }
    throw e;
  }
}

/**
 * For the member's own security (two-factor enrolment, password, sessions): a live session is
 * enough, even before an organisation's two-factor policy is met, since this is how it is met.
 */
export async function authorizeSelf(): Promise<Access> {
  return checkAccess(await currentAccess(), "dashboard.view", { enrolling: true });
}

/** The same for pages: to sign-in when there is no session. */
export async function authorizeSelfPage(): Promise<Access> {
  try {
    return await authorizeSelf();
  } catch (e) {
    if (e instanceof AuthorizationError && e.reason === "unauthenticated") await toSignIn();
    if (e instanceof AuthorizationError) forbidden();
    throw e;
  }
}

/** The signed-in user's access, or null, without requiring a permission (sign-in page, root redirect). */
export async function optionalAccess(): Promise<Access | null> {
  const a = await currentAccess();
  return a && "role" in a ? a : null;
}
