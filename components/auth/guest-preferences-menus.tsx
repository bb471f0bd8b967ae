"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { useI18n } from "@/components/providers/i18n-provider";
import { LanguageRadioItems, ThemeRadioItems } from "@/components/shell/preference-radios";
import { setGuestLocaleAction } from "@/app/(auth)/actions";
import { LanguageButton, ThemeButton } from "./guest-preferences";

type MenuStart = { defaultOpen?: boolean; focusTrigger?: boolean };

/** The language and theme menus before sign-in (./guest-preferences.tsx renders their triggers until this loads). */
export function GuestPreferenceMenus({ language, theme }: { language: MenuStart; theme: MenuStart }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const languageRef = useFocusOnMount<HTMLButtonElement>(language.focusTrigger);
  const themeRef = useFocusOnMount<HTMLButtonElement>(theme.focusTrigger);
  return (
    <>
      <DropdownMenu defaultOpen={language.defaultOpen}>
        <DropdownMenuTrigger asChild>
          <LanguageButton ref={languageRef} disabled={pending} />
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
      <DropdownMenu defaultOpen={theme.defaultOpen}>
        <DropdownMenuTrigger asChild>
          <ThemeButton ref={themeRef} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{t("shell.theme")}</DropdownMenuLabel>
          <ThemeRadioItems />
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
