import type { Metadata } from "next";
import { NotConnected } from "@/components/shell/not-connected";
import { SectionCard } from "@/components/shell/section-card";
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
    <div className="grid grid-cols-1 gap-6">
      <SectionCard title={t("send.tabs.bulk")} description={t("bulk.intro")} className="min-w-0 content-start">
        {canSend ? (
          <BulkUpload template={bulkTemplate()} maxRows={BULK_MAX_ROWS} maxKb={Math.round(BULK_MAX_BYTES / 1000)} environment={environment} />
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="send-not-allowed">
            {t("bulk.roleOnly", { role: t(`roles.${access.role}`) })}
          </p>
        )}
      </SectionCard>
      <SectionCard title={t("bulk.list.title")} description={t("bulk.list.description")} action={<LiveRefresh kinds={["transaction"]} environment={environment} after={after} />} className="min-w-0 content-start">
        <BulkBatchList batches={batches} t={t} locale={locale} />
      </SectionCard>
    </div>
  );
}
