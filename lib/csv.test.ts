import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("CSV cells", () => {
  it("quotes what RFC 4180 needs and disarms what a spreadsheet would run as a formula", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${lead}1+1`).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvRow(["a", null, "b;c"])).toBe('a,,"b;c"\r\n');
  });
});
