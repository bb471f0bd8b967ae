import Link from "next/link";
import { ShieldAlert } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Access } from "@/lib/auth/access";
import type { ApiEnvironment } from "@/lib/vocabulary";
import { apiContext } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { infractionAlerts } from "@/lib/infractions/mirror";
import { formatMoney, formatRelativeTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { cn } from "@/lib/utils";

/**
 * Infraction alerts: what is due within 48 hours of the team's deadline, each with the nearest
 * threshold crossed (48 h, 24 h, 6 h), judged on the API's clock; otherwise the next one due.
 */
export async function InfractionAlertsCard({ access, environment }: { access: Access; environment: ApiEnvironment }) {
  const { t, locale } = await getI18n();
  const target = { organizationId: access.organizationId, environment };
  const now = await (await apiContext()).providerNow(target);
  const { due, next } = await infractionAlerts(await getDb(), target, now);
  return (
    <Card data-testid="infraction-alerts">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <ShieldAlert aria-hidden className="size-4" /> {t("overviewWidgets.infractions.title")}
          </h2>
        </CardTitle>
        <CardDescription>{t("overviewWidgets.infractions.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {due.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {next?.effectiveDeadlineAt
              ? t("overviewWidgets.infractions.next", { in: formatRelativeTime(next.effectiveDeadlineAt, locale, now) })
              : t("overviewWidgets.infractions.none")}
          </p>
        ) : (
          <ul className="divide-y">
            {due.map((i) => {
              const left = i.effectiveDeadlineAt!.getTime() - now.getTime();
              return (
                <li key={i.infractionId} data-testid={`alert-${i.infractionId}`} data-threshold={i.threshold ?? ""}>
                  <Link href={`/infractions/${i.infractionId}`} className="flex items-center justify-between gap-3 rounded-md px-1 py-2 hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                    <span className="grid min-w-0 gap-0.5">
                      <span className="truncate text-sm font-medium">
                        {i.amount && i.currency ? formatMoney(i.blockedAmount ?? i.amount, i.currency, locale) : "—"} ·{" "}
                        {i.type === "FRAUD" || i.type === "REFUND_REQUEST" ? t(`infractions.types.${i.type}`) : i.type}
                      </span>
                      <span className={cn("text-xs", left <= 24 * 3_600_000 ? "text-destructive" : "text-warning")}>
                        {left > 0 ? t("infractions.due", { in: formatRelativeTime(i.effectiveDeadlineAt!, locale, now) }) : t("infractions.overdue", { ago: formatRelativeTime(i.effectiveDeadlineAt!, locale, now) })}
                      </span>
                    </span>
                    {i.threshold && (
                      <Badge variant={i.threshold === "48h" ? "warning" : "destructive"} data-testid="alert-threshold">
                        {t(`overviewWidgets.infractions.threshold.${i.threshold}`)}
                      </Badge>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        <Link href="/infractions" className="mt-2 inline-block text-sm underline underline-offset-4">
          {t("overviewWidgets.infractions.all")}
        </Link>
      </CardContent>
    </Card>
  );
}
