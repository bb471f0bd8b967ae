import { describe, expect, it } from "vitest";
import { PAYOUT_FAILURE_CODES } from "@/lib/vocabulary";
import { payoutFailureCodesFor, payoutFailureText } from "./failure-text";
import { createTranslator } from "@/lib/i18n/translate";
import en from "@/lib/i18n/messages/en.json";

describe("the sandbox payout tool's failure reasons", () => {
  it("offers a PIX payout the PIX key, never a blockchain's failures", () => {
    const pix = payoutFailureCodesFor("pix", null);
    expect(pix[0]).toBe("PIX_KEY_NOT_FOUND");
    expect(pix).not.toContain("BLOCKCHAIN_REVERT");
    expect(pix).not.toContain("TRON_ENERGY_FAIL");
    expect(pix.at(-1)).toBe("UNKNOWN");
  });
  it("offers a SPEI payout neither the PIX key nor a blockchain's failures", () => {
    expect(payoutFailureCodesFor("spei", null)).toEqual(["INSUFFICIENT_BALANCE", "PROVIDER_TIMEOUT", "BLACKLISTED", "UNKNOWN"]);
  });
  it("offers Tron's energy only on Tron", () => {
    expect(payoutFailureCodesFor("crypto", "tron")[0]).toBe("TRON_ENERGY_FAIL");
    expect(payoutFailureCodesFor("crypto", "arbitrum")).not.toContain("TRON_ENERGY_FAIL");
    expect(payoutFailureCodesFor("crypto", "arbitrum")).not.toContain("PIX_KEY_NOT_FOUND");
  });
  it("offers only the spec's codes, each once, and every code for some payout", () => {
    const offered = [payoutFailureCodesFor("pix", null), payoutFailureCodesFor("spei", null), payoutFailureCodesFor("crypto", "tron"), payoutFailureCodesFor("crypto", "ethereum")];
    for (const codes of offered) {
      expect(new Set(codes).size).toBe(codes.length);
      for (const c of codes) expect(PAYOUT_FAILURE_CODES).toContain(c);
    }
    expect(new Set(offered.flat())).toEqual(new Set(PAYOUT_FAILURE_CODES));
  });
  it("words a code it knows and names one it does not", () => {
    const t = createTranslator(en, "en");
    expect(payoutFailureText("PIX_KEY_NOT_FOUND", t)).toBe("No account holds this PIX key.");
    expect(payoutFailureText("SOMETHING_NEW", t)).toBe("The provider answered SOMETHING_NEW.");
  });
});
