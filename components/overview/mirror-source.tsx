import { formatRelativeTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";

/** Where a mirror widget's figures come from, and how fresh the mirror is. */
export async function MirrorSource({ lastSyncAt }: { lastSyncAt: string | null }) {
  const { t, locale } = await getI18n();
  return (
    <p className="text-xs text-muted-foreground" data-testid="mirror-source">
      {lastSyncAt ? t("overviewWidgets.fromMirror", { ago: formatRelativeTime(lastSyncAt, locale) }) : t("overviewWidgets.fromMirrorNeverSynced")}
    </p>
  );
}
