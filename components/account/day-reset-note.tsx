"use client";

import { useSyncExternalStore } from "react";
import { Clock } from "lucide-react";
import { useI18n } from "@/components/providers/i18n-provider";
import { dailyResetTime } from "@/lib/account/day-reset";
import { LOCALE_TIME_ZONES } from "@/lib/i18n/zones";

const noSubscription = () => () => undefined;
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Once per page: daily limits restart at midnight UTC, said on the member's clock ("21:00 your
 * time"). Their clock is the device's time zone; before the browser has said it (the server's
 * render), the time zone of their language's market (lib/i18n/zones.ts).
 */
export function DayResetNote() {
  const { t, locale } = useI18n();
  const zone = useSyncExternalStore(noSubscription, deviceZone, () => LOCALE_TIME_ZONES[locale]);
  const time = dailyResetTime(zone, locale);
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="limits-day-reset" data-time-zone={zone}>
      <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>{time ? t("account.limits.dayResetLocal", { time }) : t("account.limits.dayResetUtc")}</span>
    </p>
  );
}
