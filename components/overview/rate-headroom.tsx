import Link from "next/link";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import type { Access } from "@/lib/auth/access";
import { can } from "@/lib/auth/roles";
import { apiContext, type ApiEnvironment } from "@/lib/api-context";
import { rateHeadroom } from "@/lib/api-context/request-log-query";
import { getDb } from "@/lib/db";
import { formatDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";

/** How many of the busiest budgets to show. */
const BUSIEST = 4;

/**
 * What is left of the active credential's busiest rate budgets this minute, from the same counts
 * the API context takes its slots from (Settings → Developers shows every budget).
 */
export async function RateHeadroomCard({ access, environment, className }: { access: Access; environment: ApiEnvironment; className?: string }) {
  const { t, locale } = await getI18n();
  const ctx = await apiContext();
  const active = await ctx.credential({ organizationId: access.organizationId, environment }).catch(() => null);
  if (!active) return null;
  const at = new Date();
  const busiest = (await rateHeadroom(await getDb(), active.id)).filter((h) => h.used > 0).slice(0, BUSIEST);
  return (
    <section aria-labelledby="headroom-title" className={className}>
      <Card className="h-full gap-4" data-testid="rate-headroom">
        <CardHeader>
          <CardTitle>
            <h2 id="headroom-title">{t("overviewWidgets.headroom.title")}</h2>
          </CardTitle>
          <CardDescription>{t("overviewWidgets.headroom.description", { name: active.name, at: formatDateTime(at, locale) })}</CardDescription>
          {can(access.role, "logs.view") && (
            <CardAction>
              <Button asChild size="sm" variant="ghost">
                <Link href="/settings/developers">{t("overviewWidgets.headroom.log")}</Link>
              </Button>
            </CardAction>
          )}
        </CardHeader>
        <CardContent>
          {busiest.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("overviewWidgets.headroom.idle")}</p>
          ) : (
            <ul className="grid gap-2.5" aria-label={t("overviewWidgets.headroom.title")}>
              {busiest.map((h) => {
                const left = Math.max(0, h.limit - h.used);
                return (
                  <li key={h.endpoint} className="grid gap-1 text-sm" data-endpoint={h.endpoint}>
                    <div className="flex flex-wrap justify-between gap-x-2">
                      <span className="font-mono text-xs">{h.endpoint}</span>
                      <span className="text-xs text-muted-foreground tabular-nums">{t("overviewWidgets.headroom.left", { left, limit: h.limit })}</span>
                    </div>
                    <div className="h-1.5 overflow-hidden rounded bg-muted" aria-hidden>
                      <div className={left / h.limit < 0.1 ? "h-full bg-destructive" : "h-full bg-primary"} style={{ width: `${Math.min(100, (left / h.limit) * 100)}%` }} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
