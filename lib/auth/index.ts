import "server-only";
/**
 * Auth.js (next-auth v5) with e-mail and password. Sessions are JWTs in an
 * HTTP-only cookie (Secure when served over HTTPS) that carry only the user
 * id; roles are always read from the database (lib/auth/authorize.ts).
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { clientAddress } from "./client-address";
import { signInSchema, verifyCredentials } from "./sign-in";

export class ThrottledSignIn extends CredentialsSignin {
  code = "throttled";
}

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

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
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = signInSchema.safeParse(raw);
        if (!parsed.success) return null;
        const result = await verifyCredentials(await getDb(), {
          ...parsed.data,
          address: clientAddress(request.headers),
        });
        if (result.ok) return result.user;
        if (result.reason === "throttled") throw new ThrottledSignIn();
        return null;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
