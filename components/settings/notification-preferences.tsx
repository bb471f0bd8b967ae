"use client";

import { useState, useTransition } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { NOTIFICATION_EMAIL_MODES, type NotificationEmailMode, type NotificationKind, type NotificationPreference } from "@/lib/notifications/kinds";
import { setNotificationPreferenceAction } from "@/app/(dashboard)/notifications/actions";

export type PreferenceRow = { kind: NotificationKind; preference: NotificationPreference; emailLocked: boolean };

/**
 * Per kind of notification: in the bell or not, and by e-mail each one, in the daily digest, or
 * not at all. Each change is saved at once. A table from the sm breakpoint up, a card per kind on
 * a phone (each control with its own label).
 */
export function NotificationPreferences({ rows }: { rows: PreferenceRow[] }) {
  const { t } = useI18n();
  const [values, setValues] = useState(() => Object.fromEntries(rows.map((r) => [r.kind, r.preference])) as Record<NotificationKind, NotificationPreference>);
  const [pending, startTransition] = useTransition();

  const save = (kind: NotificationKind, next: NotificationPreference) => {
    const before = values[kind];
    setValues((v) => ({ ...v, [kind]: next }));
    startTransition(async () => {
      const result = await setNotificationPreferenceAction({ kind, ...next });
      if (!result.ok) {
        setValues((v) => ({ ...v, [kind]: before }));
        toast({ title: result.error.message, variant: "destructive" });
        return;
      }
      toast({ title: t("notifications.preferences.saved") });
    });
  };

  return (
    <div className="grid gap-0 text-sm" data-testid="notification-preferences">
      <div aria-hidden className="hidden grid-cols-[1fr_5rem_10rem] gap-3 border-b pb-2 text-xs font-medium text-muted-foreground sm:grid">
        <span>{t("notifications.preferences.kind")}</span>
        <span className="text-center">{t("notifications.preferences.inApp")}</span>
        <span>{t("notifications.preferences.email")}</span>
      </div>
      {rows.map(({ kind, emailLocked }) => {
        const value = values[kind];
        const name = t(`notifications.kinds.${kind}`);
        const bellId = `notify-${kind}-bell`;
        const emailId = `notify-${kind}-email`;
        return (
          <div key={kind} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 border-b py-3 last:border-b-0 sm:grid-cols-[1fr_5rem_10rem]" data-testid={`preference-${kind}`}>
            <div className="col-span-2 sm:col-span-1">
              <p className="font-medium">{name}</p>
              {emailLocked && <p className="text-xs text-muted-foreground">{t("notifications.preferences.alwaysMailed")}</p>}
            </div>
            <label htmlFor={bellId} className="flex items-center gap-2 sm:justify-center">
              <input
                id={bellId}
                type="checkbox"
                className="size-4 accent-primary"
                checked={value.inApp}
                disabled={pending}
                aria-label={t("notifications.preferences.inAppFor", { kind: name })}
                onChange={(e) => save(kind, { ...value, inApp: e.target.checked })}
              />
              <span className="sm:sr-only">{t("notifications.preferences.inApp")}</span>
            </label>
            <div className="flex items-center justify-end gap-2 sm:justify-start">
              <label htmlFor={emailId} className="sm:sr-only">
                {t("notifications.preferences.email")}
              </label>
              <NativeSelect
                id={emailId}
                className="w-36"
                value={value.email}
                disabled={pending || emailLocked}
                aria-label={t("notifications.preferences.emailFor", { kind: name })}
                onChange={(e) => save(kind, { ...value, email: e.target.value as NotificationEmailMode })}
              >
                {NOTIFICATION_EMAIL_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`notifications.preferences.emailModes.${m}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
        );
      })}
    </div>
  );
}
