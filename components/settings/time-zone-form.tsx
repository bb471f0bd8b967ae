"use client";

import { useMemo, useSyncExternalStore, useTransition } from "react";
import { Label } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { setTimeZoneAction } from "@/app/(dashboard)/actions";
import { timeZoneChoices, zoneLabel } from "@/lib/i18n/zones";

/** The choice that stores nothing: the language's market zone (lib/i18n/zones.ts). */
const DEFAULT = "default";

const noSubscription = () => () => {};

/**
 * The member's time zone: the Latin-American zones first, then every zone Intl knows. The list
 * (some 430 zones with their offsets at `at`) is written by the browser once the page is live, not
 * sent with the page; the server names the chosen one (`label`).
 */
export function TimeZoneForm({ chosen, label, defaultLabel, at }: { chosen: string | null; label: string | null; defaultLabel: string; at: string }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const live = useSyncExternalStore(noSubscription, () => true, () => false);
  const choices = useMemo(() => (live ? timeZoneChoices().map((z) => ({ value: z, label: zoneLabel(z, new Date(at)) })) : []), [live, at]);
  const value = chosen ?? DEFAULT;
  const shown = chosen ? (label ?? chosen) : defaultLabel;
  return (
    <div className="grid min-w-0 max-w-sm gap-2">
      <Label htmlFor="time-zone">{t("preferences.timeZone")}</Label>
      <LazySelect
        value={value}
        disabled={pending}
        onValueChange={(next) =>
          startTransition(async () => {
            const result = await setTimeZoneAction({ timeZone: next === DEFAULT ? "" : next });
            if (!result.ok) {
              toast({ title: result.error.message, variant: "destructive" });
              return;
            }
            toast({ title: t("preferences.timeZoneSaved") });
          })
        }
        trigger={{ id: "time-zone", className: "w-full min-w-0 *:data-[slot=select-value]:min-w-0", "aria-describedby": "time-zone-hint", "data-testid": "time-zone" }}
        shown={<span className="block truncate">{shown}</span>}
        options={[{ value: DEFAULT, label: defaultLabel }, ...choices]}
        contentClassName="max-h-80"
      />
      <p id="time-zone-hint" className="text-sm text-muted-foreground">
        {t("preferences.timeZoneHint")}
      </p>
    </div>
  );
}
