/**
 * The "Register credential" form's rules, shared by the form (as the member types) and the server
 * action (again, on what actually arrives). zod/mini keeps the browser bundle small. Messages are
 * message keys.
 */
import * as z from "zod/mini";
import { API_ENVIRONMENTS } from "@/lib/vocabulary";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** HTTPS, or plain HTTP to this machine (a local sandbox); no credentials or fragments in the URL. */
export function baseUrlProblem(value: string, environment: string): "credentials.errors.baseUrlInvalid" | "credentials.errors.baseUrlHttps" | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return "credentials.errors.baseUrlInvalid";
  }
  if (u.username || u.password || u.hash || u.search || (u.protocol !== "https:" && u.protocol !== "http:")) return "credentials.errors.baseUrlInvalid";
  if (u.protocol === "http:" && (environment === "production" || !LOOPBACK.has(u.hostname))) return "credentials.errors.baseUrlHttps";
  return null;
}

const trimmed = (max: number, required: string) => z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max, required));

export const credentialFormSchema = z
  .object({
    name: trimmed(80, "credentials.errors.nameRequired"),
    environment: z.enum(API_ENVIRONMENTS),
    baseUrl: z.string().check(z.trim()),
    clientId: z.string().check(z.trim(), z.minLength(1, "credentials.errors.clientIdRequired"), z.maxLength(200, "credentials.errors.clientIdRequired"), z.regex(/^\S+$/, "credentials.errors.clientIdRequired")),
    clientSecret: z.string().check(z.trim(), z.minLength(1, "credentials.errors.clientSecretRequired"), z.maxLength(500, "credentials.errors.clientSecretRequired")),
    signingKey: z.optional(z.string().check(z.trim(), z.maxLength(500, "credentials.errors.signingKeyTooLong"))),
  })
  .check(
    z.superRefine((v, ctx) => {
      const problem = baseUrlProblem(v.baseUrl, v.environment);
      if (problem) ctx.addIssue({ code: "custom", path: ["baseUrl"], message: problem, input: v.baseUrl });
    }),
  );

export type CredentialForm = z.infer<typeof credentialFormSchema>;
