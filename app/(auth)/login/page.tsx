import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
    <Card className="w-full max-w-sm">
      <CardHeader>
        <p className="text-sm font-medium text-muted-foreground">{t("app.name")}</p>
        <CardTitle>
          <h1 className="text-2xl font-semibold">{t("auth.signInTitle")}</h1>
        </CardTitle>
        <CardDescription>{t("auth.signInDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {(ended === "idle" || ended === "expired") && (
          <Alert data-testid="session-ended">
            <AlertDescription>{t(ended === "idle" ? "auth.sessionEndedIdle" : "auth.sessionEndedExpired")}</AlertDescription>
          </Alert>
        )}
        <LoginForm callbackUrl={callbackUrl} />
      </CardContent>
    </Card>
  );
}
