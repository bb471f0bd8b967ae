import type { ReactNode } from "react";
import { headers } from "next/headers";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getI18n } from "@/lib/i18n/server";
import { REQUEST_ID_HEADER } from "@/lib/observability/context";

/**
 * A whole-page status (not found, forbidden): its icon, an h1 and why, the way back to the overview,
 * and the request's id as a reference (what support finds the request by in the log). The way back
 * is a plain link: every route has these pages as its not-found and forbidden boundaries, and
 * next/link's client code (≈ 4 KiB gzipped) would load with /login, an invitation and the payment
 * page for them; leaving for the dashboard is a whole page's load anyway.
 */
export async function StatusPage({ icon, title, description }: { icon: ReactNode; title: ReactNode; description: ReactNode }) {
  const { t } = await getI18n();
  const requestId = (await headers()).get(REQUEST_ID_HEADER);
  return (
    <main id="main" className="status-page">
      <EmptyState
        icon={icon}
        titleAs="h1"
        title={title}
        description={
          <>
            {description}
            {requestId && (
              <span className="mt-2 block text-xs" data-request-id={requestId}>
                {t("errors.reference", { reference: requestId })}
              </span>
            )}
          </>
        }
        action={
          <Button asChild variant="outline">
            <a href="/overview">{t("errors.backToOverview")}</a>
          </Button>
        }
      />
    </main>
  );
}
