import { CircleAlert } from "@/components/ui/icons";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { FailureDescription } from "@/lib/api-context/describe";
import { getI18n } from "@/lib/i18n/server";

/** A Payment API failure on the page that needed the data, in words, with the id to quote to support. */
export async function ApiFailure({ failure, title }: { failure: FailureDescription; title?: string }) {
  const { t } = await getI18n();
  return (
    <Alert variant="destructive" data-testid="api-failure" data-code={failure.code}>
      <CircleAlert aria-hidden />
      <AlertTitle>{title ?? t("apiErrors.title")}</AlertTitle>
      <AlertDescription>
        <p>{t(failure.key, failure.vars)}</p>
        {failure.requestId && <p className="font-mono text-xs">{t("apiErrors.requestId", { requestId: failure.requestId })}</p>}
      </AlertDescription>
    </Alert>
  );
}
