import { SectionCard } from "@/components/shell/section-card";
import type { HeadroomDto } from "@/lib/api-context/request-log-query";
import type { Translate } from "@/lib/i18n";

/** How many budgets are shown (the busiest first). */
const SHOWN = 9;

/**
 * What is left of the active credential's rate budgets this minute, busiest first, from the same
 * counts the API context takes its slots from: an engineer's figure, on Settings → Developers only.
 */
export function RateHeadroom({ headroom, credentialName, t }: { headroom: HeadroomDto; credentialName: string; t: Translate }) {
  const busy = headroom.some((h) => h.used > 0);
  return (
    <SectionCard title={t("developers.headroomTitle")} description={t("developers.headroomDescription", { name: credentialName })} data-testid="rate-headroom">
      {!busy && <p className="mb-3 text-sm text-muted-foreground">{t("developers.headroomIdle")}</p>}
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("developers.headroomTitle")}>
        {headroom.slice(0, SHOWN).map((h) => {
          const left = Math.max(0, h.limit - h.used);
          return (
            <li key={h.endpoint} className="grid gap-1 rounded-md border p-3 text-sm" data-endpoint={h.endpoint} data-used={h.used}>
              <div className="flex flex-wrap justify-between gap-x-2">
                <span className="font-mono text-xs">{h.endpoint}</span>
                <span className="text-xs text-muted-foreground tabular-nums">{t("developers.headroomLeft", { left, limit: h.limit })}</span>
              </div>
              <div className="h-1.5 overflow-hidden rounded bg-muted" aria-hidden>
                <div className={left / h.limit < 0.1 ? "h-full bg-destructive" : "h-full bg-primary"} style={{ width: `${Math.min(100, (left / h.limit) * 100)}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
