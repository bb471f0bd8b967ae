import { ApiFailure } from "@/components/shell/api-failure";
import type { Access } from "@/lib/auth/access";
import Decimal from "decimal.js";
import { readOrLastKnown, readProfile, READ_TTL_MS, type ApiEnvironment, type Read } from "@/lib/api-context";
import { normalizeProfile } from "@/lib/account/normalize";
import { localCurrency } from "@/lib/account/order";
import { mirrorUsage } from "@/lib/account/usage";
import { getDb } from "@/lib/db";
import type { Locale } from "@/lib/db/schema";
import type { FiatCurrency } from "@/lib/payments/currencies";
import { describeFailure, type FailureDescription } from "@/lib/api-context/describe";
import type { Translate } from "@/lib/i18n/translate";
import { cache } from "react";
import type { Db } from "@/lib/db/scope";
import { keep, mirrorTag } from "@/lib/pages/kept";

/**
 * An Account section's read: the API's answer, or while the provider does not answer, the last
 * answer kept (stale, with its time) and why the API did not give it, in the member's words.
 */
export async function sectionRead<T>(
  access: Access,
  environment: ApiEnvironment,
  key: keyof typeof READ_TTL_MS,
  read: () => Promise<Read<T>>,
  t: Translate,
): Promise<{ read: Read<T> | null; failure: FailureDescription | null }> {
  const r = await readOrLastKnown(access, environment, key, read);
  return { read: r.read, failure: r.error ? describeFailure(r.error, t(`environments.${environment}`)) : null };
}

/** What an Account section shows when the API gave nothing and nothing is kept: its heading and why. */
export function UnavailableSection({ id, title, unavailable, failure }: { id: string; title: string; unavailable: string; failure: FailureDescription }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <ApiFailure failure={failure} title={unavailable} />
    </section>
  );
}

/**
 * What the organisation used this UTC day and month, counted from the mirror (the limits' use and
 * the local currency): once per render, and kept for the team until the mirror changes.
 */
export const pageMirrorUsage = cache((db: Db, organizationId: string, environment: ApiEnvironment) =>
  keep(`usage:${organizationId}:${environment}`, [mirrorTag(organizationId)], () => mirrorUsage(db, { organizationId, environment })),
);

/**
 * The organisation's local currency, which the limits and the fees list first (lib/account/order.ts):
 * from the profile's document (the read the profile section makes; the API context shares it while
 * in flight and for minutes after), the fiat currencies used this month, and the member's language.
 */
export async function localCurrencyOf(access: Access, environment: ApiEnvironment, locale: Locale): Promise<FiatCurrency> {
  const [profile, usage] = await Promise.all([
    readOrLastKnown(access, environment, "profile", () => readProfile(access, environment)).catch(() => null),
    getDb()
      .then((db) => pageMirrorUsage(db, access.organizationId, environment))
      .catch(() => null),
  ]);
  const document = profile?.read ? normalizeProfile(profile.read.data).fields.document : null;
  const usedFiat = (usage?.rows ?? []).filter((r) => new Decimal(r.month).gt(0)).map((r) => r.currency);
  return localCurrency({ document, usedFiat, locale });
}
