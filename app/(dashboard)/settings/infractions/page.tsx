import type { Metadata } from "next";
import { SectionCard } from "@/components/shell/section-card";
import { InternalDeadlineForm } from "@/components/infractions/internal-deadline-form";
import { getInternalDeadlineHours } from "@/lib/infractions/mirror";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("infractions.settings.title") };
}

/** Settings → Infractions (admins): how long before the provider's deadline the team wants replies sent. */
export default async function InfractionSettingsPage() {
  const { t, db, access } = await pageContext("organization.manage");
  const hours = await getInternalDeadlineHours(db, access.organizationId);
  return (
    <div className="grid max-w-2xl gap-6">
      <SectionCard title={t("infractions.settings.title")} description={t("infractions.settings.description")}>
        <div className="grid gap-4">
          <p className="text-sm" data-testid="internal-deadline-now">
            {hours > 0 ? t("infractions.internalDeadline", { hours }) : t("infractions.apiDeadline")}
          </p>
          <InternalDeadlineForm hours={hours} />
        </div>
      </SectionCard>
    </div>
  );
}
