import { ShieldX } from "@/components/ui/icons";
import { StatusPage } from "@/components/shell/status-page";
import { getI18n } from "@/lib/i18n/server";

/** Rendered with HTTP 403 by forbidden(). */
export default async function Forbidden() {
  const { t } = await getI18n();
  return <StatusPage icon={<ShieldX />} title={t("errors.forbiddenTitle")} description={t("errors.forbiddenDescription")} />;
}
