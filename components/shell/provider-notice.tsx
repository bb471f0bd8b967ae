import { Suspense } from "react";
import { Unplug } from "@/components/ui/icons";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { Access } from "@/lib/auth/access";
import { providerStatus, type ApiEnvironment } from "@/lib/api-context";
import { formatDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";

/**
 * While the payment provider does not answer (the credential's circuit breaker is open on this
 * instance), says so at the top of the page, since when, and what still works: everything read from
 * the dashboard's own copy. Nothing when it answers. Makes no call to the provider; when the
 * breaker's cool-down is over it waits (streamed, holding nothing else of the page) for the verdict
 * of the probe the page's own reads send, so that it never contradicts figures just read fresh.
 */
export function ProviderNotice(props: { access: Access; environment: ApiEnvironment }) {
  return (
    <Suspense fallback={null}>
      <Notice {...props} />
    </Suspense>
  );
}

async function Notice({ access, environment }: { access: Access; environment: ApiEnvironment }) {
  const status = await providerStatus(access, environment, { waitForProbeMs: 6_000 });
  if (status.answering) return null;
  const { t, locale } = await getI18n();
  return (
    <Alert variant="warning" role="status" className="mb-6" data-testid="provider-notice">
      <Unplug aria-hidden />
      <AlertTitle>{t("providerNotice.title")}</AlertTitle>
      <AlertDescription>
        <p>{t("providerNotice.body", { since: formatDateTime(status.since, locale) })}</p>
      </AlertDescription>
    </Alert>
  );
}
