import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SetupForm } from "@/components/auth/setup-form";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { userCount } from "@/lib/organizations/setup";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("auth.setupTitle") };
}

/** First run: shown only while the database has no user at all. */
export default async function SetupPage() {
  if ((await userCount(await getDb())) > 0) redirect("/login");
  const { t } = await getI18n();
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <p className="text-sm font-medium text-muted-foreground">{t("app.name")}</p>
        <CardTitle>
          <h1 className="text-2xl font-semibold">{t("auth.setupTitle")}</h1>
        </CardTitle>
        <CardDescription>{t("auth.setupDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <SetupForm />
      </CardContent>
    </Card>
  );
}
