/**
 * The theme's inline script (lib/theme.ts), run against a small stand-in for the page's globals:
 * the class it puts on <html> from the stored choice or the system's theme, and how it follows a
 * change of either. The browser journeys check it in Chromium (the account menu's theme, the tour's
 * dark axe pass through the system's theme).
 */
import { describe, expect, it } from "vitest";
import { THEME_KEY, THEME_SCRIPT } from "@/lib/theme";

function page(stored: string | null, systemDark: boolean) {
  const classes = new Set<string>();
  const listeners = new Map<string, ((e: { key?: string }) => void)[]>();
  const systemListeners: (() => void)[] = [];
  const store = new Map<string, string>(stored ? [[THEME_KEY, stored]] : []);
  const system = { matches: systemDark, addEventListener: (_: string, f: () => void) => systemListeners.push(f) };
  // The <style> that holds transitions during a switch: in the head while the class changes, gone after.
  const held: string[] = [];
  const head = new Set<{ textContent: string }>();
  const globals = {
    document: {
      documentElement: {
        classList: {
          add: (c: string) => {
            classes.add(c);
            held.push(...[...head].map((s) => s.textContent));
          },
          remove: (...c: string[]) => c.forEach((x) => classes.delete(x)),
        },
        style: { colorScheme: "" },
      },
      head: { appendChild: <T extends { textContent: string }>(el: T) => (head.add(el), el) },
      body: {},
      createElement: () => {
        const el = { textContent: "", remove: () => head.delete(el) };
        return el;
      },
    },
    getComputedStyle: () => ({}),
    matchMedia: () => system,
    localStorage: { getItem: (k: string) => store.get(k) ?? null },
    addEventListener: (type: string, f: (e: { key?: string }) => void) => listeners.set(type, [...(listeners.get(type) ?? []), f]),
    dispatchEvent: (e: { type: string }) => listeners.get(e.type)?.forEach((f) => f({})),
    Event: class {
      constructor(public type: string) {}
    },
  };
  new Function(...Object.keys(globals), THEME_SCRIPT)(...Object.values(globals));
  return {
    held,
    styles: () => head.size,
    theme: () => [...classes].join(" "),
    colorScheme: () => globals.document.documentElement.style.colorScheme,
    setSystem(dark: boolean) {
      system.matches = dark;
      systemListeners.forEach((f) => f());
    },
    storeInOtherTab(value: string | null) {
      if (value === null) store.delete(THEME_KEY);
      else store.set(THEME_KEY, value);
      listeners.get("storage")?.forEach((f) => f({ key: THEME_KEY }));
    },
  };
}

describe("the theme's inline script", () => {
  it("follows the system's theme when nothing is stored, or 'system' is (next-themes' value)", () => {
    expect(page(null, true).theme()).toBe("dark");
    expect(page("system", false).theme()).toBe("light");
    const p = page(null, false);
    p.setSystem(true);
    expect(p.theme()).toBe("dark");
    expect(p.colorScheme()).toBe("dark");
  });

  it("switches with the colours' transitions held (none on the first paint), and lets them go after", async () => {
    const p = page(null, false);
    expect(p.held).toEqual([]);
    p.setSystem(true);
    expect(p.held).toEqual(["*,*::before,*::after{transition:none!important}"]);
    expect(p.styles()).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(p.styles()).toBe(0);
  });

  it("keeps a stored choice whatever the system's theme, and takes another tab's choice", () => {
    const p = page("light", true);
    expect(p.theme()).toBe("light");
    p.setSystem(true);
    expect(p.theme()).toBe("light");
    p.storeInOtherTab("dark");
    expect(p.theme()).toBe("dark");
    p.storeInOtherTab(null);
    expect(p.theme()).toBe("dark"); // the system's, which is dark
    p.setSystem(false);
    expect(p.theme()).toBe("light");
  });
});
