import type { ApiEnvironment, Read } from "@/lib/api-context";
import { InfoTip } from "@/components/ui/info-tip";
import { formatDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";

/**
 * Where a section's figures come from and when (the API, which credential, fresh or the team's
 * shared copy, or the last known answer while the provider does not answer): one click away behind
 * an "i", not text on a merchant's page. The wrapper carries the read's facts as data attributes.
 * Beside a section's title, or at the head of the note under a tab (`className` "-m-1": the
 * button's 24 px on a line of small text, its icon in line with the notes' icons below it), never on a
 * line of its own, where it read as an icon left behind.
 */
export async function ReadSource({ read, environment, testId, className }: { read: Read<unknown>; environment: ApiEnvironment; testId: string; className?: string }) {
  const { t, locale } = await getI18n();
  return (
    <span className={className ? `inline-flex align-middle ${className}` : "inline-flex align-middle"} data-testid={testId} data-cached={read.cached} data-stale={read.stale === true} data-read-at={read.readAt}>
      <InfoTip label={t("account.readSource")} testId={`${testId}-tip`}>
        <p data-testid={`${testId}-text`}>
          {t(read.stale ? "account.readAtLastKnown" : read.cached ? "account.readAtCached" : "account.readAt", {
            at: formatDateTime(read.readAt, locale),
            source: read.credential.name,
            environment: t(`environments.${environment}`),
          })}
        </p>
      </InfoTip>
    </span>
  );
}
