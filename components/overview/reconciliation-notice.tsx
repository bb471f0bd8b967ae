import Link from "next/link";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Access } from "@/lib/auth/access";
import type { ApiEnvironment } from "@/lib/vocabulary";
import { getDb } from "@/lib/db";
import { formatRelativeTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { openFindings } from "@/lib/overview/queries";

/** Open reconciliation findings of the environment shown, with a way to them; nothing when there are none. */
export async function ReconciliationNotice({ access, environment }: { access: Access; environment: ApiEnvironment }) {
  const { t, locale } = await getI18n();
  const { count, checkedAt } = await openFindings(await getDb(), { organizationId: access.organizationId, environment });
  if (count === 0) return null;
  return (
    <section
      aria-labelledby="reconciliation-notice-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm"
      data-testid="reconciliation-notice"
      data-count={count}
    >
      <div className="flex min-w-0 items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        <div className="grid min-w-0 gap-0.5">
          <h2 id="reconciliation-notice-title" className="font-medium">
            {t("overviewWidgets.reconciliation.title", { count })}
          </h2>
          {checkedAt && <p>{t("overviewWidgets.reconciliation.description", { ago: formatRelativeTime(checkedAt, locale) })}</p>}
        </div>
      </div>
      <Button asChild size="sm" variant="outline">
        <Link href="/settings/reconciliation">{t("overviewWidgets.reconciliation.review")}</Link>
      </Button>
    </section>
  );
}
