import Link from "next/link";
import { ShieldX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getI18n } from "@/lib/i18n/server";

/** Rendered with HTTP 403 by forbidden(). */
export default async function Forbidden() {
  const { t } = await getI18n();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      <EmptyState
        icon={<ShieldX />}
        titleAs="h1"
        title={t("errors.forbiddenTitle")}
        description={t("errors.forbiddenDescription")}
        action={
          <Button asChild variant="outline">
            <Link href="/overview">{t("errors.backToOverview")}</Link>
          </Button>
        }
      />
    </main>
  );
}
