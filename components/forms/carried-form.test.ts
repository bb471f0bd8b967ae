import { describe, expect, it } from "vitest";
import { carriedInto, carriedValues } from "./carried-form";
import type { CarriedForm } from "./lazy-form";

const carried = (initial: Record<string, string>): CarriedForm => ({ initial, focus: null, submitOnLoad: false, pressed: null, openDetails: [] });

describe("what a form typed before its code loaded", () => {
  it("lands at each field's path in the loaded form's defaults, leaving the defaults unchanged", () => {
    const defaults = { method: "PIX", amount: "", externalId: "chg_fresh", payer: { name: "", document: "", address: { uf: "" } }, split: [] as string[] };
    const values = carriedInto(defaults, carried({ method: "BOLETO", amount: "10,50", "payer.name": "Ana", "payer.address.uf": "SP" }));
    expect(values).toEqual({ method: "BOLETO", amount: "10,50", externalId: "chg_fresh", payer: { name: "Ana", document: "", address: { uf: "SP" } }, split: [] });
    expect(defaults.payer.name).toBe("");
  });

  it("keeps a default where nothing was typed (a fresh reference), and leaves out names that are not the form's fields", () => {
    const defaults = { externalId: "chg_fresh", payer: { name: "" } };
    const values = carriedInto(defaults, carried({ externalId: "", "recent-payer": "12345678909", "payer.name.first": "x", "split.0.value": "5", payer: "y" }));
    expect(values).toEqual(defaults);
    expect(carriedValues(carried({ a: "", b: "1" }))).toEqual({ b: "1" });
    expect(carriedInto(defaults, undefined)).toEqual(defaults);
  });
});
