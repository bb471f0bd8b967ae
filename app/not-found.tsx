import Link from "next/link";
import { SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getI18n } from "@/lib/i18n/server";

export default async function NotFound() {
  const { t } = await getI18n();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      <EmptyState
        icon={<SearchX />}
        titleAs="h1"
        title={t("errors.notFoundTitle")}
        description={t("errors.notFoundDescription")}
        action={
          <Button asChild variant="outline">
            <Link href="/overview">{t("errors.backToOverview")}</Link>
          </Button>
        }
      />
    </main>
  );
}
