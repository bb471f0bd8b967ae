import { SearchX } from "@/components/ui/icons";
import { StatusPage } from "@/components/shell/status-page";
import { getI18n } from "@/lib/i18n/server";

export default async function NotFound() {
  const { t } = await getI18n();
  return <StatusPage icon={<SearchX />} title={t("errors.notFoundTitle")} description={t("errors.notFoundDescription")} />;
}
