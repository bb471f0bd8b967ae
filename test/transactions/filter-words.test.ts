/**
 * The filter bar's chips in words (lib/transactions/filter-words.ts): what the server draws before
 * the bar's code loaded and what the loaded bar draws from the URL, in each language.
 */
import { describe, expect, it } from "vitest";
import { createTranslator, getMessages } from "@/lib/i18n";
import { loadTransactionSearchParams, toTransactionView } from "@/lib/transactions/filters";
import { activeFilterCount, filterChips } from "@/lib/transactions/filter-words";

const en = createTranslator(getMessages("en"), "en");
const pt = createTranslator(getMessages("pt-BR"), "pt-BR");
const params = (query: string) => loadTransactionSearchParams(new URLSearchParams(query));
const words = (query: string, t = en, locale: "en" | "pt-BR" = "en", added: Parameters<typeof filterChips>[3] = []) =>
  Object.fromEntries(filterChips(params(query), t, locale, added).chips.map((c) => [c.key, c.value]));

describe("filterChips", () => {
  it("shows the five chips unset, and offers the rarer filters under More filters", () => {
    const { chips, more } = filterChips(params(""), en, "en");
    expect(chips.map((c) => [c.key, c.label, c.value])).toEqual([
      ["status", "Status", null],
      ["type", "Type", null],
      ["date", "Date", null],
      ["amount", "Amount", null],
      ["currency", "Currency", null],
    ]);
    expect(more.map((m) => m.key)).toEqual(["method", "payer", "source", "id", "ext"]);
  });

  it("says what each is set to in the member's words: both status vocabularies once, a day range, an amount range", () => {
    expect(words("status=paid,confirmed,canceled&type=cashout&from=2026-11-01&to=2026-11-05&min=100&max=500&currency=BRL")).toMatchObject({
      status: "Paid, Cancelled",
      type: "Cash-out",
      date: "Nov 1, 2026 – Nov 5, 2026",
      amount: "100 – 500",
      currency: "BRL",
    });
    expect(words("from=2026-11-01&min=100", pt, "pt-BR")).toMatchObject({ date: expect.stringContaining("1 de nov. de 2026"), amount: expect.stringContaining("100") });
  });

  it("shows a rarer filter as a chip once it is set or was just added, and no longer offers it", () => {
    const set = filterChips(params("payer=Souza&method=PIX"), en, "en", ["id"]);
    expect(set.chips.slice(5).map((c) => [c.key, c.value])).toEqual([
      ["method", "PIX"],
      ["payer", "Souza"],
      ["id", null],
    ]);
    expect(set.more.map((m) => m.key)).toEqual(["source", "ext"]);
  });
});

describe("activeFilterCount", () => {
  it("counts what the server applied: a range once, a malformed amount not at all", () => {
    const count = (query: string) => activeFilterCount(toTransactionView(params(query)));
    expect(count("")).toBe(0);
    expect(count("status=paid,pending&from=2026-11-01&to=2026-11-05&q=abc")).toBe(3);
    expect(count("min=abc")).toBe(0);
    expect(count("min=10&max=20&sort=amount.asc&page=2")).toBe(1);
  });
});
