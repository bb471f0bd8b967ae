import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { optionalAccess } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { userCount } from "@/lib/organizations/setup";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("auth.signInTitle") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; ended?: string }> }) {
  if ((await userCount(await getDb())) === 0) redirect("/setup");
  if (await optionalAccess()) redirect("/overview");
  const { t } = await getI18n();
  const { callbackUrl, ended } = await searchParams;
  return (
    <AuthCard title={t("auth.signInTitle")} description={t("auth.signInDescription")} className="max-w-sm">
      {(ended === "idle" || ended === "expired") && (
        <Alert data-testid="session-ended">
          <AlertDescription>{t(ended === "idle" ? "auth.sessionEndedIdle" : "auth.sessionEndedExpired")}</AlertDescription>
        </Alert>
      )}
      <LoginForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
