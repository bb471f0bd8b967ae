"use client";

import { useTransition } from "react";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { setTimeZoneAction } from "@/app/(dashboard)/actions";

export type ZoneChoice = { value: string; label: string };

/** The choice that stores nothing: the language's market zone (lib/i18n/zones.ts). */
const DEFAULT = "default";

/** The member's time zone: the Latin-American zones first, then every zone Intl knows. */
export function TimeZoneForm({ chosen, choices, defaultLabel }: { chosen: string | null; choices: ZoneChoice[]; defaultLabel: string }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const value = chosen ?? DEFAULT;
  const label = chosen ? (choices.find((c) => c.value === chosen)?.label ?? chosen) : defaultLabel;
  return (
    <div className="grid min-w-0 max-w-sm gap-2">
      <Label htmlFor="time-zone">{t("preferences.timeZone")}</Label>
      <Select
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
      >
        <SelectTrigger id="time-zone" className="w-full min-w-0 *:data-[slot=select-value]:min-w-0" aria-describedby="time-zone-hint" data-testid="time-zone">
          <SelectValue>
            <span className="block truncate">{label}</span>
          </SelectValue>
        </SelectTrigger>
        <SelectContent className="max-h-80">
          <SelectItem value={DEFAULT}>{defaultLabel}</SelectItem>
          {choices.map((c) => (
            <SelectItem key={c.value} value={c.value}>
              {c.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id="time-zone-hint" className="text-sm text-muted-foreground">
        {t("preferences.timeZoneHint")}
      </p>
    </div>
  );
}
