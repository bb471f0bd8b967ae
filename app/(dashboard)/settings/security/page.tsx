import type { Metadata } from "next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PasswordForm } from "@/components/security/password-form";
import { TwoFactorCard } from "@/components/security/two-factor-card";
import { SessionsTable } from "@/components/security/sessions-table";
import { PolicyForm } from "@/components/security/policy-form";
import { authorizePage } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { listSessions } from "@/lib/auth/sessions";
import { recoveryCodesLeft } from "@/lib/auth/two-factor";
import { securityPolicy } from "@/lib/auth/account-security";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("security.title") };
}

/** The member's own password, two-factor and sessions; for admins, the organisation's policy too. */
export default async function SecurityPage() {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  const db = await getDb();
  const [sessions, codesLeft, policy] = await Promise.all([
    listSessions(db, access.userId, access.session?.id ?? null),
    recoveryCodesLeft(db, access.userId),
    securityPolicy(db, access.organizationId),
  ]);
  const section = (id: string, title: string, description: string, body: React.ReactNode) => (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle>
          <h2 id={id}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
  return (
    <div className="grid max-w-4xl gap-6">
      {section("security-password", t("security.passwordTitle"), t("security.passwordDescription"), <PasswordForm />)}
      {section(
        "security-two-factor",
        t("security.twoFactorTitle"),
        t("security.twoFactorDescription"),
        <TwoFactorCard enabled={access.twoFactorEnabled} codesLeft={codesLeft} required={access.twoFactorRequired} />,
      )}
      {section("security-sessions", t("security.sessionsTitle"), t("security.sessionsDescription", { minutes: policy.sessionIdleMinutes }), <SessionsTable sessions={sessions} now={new Date().toISOString()} />)}
      {can(access.role, "organization.manage") &&
        section("security-policy", t("security.policyTitle"), t("security.policyDescription", { organization: access.organizationName }), <PolicyForm {...policy} />)}
    </div>
  );
}
