import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SetupForm } from "@/components/auth/setup-form";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { isSetupToken, userCount } from "@/lib/organizations/setup";
import { env } from "@/lib/env";
import { Alert, AlertDescription } from "@/components/ui/alert";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("auth.setupTitle") };
}

/**
 * First run: shown only while the database has no user at all, and only with the one-time token
 * `npm start` prints (whoever reaches an empty dashboard first does not become its admin by that).
 */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  if ((await userCount(await getDb())) > 0) redirect("/login");
  const { t } = await getI18n();
  const { token } = await searchParams;
  const valid = isSetupToken(env().AUTH_SECRET, token);
  return (
    <AuthCard title={t("auth.setupTitle")} description={t("auth.setupDescription")}>
      {valid ? (
        <SetupForm token={token!} />
      ) : (
        <Alert data-testid="setup-token-needed">
          <AlertDescription>{t("auth.setupTokenNeeded")}</AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}
