/**
 * The colour theme: light, dark, or the system's (the default), kept in the browser's localStorage
 * under "theme" (the key next-themes used, so a choice made before carries over).
 *
 * The root layout inlines THEME_SCRIPT (with the request's CSP nonce): it sets the class on <html>
 * before the first paint, and follows the system's theme, another tab's choice and this tab's
 * (the "themechange" event). The page's code runs it only where the script could not (startTheme);
 * the menu that changes the theme (ThemeRadioItems) loads with the menu, and ./theme-choice.ts with it. This replaced next-themes, whose provider put ≈ 1 KiB
 * gzipped of JavaScript on every page to do what the inline script does.
 */

export const THEME_KEY = "theme";
/** The event that applies the stored choice again (./theme-choice.ts fires it). */
export const THEME_CHANGE = "themechange";

/** Runs in the page as it loads (stringified: it may use nothing from outside itself). */
function themeScript(key: string, change: string) {
  const root = document.documentElement;
  const system = matchMedia("(prefers-color-scheme: dark)");
  const apply = (switching: boolean) => {
    let choice: string | null = null;
    try {
      choice = localStorage.getItem(key);
    } catch {}
    const theme = choice === "light" || choice === "dark" ? choice : system.matches ? "dark" : "light";
    // A change of theme with the colours' transitions off for a moment: every element takes its
    // new colours at once (an element half-way would be neither theme's, for the eye or for axe).
    const still = switching ? document.head.appendChild(document.createElement("style")) : null;
    if (still) still.textContent = "*,*::before,*::after{transition:none!important}";
    root.classList.remove("light", "dark");
    root.classList.add(theme);
    root.style.colorScheme = theme;
    if (still) {
      getComputedStyle(document.body);
      setTimeout(() => still.remove(), 1);
    }
  };
  apply(false);
  system.addEventListener("change", () => apply(true));
  addEventListener(change, () => apply(true));
  addEventListener("storage", (e) => {
    if (e.key === key) dispatchEvent(new Event(change));
  });
}

export const THEME_SCRIPT = `(${themeScript.toString()})(${JSON.stringify(THEME_KEY)},${JSON.stringify(THEME_CHANGE)})`;

/**
 * The same, from the page's code, when the inline script did not run: an error page (a 403, a 404
 * thrown while rendering) comes as a bare shell that React renders in the browser, and React never
 * runs an inline script it renders there. The class on <html> tells whether the script ran.
 */
export function startTheme() {
  const { classList } = document.documentElement;
  if (!classList.contains("light") && !classList.contains("dark")) themeScript(THEME_KEY, THEME_CHANGE);
}
