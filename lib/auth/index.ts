import "server-only";
/**
 * Auth.js (next-auth v5) with e-mail, password and (when enrolled) a two-factor code. The session
 * cookie is a JWT in an HTTP-only cookie (Secure when served over HTTPS) that carries the user id
 * and the id of a row in `sessions` (lib/auth/sessions.ts): every request is checked against that
 * row, so a session ends on every instance when it is revoked, past its absolute lifetime or idle.
 * Roles are always read from the database (lib/auth/authorize.ts).
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/lib/db";
import { env, publicBaseUrl } from "@/lib/env";
import { keyring } from "@/lib/security/keyring";
import { clientAddress } from "./client-address";
import { signInSchema, verifyCredentials } from "./sign-in";
import { createSession, revokeSession, SESSION_LIFETIME_MS } from "./sessions";
import { signInNotice } from "./security-notice";

/** Sign-in refusals the form tells apart (their `code` reaches signInAction). */
export class ThrottledSignIn extends CredentialsSignin {
  code = "throttled";
}
export class TwoFactorRequired extends CredentialsSignin {
  code = "two_factor_required";
}
export class TwoFactorInvalid extends CredentialsSignin {
  code = "two_factor_invalid";
}

export const SESSION_MAX_AGE_SECONDS = SESSION_LIFETIME_MS / 1000;

declare module "next-auth" {
  interface User {
    sessionId?: string;
  }
  interface Session {
    sessionId?: string;
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: env().AUTH_SECRET,
  // The dashboard is served by its own server (scripts/server.ts) on a host it is told.
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  // A wrong password is an expected outcome (counted by the throttle), not a server error worth a stack trace.
  logger: {
    error(error) {
      if (error instanceof CredentialsSignin || (error as { type?: string }).type === "CredentialsSignin") return;
      console.error("[auth]", error.name, error.message);
    },
  },
  providers: [
    Credentials({
      credentials: { email: {}, password: {}, code: {} },
      async authorize(raw, request) {
        const parsed = signInSchema.safeParse(raw);
        if (!parsed.success) return null;
        const db = await getDb();
        const address = clientAddress(request.headers);
        const result = await verifyCredentials(db, keyring(), { ...parsed.data, address });
        if (result.ok) {
          const userAgent = request.headers.get("user-agent");
          const sessionId = await createSession(db, { userId: result.user.id, twoFactor: result.secondFactor !== null, userAgent, address });
          // A browser the member has not signed in from before is told to them (bell and mail).
          const e = env();
          await signInNotice(db, { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, baseUrl: publicBaseUrl(e) }, { userId: result.user.id, sessionId, userAgent, address });
          return { ...result.user, sessionId };
        }
        if (result.reason === "throttled") throw new ThrottledSignIn();
        if (result.reason === "two_factor_required") throw new TwoFactorRequired();
        if (result.reason === "two_factor_invalid") throw new TwoFactorInvalid();
        return null;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.sid = user.sessionId;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (typeof token.sid === "string") session.sessionId = token.sid;
      return session;
    },
  },
  events: {
    // Signing out ends the session in the database: a copy of the cookie is refused everywhere.
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await revokeSession(await getDb(), sid, "sign_out");
    },
  },
}));
