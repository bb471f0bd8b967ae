import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { ApiFailure } from "@/components/shell/api-failure";
import type { Access } from "@/lib/auth/access";
import { readProfile, type ApiEnvironment } from "@/lib/api-context";
import { normalizeProfile, PROFILE_FIELDS, type ProfileField } from "@/lib/account/normalize";
import { statusTone } from "@/lib/account/format";
import { detectDocument, formatDocument } from "@/lib/payments/documents";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { getI18n } from "@/lib/i18n/server";
import { ExtraFields } from "./extra-fields";
import { ReadSource } from "./read-source";
import { sectionRead, UnavailableSection } from "./section-read";

const LABELS: Record<ProfileField, MessageKey> = {
  name: "account.profile.name",
  username: "account.profile.username",
  document: "account.profile.document",
  kycLevel: "account.profile.kycLevel",
  kycStatus: "account.profile.kycStatus",
  status: "account.profile.status",
};

/** A status the dashboard has words for, else the API's own word. */
export function statusText(t: Translate, value: string): string {
  const key = `account.statuses.${value.toLowerCase()}`;
  return t.has(key) ? t(key as MessageKey) : value;
}

function Value({ field, value, t }: { field: ProfileField; value: string; t: Translate }) {
  switch (field) {
    case "kycStatus":
    case "status":
      return (
        <Badge variant={statusTone(value)} data-value={value}>
          {statusText(t, value)}
        </Badge>
      );
    case "kycLevel":
      return <>{/^\d+$/.test(value) ? t("account.profile.kycLevelValue", { level: value }) : value}</>;
    case "document":
      // A valid CPF or CNPJ with its punctuation; anything else (an RFC, a masked value) as answered.
      return <span className="font-mono">{detectDocument(value) ? formatDocument(value) : value}</span>;
    default:
      return <>{value}</>;
  }
}

/** The account's profile (GET /v2/account/info/profile): KYC level and status, account status, and anything else answered. */
export async function ProfileSection({ access, environment }: { access: Access; environment: ApiEnvironment }) {
  const { t } = await getI18n();
  const { read, failure } = await sectionRead(access, environment, "profile", () => readProfile(access, environment), t);
  if (!read) return <UnavailableSection id="profile" title={t("account.profile.title")} unavailable={t("account.profile.unavailable")} failure={failure!} />;
  const profile = normalizeProfile(read.data);
  return (
    <section aria-labelledby="profile-title" data-testid="account-profile">
      <Card className="gap-3 py-4">
        <CardContent className="grid gap-3 px-4">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h2 id="profile-title" className="font-semibold">
              {t("account.profile.title")}
            </h2>
            <ReadSource read={read} environment={environment} testId="profile-read-at" />
          </div>
          {failure && <ApiFailure failure={failure} title={t("account.profile.unavailable")} />}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 xl:grid-cols-6">
            {PROFILE_FIELDS.map((f) => {
              const value = profile.fields[f];
              return (
                <div key={f} className="grid min-w-0 content-start gap-0.5" data-testid={`profile-${f}`}>
                  <dt className="text-xs text-muted-foreground">{t(LABELS[f])}</dt>
                  <dd className="text-sm font-medium wrap-anywhere">
                    {value === null ? <span className="font-normal text-muted-foreground">{t("account.notProvided")}</span> : <Value field={f} value={value} t={t} />}
                  </dd>
                </div>
              );
            })}
          </dl>
          <ExtraFields fields={profile.extra} title={t("account.alsoAnswered")} testId="profile-extra" />
        </CardContent>
      </Card>
    </section>
  );
}
