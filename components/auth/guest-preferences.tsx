"use client";

import { Languages, SunMoon } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import { LOCALE_NAMES } from "@/lib/i18n/translate";

/** The language menu's trigger: the current language, in its own name. */
export function LanguageButton(props: ButtonProps) {
  const { locale, t } = useI18n();
  return (
    <Button variant="ghost" size="sm" {...props}>
      <Languages aria-hidden /> <span className="sr-only">{t("shell.language")}:</span> <span>{LOCALE_NAMES[locale]}</span>
    </Button>
  );
}

/** The theme menu's trigger. */
export function ThemeButton(props: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button variant="ghost" size="icon" aria-label={t("shell.theme")} {...props}>
      <SunMoon aria-hidden />
    </Button>
  );
}

/** Both menus (Radix DropdownMenu) load on the first intent on either trigger (./guest-preferences-menus.tsx). */
const menus = lazyModule(() => import("./guest-preferences-menus"));

/** Language and theme on the pages shown before sign-in. */
export function GuestPreferences() {
  const language = useIntent(menus);
  const theme = useIntent(menus);
  const loaded = language.loaded ?? theme.loaded;
  if (loaded)
    return (
      <loaded.GuestPreferenceMenus
        language={{ defaultOpen: language.openOnLoad, focusTrigger: language.focused }}
        theme={{ defaultOpen: theme.openOnLoad, focusTrigger: theme.focused }}
      />
    );
  return (
    <>
      <LanguageButton {...closedTrigger("menu", "dropdown-menu-trigger")} {...language.intent} />
      <ThemeButton {...closedTrigger("menu", "dropdown-menu-trigger")} {...theme.intent} />
    </>
  );
}
