/**
 * Re-authentication before the changes that matter most (changing a role, activating an API
 * credential; later sending money and approving it): the member proves it is still them, with the
 * password and, when two-factor is on, a code, unless they did so in the last few minutes. A
 * session left open on a shared computer then cannot be used for them. No Next.js imports.
 */
import type { Access } from "./access";

export const REAUTH_WINDOW_MINUTES = 5;

/** The action's answer when the member must confirm first; the client opens the dialog on it. */
export const REAUTH_REQUIRED = "REAUTH_REQUIRED";
/** The same, with a code from the authenticator app as well. */
export const REAUTH_REQUIRED_CODE = "REAUTH_REQUIRED_CODE";

/** What the member must give before the action may run now, or null when their last proof is recent enough. */
export function reauthNeeded(access: Pick<Access, "twoFactorEnabled" | "session">, now: Date): typeof REAUTH_REQUIRED | typeof REAUTH_REQUIRED_CODE | null {
  const s = access.session;
  const recent = !!s && now.getTime() - s.authenticatedAt.getTime() <= REAUTH_WINDOW_MINUTES * 60_000;
  // A member with two-factor on proves it with a code too (a session signed in before they enrolled has not).
  if (recent && (!access.twoFactorEnabled || s.twoFactor)) return null;
  return access.twoFactorEnabled ? REAUTH_REQUIRED_CODE : REAUTH_REQUIRED;
}
