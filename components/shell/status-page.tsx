import type { ReactNode } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getI18n } from "@/lib/i18n/server";

/** A whole-page status (not found, forbidden): its icon, an h1 and why, and the way back to the overview. */
export async function StatusPage({ icon, title, description }: { icon: ReactNode; title: ReactNode; description: ReactNode }) {
  const { t } = await getI18n();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      <EmptyState
        icon={icon}
        titleAs="h1"
        title={title}
        description={description}
        action={
          <Button asChild variant="outline">
            <Link href="/overview">{t("errors.backToOverview")}</Link>
          </Button>
        }
      />
    </main>
  );
}
