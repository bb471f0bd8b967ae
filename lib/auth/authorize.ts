import "server-only";
/**
 * The one authorisation check. Every page, server action and route handler
 * calls one of these three with the permission it needs; each reads the
 * session, then the user's membership and role from the database.
 */
import { cache } from "react";
import { forbidden, redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import { auth } from "./index";
import { AuthorizationError, checkAccess, loadAccess, type Access } from "./access";
import type { Permission } from "./roles";

export { AuthorizationError, type Access };

/** One database read per request, however many components ask. */
const currentAccess = cache(async () => {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  return loadAccess(await getDb(), userId);
});

/** For server actions and route handlers: returns the caller's access or throws AuthorizationError. */
export async function authorize(permission: Permission): Promise<Access> {
  return checkAccess(await currentAccess(), permission);
}

/** For pages and layouts: redirects to sign-in, or renders the 403 page. */
export async function authorizePage(permission: Permission): Promise<Access> {
  try {
    return await authorize(permission);
  } catch (e) {
    if (e instanceof AuthorizationError) {
      if (e.reason === "unauthenticated") redirect("/login");
      forbidden();
    }
    throw e;
  }
}

/** The signed-in user's access, or null, without requiring a permission (sign-in page, root redirect). */
export async function optionalAccess(): Promise<Access | null> {
  const a = await currentAccess();
  return a && "role" in a ? a : null;
}
