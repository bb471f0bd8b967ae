import fs from "node:fs";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as lucide from "lucide-react";
import * as icons from "@/components/ui/icons";
import { buildIcons, currentIcons } from "@/lib/icons/build";

/**
 * The dashboard's icons are lucide's shapes drawn without lucide-react's client component
 * (components/ui/icon.tsx): the same shapes, hidden from assistive technology unless labelled,
 * sized and stroked by one CSS rule that a class overrides.
 */
describe("icons (components/ui/icon.tsx)", () => {
  it("has every icon the code imports, with lucide-react's shapes (else: npx tsx scripts/icons.ts)", async () => {
    const { files } = await buildIcons();
    expect(currentIcons()).toEqual(files);
  });

  it("draws each icon's shapes as lucide-react does", () => {
    const inner = (html: string) => html.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    const names = Object.keys(icons).filter((k) => k !== "default");
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) {
      const ours = renderToStaticMarkup(createElement((icons as unknown as Record<string, ComponentType>)[name]!));
      const theirs = renderToStaticMarkup(createElement((lucide as unknown as Record<string, ComponentType>)[name]!));
      expect(inner(ours), name).toBe(inner(theirs));
    }
  });

  it("writes a viewBox, the class `i` and aria-hidden, nothing of lucide-react's ten attributes", () => {
    expect(renderToStaticMarkup(createElement(icons.Check, { className: "size-4" }))).toBe('<svg viewBox="0 0 24 24" class="i size-4" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>');
    expect(renderToStaticMarkup(createElement(icons.Check))).toBe('<svg viewBox="0 0 24 24" class="i" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>');
  });

  it("keeps a labelled icon visible to assistive technology, as lucide-react does", () => {
    const labelled = renderToStaticMarkup(createElement(icons.Check, { "aria-label": "Done", role: "img" }));
    expect(labelled).toContain('aria-label="Done"');
    expect(labelled).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(createElement(icons.Check, { "aria-hidden": false }))).toContain('aria-hidden="false"');
  });

  it("draws a stroke width given as a prop through style (the CSS rule would win over an attribute)", () => {
    expect(renderToStaticMarkup(createElement(icons.Check, { strokeWidth: 3 }))).toContain('style="stroke-width:3"');
  });

  it("sets the defaults lucide-react wrote as attributes in one rule of the base layer, which a class overrides", () => {
    const css = fs.readFileSync("app/globals.css", "utf8");
    const base = css.slice(css.indexOf("@layer base {"));
    const rule = /svg\.i \{([^}]*)\}/.exec(base)?.[1] ?? "";
    for (const decl of ["width: 24px", "height: 24px", "fill: none", "stroke: currentColor", "stroke-width: 2", "stroke-linecap: round", "stroke-linejoin: round"]) expect(rule).toContain(decl);
    expect(css.indexOf("svg.i {")).toBeGreaterThan(css.indexOf("@layer base {"));
    expect(css.indexOf("svg.i {")).toBeLessThan(css.indexOf("@layer components {"));
  });
});
