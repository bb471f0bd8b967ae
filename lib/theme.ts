/**
 * The colour theme: light, dark, or the system's (the default), kept in the browser's localStorage
 * under "theme" (the key next-themes used, so a choice made before carries over).
 *
 * The root layout inlines THEME_SCRIPT (with the request's CSP nonce): it sets the class on <html>
 * before the first paint, and follows the system's theme, another tab's choice and this tab's
 * (the "themechange" event). The page's code runs it only where the script could not (startTheme);
 * the menu that changes the theme (ThemeRadioItems) loads with the menu. This replaced next-themes, whose provider put ≈ 1 KiB
 * gzipped of JavaScript on every page to do what the inline script does.
 */

export const THEME_KEY = "theme";
export const THEMES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEMES)[number];
const CHANGE = "themechange";

/** Runs in the page as it loads (stringified: it may use nothing from outside itself). */
function themeScript(key: string, change: string) {
  const root = document.documentElement;
  const system = matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    let choice: string | null = null;
    try {
      choice = localStorage.getItem(key);
    } catch {}
    const theme = choice === "light" || choice === "dark" ? choice : system.matches ? "dark" : "light";
    root.classList.remove("light", "dark");
    root.classList.add(theme);
    root.style.colorScheme = theme;
  };
  apply();
  system.addEventListener("change", apply);
  addEventListener(change, apply);
  addEventListener("storage", (e) => {
    if (e.key === key) dispatchEvent(new Event(change));
  });
}

export const THEME_SCRIPT = `(${themeScript.toString()})(${JSON.stringify(THEME_KEY)},${JSON.stringify(CHANGE)})`;

/**
 * The same, from the page's code, when the inline script did not run: an error page (a 403, a 404
 * thrown while rendering) comes as a bare shell that React renders in the browser, and React never
 * runs an inline script it renders there. The class on <html> tells whether the script ran.
 */
export function startTheme() {
  const { classList } = document.documentElement;
  if (!classList.contains("light") && !classList.contains("dark")) themeScript(THEME_KEY, CHANGE);
}

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
  addEventListener(CHANGE, listener);
  return () => removeEventListener(CHANGE, listener);
}

/** Stores the choice and applies it, without the colours' transitions playing on every element. */
export function chooseTheme(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {}
  const still = document.createElement("style");
  still.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(still);
  dispatchEvent(new Event(CHANGE));
  getComputedStyle(document.body);
  setTimeout(() => still.remove(), 1);
}
