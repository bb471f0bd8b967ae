"use client";

import { TriangleAlert } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { EmptyState } from "@/components/ui/empty-state";
import { useI18n } from "@/components/providers/i18n-provider";
import { useRequestId } from "@/components/providers/request-id";

/**
 * An unexpected failure (an error.tsx boundary): a generic message and, as its reference, the id of
 * the request that failed (X-Request-Id: the log lines of that request, its API calls and the error
 * carry it), never the error's own text. `standalone`: outside the dashboard's frame (its own main).
 */
export function ErrorPage({ error, reset, standalone = false }: { error: Error & { digest?: string }; reset: () => void; standalone?: boolean }) {
  const { t } = useI18n();
  const reference = useRequestId() ?? error.digest ?? "—";
  const content = (
    <EmptyState
      icon={<TriangleAlert />}
      titleAs="h1"
      title={t("errors.genericTitle")}
      description={t("errors.genericDescription", { reference })}
      data-request-id={reference}
      action={<Button onClick={reset}>{t("errors.tryAgain")}</Button>}
    />
  );
  return standalone ? (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      {content}
    </main>
  ) : (
    content
  );
}
