"use client";

import { Clock } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { dailyResetTime } from "@/lib/account/day-reset";

/**
 * Once per page: daily limits restart at midnight UTC, said on the member's clock ("21:00 your
 * time"). Their clock is the time zone of their preferences (by default their language's market).
 */
export function DayResetNote() {
  const { t, locale, timeZone: zone } = useI18n();
  const time = dailyResetTime(zone, locale);
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="limits-day-reset" data-time-zone={zone}>
      <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>{time ? t("account.limits.dayResetLocal", { time }) : t("account.limits.dayResetUtc")}</span>
    </p>
  );
}
