"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Languages, SunMoon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useI18n } from "@/components/providers/i18n-provider";
import { LanguageRadioItems, ThemeRadioItems } from "@/components/shell/preference-radios";
import { LOCALE_NAMES } from "@/lib/i18n/translate";
import { setGuestLocaleAction } from "@/app/(auth)/actions";

/** Language and theme on the pages shown before sign-in. */
export function GuestPreferences() {
  const { locale, t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" disabled={pending}>
            <Languages aria-hidden /> <span className="sr-only">{t("shell.language")}:</span> <span>{LOCALE_NAMES[locale]}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{t("shell.language")}</DropdownMenuLabel>
          <LanguageRadioItems
            onChange={(v) =>
              startTransition(async () => {
                await setGuestLocaleAction(v);
                router.refresh();
              })
            }
          />
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t("shell.theme")}>
            <SunMoon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{t("shell.theme")}</DropdownMenuLabel>
          <ThemeRadioItems />
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
