import type { Metadata } from "next";
import { SectionCard } from "@/components/shell/section-card";
import { LanguageForm } from "@/components/settings/language-form";
import { TimeZoneForm } from "@/components/settings/time-zone-form";
import { NotificationPreferences } from "@/components/settings/notification-preferences";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { memberPreferences } from "@/lib/notifications/preferences";
import { authorizePage } from "@/lib/auth/authorize";
import { formatDateTime, formatMoney, formatNumber } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { LOCALE_TIME_ZONES, timeZoneChoices, zoneLabel, zoneOffset } from "@/lib/i18n/zones";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("preferences.title") };
}

/** A fixed instant, so the preview shows the format and not the clock. */
const SAMPLE_INSTANT = "2026-03-09T18:30:00Z";

export default async function PreferencesPage() {
  const access = await authorizePage("dashboard.view");
  const { t, locale, timeZone } = await getI18n();
  const now = new Date();
  const samples = [
    { label: t("preferences.amountExample"), value: `${formatMoney("1234567.89", "BRL", locale)} · ${formatMoney("1234.5", "MXN", locale)} · ${formatMoney("0.00012345", "BTC", locale)}`, id: "amount" },
    { label: t("preferences.dateExample"), value: `${formatDateTime(SAMPLE_INSTANT, locale)} (${zoneOffset(timeZone, new Date(SAMPLE_INSTANT))})`, id: "date" },
    { label: t("preferences.numberExample"), value: formatNumber("9876543.21", locale), id: "number" },
  ];
  const chosen = access.timeZone && timeZoneChoices().includes(access.timeZone) ? access.timeZone : null;
  const notifications = await memberPreferences(await getDb(), access.userId);
  return (
    <div className="grid max-w-2xl gap-6">
      <SectionCard title={t("preferences.title")} description={t("preferences.description")}>
        <div className="grid gap-5">
          <LanguageForm />
          <TimeZoneForm
            chosen={chosen}
            label={chosen ? zoneLabel(chosen, now) : null}
            at={now.toISOString()}
            defaultLabel={t("preferences.timeZoneDefault", { zone: zoneLabel(LOCALE_TIME_ZONES[locale], now) })}
          />
        </div>
      </SectionCard>
      <SectionCard id="notifications" className="scroll-mt-20" title={t("notifications.preferences.title")} description={t("notifications.preferences.description")}>
        {!env().SMTP_URL && (
          <p className="mb-3 text-sm text-muted-foreground" data-testid="no-smtp">
            {t("notifications.preferences.noSmtp")}
          </p>
        )}
        <NotificationPreferences rows={notifications} />
      </SectionCard>
      <SectionCard title={t("preferences.formatPreview")}>
        <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          {samples.map((s) => (
            <div key={s.id} className="contents">
              <dt className="text-sm text-muted-foreground">{s.label}</dt>
              <dd className="font-mono text-sm tabular-nums" data-testid={`format-${s.id}`}>
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      </SectionCard>
    </div>
  );
}
