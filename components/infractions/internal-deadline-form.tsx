"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { setInternalDeadlineAction } from "@/app/(dashboard)/infractions/actions";

/** Admins: how many hours before the provider's deadline the team wants replies sent. */
export function InternalDeadlineForm({ hours }: { hours: number }) {
  const { t } = useI18n();
  const router = useRouter();
  const [value, setValue] = useState(String(hours));
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        start(async () => {
          const r = await setInternalDeadlineAction({ hours: Number(value) });
          if (!r.ok) {
            setError(r.error.fieldErrors?.hours ?? r.error.message);
            return;
          }
          toast({ title: t("infractions.settings.saved", { hours: r.data.hours }), variant: "success" });
          router.refresh();
        });
      }}
    >
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">{t("infractions.settings.label")}</span>
        <Input
          type="number"
          min={0}
          max={167}
          step={1}
          inputMode="numeric"
          className="w-28"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "internal-deadline-error" : undefined}
        />
      </label>
      <Button type="submit" size="sm" variant="outline" disabled={pending}>
        {t("infractions.settings.save")}
      </Button>
      {error && (
        <p id="internal-deadline-error" role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
