import { describe, expect, it } from "vitest";
import { checkEvidence, evidenceChecklist, evidenceFileName, formatBytes, MAX_FILE_BYTES, MAX_FILES, sniffType } from "./evidence";

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);

describe("sniffType", () => {
  it("recognises PDF, JPEG and PNG by their first bytes", () => {
    expect(sniffType(PDF)).toBe("application/pdf");
    expect(sniffType(JPG)).toBe("image/jpeg");
    expect(sniffType(PNG)).toBe("image/png");
  });
  it("refuses anything else, short or empty heads included", () => {
    expect(sniffType(EXE)).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
    expect(sniffType(new TextEncoder().encode("%PDF"))).toBeNull(); // no dash
    expect(sniffType(PNG.slice(0, 7))).toBeNull();
    expect(sniffType(new TextEncoder().encode("GIF89a.."))).toBeNull();
  });
});

describe("checkEvidence", () => {
  const file = (name: string, head: Uint8Array, size = 1000) => ({ name, size, head });

  it("accepts up to 5 allowed files of up to 10 MB, and none", () => {
    expect(checkEvidence([])).toEqual([]);
    expect(checkEvidence([file("a.pdf", PDF, MAX_FILE_BYTES), file("b.png", PNG), file("c.jpg", JPG), file("d.pdf", PDF), file("e.png", PNG)])).toEqual([]);
  });

  it("refuses a sixth file", () => {
    const six = Array.from({ length: MAX_FILES + 1 }, (_, i) => file(`f${i}.pdf`, PDF));
    expect(checkEvidence(six)).toEqual([{ index: null, code: "TOO_MANY_FILES", message: "infractions.reply.errors.tooMany|max=5" }]);
  });

  it("refuses a file over 10 MB, naming it", () => {
    expect(checkEvidence([file("big.pdf", PDF, 11 * 1024 * 1024)])).toEqual([
      { index: 0, code: "FILE_TOO_LARGE", message: "infractions.reply.errors.tooLarge|name=big.pdf|max=10 MB" },
    ]);
    expect(checkEvidence([file("edge.pdf", PDF, MAX_FILE_BYTES + 1)])).toHaveLength(1);
  });

  it("judges by content, not by name: an executable renamed .pdf is refused, a PNG named .pdf is not", () => {
    expect(checkEvidence([file("ok.png", PNG), file("x.pdf", EXE)])).toEqual([{ index: 1, code: "FILE_TYPE_NOT_ALLOWED", message: "infractions.reply.errors.notAllowedType|name=x.pdf" }]);
    expect(checkEvidence([file("scan.pdf", PNG)])).toEqual([]);
  });

  it("keeps a name with a bar from breaking the key|name=value format", () => {
    expect(checkEvidence([file("a|b.exe", EXE)])[0]!.message).toBe("infractions.reply.errors.notAllowedType|name=a_b.exe");
  });
});

describe("evidenceChecklist and formatBytes", () => {
  it("lists items per kind of sale, plus one per infraction type", () => {
    expect(evidenceChecklist("REFUND_REQUEST", "physical")).toEqual(["deliveryProof", "invoice", "orderRecord", "refundConversation"]);
    expect(evidenceChecklist("FRAUD", "digital")).toEqual(["accessLog", "deliveryEmail", "payerIdentity"]);
    expect(evidenceChecklist("OTHER", "services")).toEqual(["signedAcceptance"]);
  });
  it("formats sizes", () => {
    expect(formatBytes(12)).toBe("12 B");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(11 * 1024 * 1024)).toBe("11.0 MB");
  });
});

describe("the name a file is sent under", () => {
  it("keeps no path, no markup and no control characters, and ends in the extension of its content", () => {
    expect(evidenceFileName("../../../etc/evil<script>.pdf", "application/pdf", 0)).toBe("evil_script_.pdf");
    expect(evidenceFileName("C:\\Users\\ana\\comprovante PIX.png", "image/png", 0)).toBe("comprovante PIX.png");
    expect(evidenceFileName("recibo-ação_01.JPG", "image/jpeg", 0)).toBe("recibo-ação_01.jpg");
    expect(evidenceFileName("photo.png", "application/pdf", 0)).toBe("photo.pdf");
    expect(evidenceFileName("\u0000\u001f../..", "image/png", 2)).toBe("evidence-3.png");
    expect(evidenceFileName("a".repeat(300) + ".pdf", "application/pdf", 0)).toHaveLength(100);
  });
});
