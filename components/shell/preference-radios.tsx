"use client";

import { useSyncExternalStore } from "react";
import { chooseTheme, onThemeChange, themeChoice, type ThemeChoice } from "@/lib/theme-choice";
import { Monitor, Moon, Sun } from "@/components/ui/icons";
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from "@/components/ui/dropdown-menu";
import { useI18n } from "@/components/providers/i18n-provider";
import { LOCALE_NAMES, LOCALES, type MessageKey } from "@/lib/i18n/translate";

const THEME_OPTIONS = [
  { value: "light", label: "shell.themeLight", icon: Sun },
  { value: "dark", label: "shell.themeDark", icon: Moon },
  { value: "system", label: "shell.themeSystem", icon: Monitor },
] as const satisfies ReadonlyArray<{ value: string; label: MessageKey; icon: unknown }>;

/** Light, dark or system, as menu radio items: used before sign-in and in the account menu. */
export function ThemeRadioItems() {
  const { t } = useI18n();
  const theme = useSyncExternalStore(onThemeChange, themeChoice, () => "system" as const);
  return (
    <DropdownMenuRadioGroup value={theme} onValueChange={(value) => chooseTheme(value as ThemeChoice)}>
      {THEME_OPTIONS.map((o) => (
        <DropdownMenuRadioItem key={o.value} value={o.value}>
          <o.icon aria-hidden /> {t(o.label)}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** The three languages, each in its own name, as menu radio items. */
export function LanguageRadioItems({ onChange }: { onChange: (locale: string) => void }) {
  const { locale } = useI18n();
  return (
    <DropdownMenuRadioGroup value={locale} onValueChange={onChange}>
      {LOCALES.map((l) => (
        <DropdownMenuRadioItem key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}
