import type { Metadata } from "next";
import { Construction } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { PixDecoder } from "@/components/receive/pix-decoder";
import { authorizePage } from "@/lib/auth/authorize";
import { getI18n } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.receive.title") };
}

export default async function ReceivePage() {
  await authorizePage("dashboard.view");
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t("pages.receive.title")} description={t("pages.receive.description")} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("pixDecoder.title")}</h2>
            </CardTitle>
            <CardDescription>{t("pixDecoder.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <PixDecoder />
          </CardContent>
        </Card>
        <EmptyState icon={<Construction />} title={t("empty.notBuiltTitle")} description={t("empty.notBuiltDescription")} />
      </div>
    </>
  );
}
