"use client";

import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useI18n } from "@/components/providers/i18n-provider";

/** Unexpected failures: a generic message with the digest as reference, never the error's own text. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { t } = useI18n();
  return (
    <EmptyState
      icon={<TriangleAlert />}
      titleAs="h1"
        title={t("errors.genericTitle")}
      description={t("errors.genericDescription", { reference: error.digest ?? "—" })}
      action={<Button onClick={reset}>{t("errors.tryAgain")}</Button>}
    />
  );
}
