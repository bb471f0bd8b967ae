/**
 * Every signed-in page (the tour's list) read in Portuguese and in Spanish, as a merchant reads it:
 * no text that looks like a message key ("transactions.status.pending"), no raw API status word in
 * English, no "a.m..", no amount after a bare "$" (which dollar?) and, in Portuguese, no amount with a
 * decimal point beside its currency ("1.00 BRL"). The language comes from the `locale` cookie (the roster's admin has chosen none), so
 * no other journey sees it. Every finding is listed, page by page, in the failure message.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, as, SIGNED_IN_PAGES } from "./fixtures";

const CHECKS: { name: string; pattern: RegExp; locales: string[] }[] = [
  { name: "message key", pattern: /\b[a-z]+(\.[a-zA-Z]+){1,}\b/g, locales: ["pt-BR", "es-MX"] },
  { name: "English status word", pattern: /\b(pending|confirmed|failed|paid|won|lost)\b/gi, locales: ["pt-BR", "es-MX"] },
  { name: "doubled period", pattern: /[ap]\.\s?m\.\./g, locales: ["pt-BR", "es-MX"] },
  { name: "dot-decimal amount", pattern: /\d+\.\d{2}\s?(BRL|R\$)/g, locales: ["pt-BR"] },
  // Pesos beside reais and dollars: "MX$1,500.00", never a bare "$1,500.00" that could be any dollar.
  { name: "bare dollar", pattern: /(?<![A-Z])\$\s?\d/g, locales: ["pt-BR", "es-MX"] },
];

/** What is not a message key although it has dots: addresses, e-mails, file names, the clock's "a.m." and pt-BR's "p.p." (percentage points). */
const NOT_WORDS = [/\bp\.p\./g, /\bhttps?:\/\/\S+/g, /\S+@\S+/g, /\b[ap]\.\s?m\./g, /\b[\w-]+\.(csv|pdf|json|txt|png|jpe?g)\b/g, /\b(?:[a-z0-9-]+\.)+(?:com|net|org|br|mx|dev|local|example)\b/g];

/**
 * The engineering pages, where the API's own event names and statuses are the subject (README: they
 * live on Settings → Developers, Webhooks and Reconciliation, never on a merchant's page): only the
 * formatting checks apply there.
 */
const ENGINEERING_PAGES = ["/settings/webhooks", "/settings/developers", "/settings/reconciliation"];
const API_WORD_CHECKS = ["message key", "English status word"];

async function findings(page: Page, locale: string, path: string): Promise<string[]> {
  const text = await page.locator("body").innerText();
  const found: string[] = [];
  for (const line of text.split("\n")) {
    for (const check of CHECKS) {
      if (!check.locales.includes(locale) || (ENGINEERING_PAGES.includes(path) && API_WORD_CHECKS.includes(check.name))) continue;
      const cleaned = check.name === "message key" ? NOT_WORDS.reduce((l, p) => l.replace(p, " "), line) : line;
      for (const m of cleaned.matchAll(check.pattern)) found.push(`${locale} ${path}: ${check.name} "${m[0]}" in "${line.trim().slice(0, 140)}"`);
    }
  }
  return found;
}

for (const locale of ["pt-BR", "es-MX"] as const) {
  test(`every signed-in page reads in ${locale}: no message key, English status word, "a.m..", bare "$" or dot-decimal amount`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const { context, page } = await as(browser, "admin", { locale });
    await context.addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    const all: string[] = [];
    try {
      for (const path of SIGNED_IN_PAGES) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.locator("main")).toBeVisible();
        all.push(...(await findings(page, locale, path)));
      }
      // Preferences (the time zone) and Transactions (its dates), to be looked at, at both widths.
      mkdirSync("test-results/words", { recursive: true });
      for (const [w, h] of [
        [1366, 860],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        for (const path of ["/settings/preferences", "/transactions"]) {
          await page.goto(path);
          await expect(page.locator("main")).toBeVisible();
          if (!(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))) all.push(`${locale} ${path}: scrolls sideways at ${w} px`);
          await page.screenshot({ path: `test-results/words/${locale}-${path.split("/").pop()}-${w}.png`, fullPage: true });
        }
      }
    } finally {
      await context.close();
    }
    await test.info().attach(`words-${locale}.txt`, { body: all.join("\n") || "none", contentType: "text/plain" });
    expect(all, `Words a ${locale} reader should not see:\n${all.join("\n")}`).toEqual([]);
  });
}
