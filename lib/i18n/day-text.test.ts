import { describe, expect, it } from "vitest";
import { dayOrder, formatDay, maskDay, parseDay } from "./day-text";

describe("a day typed in the member's language", () => {
  it("is written day first in pt-BR and es-MX, month first in English", () => {
    expect(dayOrder("pt-BR")).toBe("dmy");
    expect(dayOrder("es-MX")).toBe("dmy");
    expect(dayOrder("en")).toBe("mdy");
    expect(formatDay("2026-11-05", "dmy")).toBe("05/11/2026");
    expect(formatDay("2026-11-05", "mdy")).toBe("11/05/2026");
    expect(formatDay("not a day", "dmy")).toBe("");
  });

  it("reads what people type: separators, eight digits, a short year, ISO", () => {
    expect(parseDay("05/11/2026", "dmy")).toBe("2026-11-05");
    expect(parseDay("5.11.2026", "dmy")).toBe("2026-11-05");
    expect(parseDay("5-11-26", "dmy")).toBe("2026-11-05");
    expect(parseDay("05112026", "dmy")).toBe("2026-11-05");
    expect(parseDay("11/05/2026", "mdy")).toBe("2026-11-05");
    expect(parseDay("2026-11-05", "dmy")).toBe("2026-11-05");
    expect(parseDay("  ", "dmy")).toBe("");
  });

  it("refuses what is not a day of the calendar", () => {
    expect(parseDay("31/11/2026", "dmy")).toBeNull();
    expect(parseDay("29/02/2026", "dmy")).toBeNull();
    expect(parseDay("29/02/2028", "dmy")).toBe("2028-02-29");
    expect(parseDay("13/13/2026", "dmy")).toBeNull();
    expect(parseDay("05/11", "dmy")).toBeNull();
    expect(parseDay("05/11/202", "dmy")).toBeNull();
    expect(parseDay("ontem", "dmy")).toBeNull();
  });

  it("writes the slashes while digits are typed", () => {
    expect(maskDay("0", "dmy")).toBe("0");
    expect(maskDay("051", "dmy")).toBe("05/1");
    expect(maskDay("05112026", "dmy")).toBe("05/11/2026");
    expect(maskDay("05/", "dmy")).toBe("05/");
    expect(maskDay("05/11/20261", "dmy")).toBe("05/11/2026");
    expect(maskDay("20261105", "ymd")).toBe("2026-11-05");
    expect(maskDay("5.11.2026", "dmy")).toBe("5.11.2026");
  });
});
