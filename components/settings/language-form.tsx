"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Label } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/translate";
import { setLocaleAction } from "@/app/(dashboard)/actions";

export function LanguageForm() {
  const { locale, t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor="language">{t("preferences.language")}</Label>
      <LazySelect
        value={locale}
        disabled={pending}
        onValueChange={(value) =>
          startTransition(async () => {
            const result = await setLocaleAction({ locale: value as Locale });
            if (!result.ok) {
              toast({ title: result.error.message, variant: "destructive" });
              return;
            }
            router.refresh();
          })
        }
        trigger={{ id: "language", className: "w-full" }}
        shown={LOCALE_NAMES[locale]}
        options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l], lang: l }))}
      />
    </div>
  );
}
