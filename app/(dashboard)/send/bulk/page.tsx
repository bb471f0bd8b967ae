import type { Metadata } from "next";
import { NotConnected } from "@/components/shell/not-connected";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LiveRefresh } from "@/components/live/live-refresh";
import { BulkUpload } from "@/components/send/bulk-upload";
import { BulkBatchList } from "@/components/send/bulk-batch-list";
import { can } from "@/lib/auth/roles";
import { BULK_MAX_BYTES, BULK_MAX_ROWS, bulkTemplate, listBatches } from "@/lib/payouts/bulk";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: `${t("send.tabs.bulk")} · ${t("pages.send.title")}` };
}

/** Bulk payouts: upload a CSV, see every row checked before anything is sent, and the batches with their progress. */
export default async function BulkPage() {
  const { access, t, locale, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  if (!isConnected) return <NotConnected access={access} environment={environment} />;
  const canSend = can(access.role, "money.move");
  const batches = await listBatches(db, target);
  return (
    <div className="grid gap-6">
      <Card className="min-w-0 content-start">
        <CardHeader>
          <CardTitle>
            <h2>{t("send.tabs.bulk")}</h2>
          </CardTitle>
          <CardDescription>{t("bulk.intro")}</CardDescription>
        </CardHeader>
        <CardContent>
          {canSend ? (
            <BulkUpload template={bulkTemplate()} maxRows={BULK_MAX_ROWS} maxKb={Math.round(BULK_MAX_BYTES / 1000)} environment={environment} />
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="send-not-allowed">
              {t("bulk.roleOnly", { role: t(`roles.${access.role}`) })}
            </p>
          )}
        </CardContent>
      </Card>
      <Card className="min-w-0 content-start">
        <CardHeader className="flex flex-row items-start justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle>
              <h2>{t("bulk.list.title")}</h2>
            </CardTitle>
            <CardDescription>{t("bulk.list.description")}</CardDescription>
          </div>
          <LiveRefresh kinds={["transaction"]} environment={environment} after={after} />
        </CardHeader>
        <CardContent>
          <BulkBatchList batches={batches} t={t} locale={locale} />
        </CardContent>
      </Card>
    </div>
  );
}
