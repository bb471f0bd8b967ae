import { describe, expect, it } from "vitest";
import { counterpartyOf } from "./counterparty";

const cashin = { type: "cashin", source: "pix_charge", payerName: null, payerDocument: null, raw: {} };

describe("counterpartyOf", () => {
  it("names the payer of money in, else the sender's username", () => {
    expect(counterpartyOf({ ...cashin, payerName: "Ana Souza", payerDocument: "52998224725" }, null)).toBe("Ana Souza");
    expect(counterpartyOf({ ...cashin, raw: { from_user: " loja " } }, null)).toBe("@loja");
  });

  it("shows a payer known only by their document masked, as the detail and the search do", () => {
    expect(counterpartyOf({ ...cashin, payerDocument: "52998224725" }, null)).toBe("***.982.247-**");
    expect(counterpartyOf({ ...cashin, payerDocument: "11.222.333/0001-81" }, null)).toBe("**.222.333/0001-**");
  });

  it("names nobody for a conversion", () => {
    expect(counterpartyOf({ ...cashin, type: "conversion", payerName: "Ana Souza" }, null)).toBeNull();
  });
});
