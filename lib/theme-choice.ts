/** The member's theme as the account menu reads and changes it (the script that applies it: ./theme.ts). */
import { THEME_CHANGE, THEME_KEY } from "./theme";

export const THEMES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEMES)[number];

/** The member's choice as stored ("system" when none, or unreadable). */
export function themeChoice(): ThemeChoice {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_KEY);
  } catch {}
  return stored === "light" || stored === "dark" ? stored : "system";
}

/** Listens for a change of choice, here or in another tab. */
export function onThemeChange(listener: () => void): () => void {
  addEventListener(THEME_CHANGE, listener);
  return () => removeEventListener(THEME_CHANGE, listener);
}

/** Stores the choice and applies it (the page's theme script switches, its transitions held). */
export function chooseTheme(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {}
  dispatchEvent(new Event(THEME_CHANGE));
}
