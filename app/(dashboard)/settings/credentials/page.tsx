import type { Metadata } from "next";
import { KeyRound } from "@/components/ui/icons";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { CredentialList, type CredentialView } from "@/components/credentials/credential-list";
import { RegisterCredentialDialog } from "@/components/credentials/register-credential-dialog";
import { SandboxCredentialButton } from "@/components/credentials/sandbox-credential-button";
import { authorizePage } from "@/lib/auth/authorize";
import { describeCode } from "@/lib/api-context/describe";
import { listCredentials } from "@/lib/credentials/service";
import { getDb } from "@/lib/db";
import { configuredSandboxUrl, env, sandboxUrl } from "@/lib/env";
import { baseUrlPolicy } from "@/lib/credentials/base-url-policy";
import { getI18n } from "@/lib/i18n/server";
import { adminCount } from "@/lib/organizations/setup";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("credentials.title") };
}

/** Admins: the organisation's Payment API credentials. Secrets never come back here. */
export default async function CredentialsPage() {
  const access = await authorizePage("credentials.manage");
  const { t } = await getI18n();
  const db = await getDb();
  const [credentials, admins] = await Promise.all([listCredentials(db, access.organizationId), adminCount(db, access.organizationId)]);
  const sandbox = sandboxUrl();
  const checkText = (check: NonNullable<CredentialView["lastCheck"]>) => {
    if (check.ok) return t("credentials.checkOk");
    const d = describeCode(check.code ?? "UNEXPECTED", { retryAfterSeconds: check.retryAfterSeconds });
    return t(d.key, d.vars);
  };
  const views: CredentialView[] = credentials.map((c) => ({ ...c, lastCheckText: c.lastCheck ? checkText(c.lastCheck) : null }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("credentials.title")}</h2>
        </CardTitle>
        <CardDescription>{t("credentials.description")}</CardDescription>
        <CardAction className="flex flex-wrap justify-end gap-2">
          {sandbox && <SandboxCredentialButton />}
          <RegisterCredentialDialog
            defaultBaseUrls={{ sandbox: sandbox ?? "", production: env().PAYMENT_API_BASE_URL.replace(/\/+$/, "") }}
            allowedBaseUrls={baseUrlPolicy(env(), configuredSandboxUrl()).allowed}
          />
        </CardAction>
      </CardHeader>
      <CardContent>
        {views.length === 0 ? (
          <EmptyState icon={<KeyRound />} titleAs="h3" title={t("credentials.emptyTitle")} description={t("credentials.emptyDescription")} />
        ) : (
          <CredentialList credentials={views} currentUserId={access.userId} adminCount={admins} />
        )}
      </CardContent>
    </Card>
  );
}
