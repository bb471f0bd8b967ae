import { describe, expect, it } from "vitest";
import { sameOrigin } from "./same-origin";

const h = (o: Record<string, string>) => new Headers(o);

describe("same-origin check of a browser's POST", () => {
  it("takes a page of this dashboard and refuses another site, a missing or opaque origin", () => {
    expect(sameOrigin(h({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }))).toBe(true);
    expect(sameOrigin(h({ origin: "https://dash.example.com", host: "internal:3000", "x-forwarded-host": "dash.example.com" }))).toBe(true);
    expect(sameOrigin(h({ origin: "https://evil.example", host: "127.0.0.1:3000" }))).toBe(false);
    expect(sameOrigin(h({ origin: "http://127.0.0.1:3001", host: "127.0.0.1:3000" }))).toBe(false);
    expect(sameOrigin(h({ host: "127.0.0.1:3000" }))).toBe(false);
    expect(sameOrigin(h({ origin: "null", host: "127.0.0.1:3000" }))).toBe(false);
    expect(sameOrigin(h({ origin: "not a url", host: "127.0.0.1:3000" }))).toBe(false);
  });
});
