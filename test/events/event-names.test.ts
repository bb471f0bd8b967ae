/**
 * Every event the sandbox sends is one the worker applies and has a name in the three languages.
 * The sandbox's events are read from its source (the webhook dispatcher's callers), so an event it
 * starts sending later fails here until the dashboard handles it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HANDLED_EVENTS, isHandledEvent } from "@/lib/events/status";
import { EVENT_NAME_KEYS, eventLabel } from "@/lib/events/event-names";
import { createTranslator, LOCALES } from "@/lib/i18n/translate";
import { getMessages } from "@/lib/i18n";

const SANDBOX = path.resolve(__dirname, "../../sandbox");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "tests" ? [] : sources(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

function sandboxEvents(): Set<string> {
  const text = sources(SANDBOX)
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  const names = new Set([...text.matchAll(/"((?:cashin|cashout|boleto|transfer|conversion|chargeback)\.[a-z_]+|wallet_deposit|refund_[a-z]+)"/g)].map((m) => m[1]!));
  // chargeback.${outcome}, with the outcomes the control API takes.
  expect(text).toContain("`chargeback.${outcome}`");
  const outcomes = /outcome: z\.enum\(\[([^\]]+)\]\)/.exec(readFileSync(path.join(SANDBOX, "routes/control.ts"), "utf8"))![1]!;
  for (const o of outcomes.match(/"([a-z]+)"/g)!) names.add(`chargeback.${o.replaceAll('"', "")}`);
  return names;
}

describe("webhook events", () => {
  it("applies every event the sandbox sends (cashin.cancelled is a simulation without a webhook)", () => {
    const events = sandboxEvents();
    expect(events.size).toBeGreaterThanOrEqual(14);
    expect(readFileSync(path.join(SANDBOX, "lifecycle.ts"), "utf8")).toMatch(/"cashin\.cancelled": \{[^}]*webhook: false/);
    expect([...events].filter((e) => !isHandledEvent(e))).toEqual(["cashin.cancelled"]);
    expect(events.has("boleto.registered")).toBe(true);
  });

  it("names every handled event in every language", () => {
    for (const event of HANDLED_EVENTS) expect(EVENT_NAME_KEYS[event], event).toBeDefined();
    for (const locale of LOCALES) {
      const t = createTranslator(getMessages(locale), locale);
      const labels = HANDLED_EVENTS.map((e) => eventLabel(t, e));
      expect(labels.every((l) => typeof l === "string" && l.length > 3 && !l.includes(".")), locale).toBe(true);
      expect(new Set(labels).size, `${locale}: one name per event`).toBe(HANDLED_EVENTS.length);
      expect(eventLabel(t, "something.new")).toBeNull();
      expect(eventLabel(t, "__proto__")).toBeNull();
    }
  });
});
