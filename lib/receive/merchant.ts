import "server-only";
/**
 * Who is paid, as the provider knows the merchant: the legal name and the tax document of the
 * account's profile (GET /v2/account/info/profile), for the payment page and the boleto's PDF. The
 * read is the Account page's, shared through the read cache (five minutes), so a payment page
 * visited often costs the provider one call every five minutes at most; when the provider does
 * not answer, the last answer kept is used, and without one the page shows the name alone.
 */
import { eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db, Scope } from "@/lib/db/scope";
import { apiContext, READ_TTL_MS } from "@/lib/api-context";
import { ACCOUNT_READS } from "@/lib/account/reads";
import { normalizeProfile } from "@/lib/account/normalize";
import type { JsonObject } from "@/lib/account/json";
import { merchantDocument } from "./merchant-document";

export type MerchantIdentity = {
  /** The account's legal name ("Demo Merchant Ltda"), when the provider gave one. */
  legalName: string | null;
  /** "CNPJ 11.222.333/0001-81", a masked CPF or an RFC (./merchant-document.ts); null when none is known. */
  document: string | null;
};

const NOBODY: MerchantIdentity = { legalName: null, document: null };

/** The organisation and environment behind a payment page's token (the token alone names them). */
export async function payPageScope(db: Db, token: string): Promise<Scope | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const c = schema.charges;
  const [row] = await db.select({ organizationId: c.organizationId, environment: c.environment }).from(c).where(eq(c.payToken, token)).limit(1);
  return row ?? null;
}

/** The merchant's legal name and document for `scope`; never throws (a page renders without them). */
export async function merchantIdentity(scope: Scope, userId: string | null = null): Promise<MerchantIdentity> {
  try {
    const ctx = await apiContext();
    const read = await ctx
      .read<JsonObject>(scope, { userId }, "profile", READ_TTL_MS.profile, ACCOUNT_READS.profile, { deadline: "page" })
      .catch(() => ctx.lastKnown<JsonObject>(scope, "profile"));
    if (!read) return NOBODY;
    const { fields } = normalizeProfile(read.data);
    return { legalName: fields.name, document: merchantDocument(fields.document) };
  } catch {
    return NOBODY;
  }
}
