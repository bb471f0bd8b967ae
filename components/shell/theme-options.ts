import { Monitor, Moon, Sun } from "lucide-react";
import type { MessageKey } from "@/lib/i18n/translate";

export const THEME_OPTIONS = [
  { value: "light", label: "shell.themeLight", icon: Sun },
  { value: "dark", label: "shell.themeDark", icon: Moon },
  { value: "system", label: "shell.themeSystem", icon: Monitor },
] as const satisfies ReadonlyArray<{ value: string; label: MessageKey; icon: unknown }>;
