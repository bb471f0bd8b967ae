"use client";

/**
 * The reply deadline of one infraction, counted down live: "Reply within 1 day 4 h", in the urgent
 * colour with an alarm icon and the word "Urgent" under 24 hours (readable without colour), the
 * moment itself in the member's time zone. Counted on the provider's clock: the server says where
 * that clock stood when the page was made, and the browser keeps the difference.
 */
import { useEffect, useState } from "react";
import { AlarmClock, Clock } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatInstant } from "@/lib/i18n/format";
import { cx } from "@/lib/class-join";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function DeadlineBanner({ deadline, providerNow, team }: { deadline: string; providerNow: string; team: boolean }) {
  const { t, locale } = useI18n();
  const end = new Date(deadline).getTime();
  const [offset] = useState(() => new Date(providerNow).getTime() - Date.now());
  const [now, setNow] = useState(() => new Date(providerNow).getTime());
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset);
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, 30_000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [offset]);
  const left = end - now;
  const overdue = left <= 0;
  const urgent = !overdue && left < DAY;
  const days = Math.floor(Math.max(0, left) / DAY);
  const hours = Math.floor((Math.max(0, left) % DAY) / HOUR);
  const minutes = Math.max(1, Math.ceil((Math.max(0, left) % HOUR) / 60_000));
  const within =
    days > 0 ? t("infractions.banner.daysHours", { days, hours }) : hours > 0 ? t("infractions.banner.hoursMinutes", { hours, minutes: minutes % 60 }) : t("infractions.banner.minutes", { minutes });
  const Icon = urgent || overdue ? AlarmClock : Clock;
  return (
    <div
      role="status"
      data-testid="deadline-banner"
      data-urgency={overdue ? "overdue" : urgent ? "urgent" : "later"}
      className={cx("flex items-start gap-3 rounded-lg border p-3 text-sm", urgent || overdue ? "border-destructive/50 bg-destructive/10 text-destructive" : "bg-muted/40")}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-0.5">
        <p className="text-base font-semibold">
          {urgent && <span className="uppercase">{t("infractions.banner.urgent")} </span>}
          {overdue ? t(team ? "infractions.banner.teamOverdue" : "infractions.banner.overdue") : t(team ? "infractions.banner.teamWithin" : "infractions.banner.within", { within })}
        </p>
        <p className={urgent || overdue ? "text-destructive" : "text-muted-foreground"}>{t(team ? "infractions.detail.teamDeadline" : "infractions.banner.at", { at: formatInstant(deadline, locale) })}</p>
      </div>
    </div>
  );
}
