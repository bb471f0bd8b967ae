import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TwoFactorSetup } from "@/components/security/two-factor-setup";
import { authorizeSelfPage } from "@/lib/auth/authorize";
import { getI18n } from "@/lib/i18n/server";
import { signOutAction } from "@/app/(dashboard)/actions";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("security.twoFactorTitle") };
}

/**
 * Two-factor enrolment, outside the dashboard's shell: a member whose organisation requires
 * two-factor is sent here before any page, and can reach nothing else until it is on.
 */
export default async function TwoFactorPage() {
  const access = await authorizeSelfPage();
  const { t } = await getI18n();
  return (
    <AuthCard title={t("security.twoFactorTitle")} description={t("security.twoFactorDescription")}>
      {access.twoFactorRequired && !access.twoFactorEnabled && (
        <Alert data-testid="two-factor-required">
          <AlertDescription>{t("security.requiredByPolicy", { organization: access.organizationName })}</AlertDescription>
        </Alert>
      )}
      {access.twoFactorEnabled ? (
        <>
          <p className="text-sm">{t("security.alreadyOn")}</p>
          <Button asChild>
            <a href="/settings/security">{t("security.backToSecurity")}</a>
          </Button>
        </>
      ) : (
        <TwoFactorSetup next="/overview" />
      )}
      {/* A way out: back to the settings when it is a choice, signing out when the policy holds every page. */}
      {!access.twoFactorEnabled &&
        (access.twoFactorRequired ? (
          <form action={signOutAction}>
            <Button type="submit" variant="ghost" className="w-full">
              {t("shell.signOut")}
            </Button>
          </form>
        ) : (
          <Button asChild variant="ghost">
            <a href="/settings/security">{t("security.backToSecurity")}</a>
          </Button>
        ))}
    </AuthCard>
  );
}
