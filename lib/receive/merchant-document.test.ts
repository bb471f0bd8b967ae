import { describe, expect, it } from "vitest";
import { merchantDocument } from "./merchant-document";

describe("merchantDocument", () => {
  it("shows a CNPJ in full, formatted, numeric or alphanumeric", () => {
    expect(merchantDocument("11222333000181")).toBe("CNPJ 11.222.333/0001-81");
    expect(merchantDocument("11.222.333/0001-81")).toBe("CNPJ 11.222.333/0001-81");
    expect(merchantDocument("12ABC34501DE35")).toBe("CNPJ 12.ABC.345/01DE-35");
  });

  it("masks a person's CPF as PIX receipts do", () => {
    expect(merchantDocument("529.982.247-25")).toBe("CPF ***.982.247-**");
  });

  it("shows a Mexican RFC as written", () => {
    expect(merchantDocument("ACM010101AB1")).toBe("RFC ACM010101AB1");
    expect(merchantDocument("gomr800101h4a")).toBe("RFC GOMR800101H4A");
  });

  it("shows nothing it cannot recognise", () => {
    expect(merchantDocument(null)).toBeNull();
    expect(merchantDocument("")).toBeNull();
    expect(merchantDocument("11222333000182")).toBeNull();
    expect(merchantDocument("C-123")).toBeNull();
  });
});
