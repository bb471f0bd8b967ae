import { describe, expect, it } from "vitest";
import { fitBarcode } from "./barcode-fit";

/** A boleto: 405 modules of symbol and 10 of quiet zone each side. */
const BOLETO = 425;

describe("fitBarcode", () => {
  it("draws whole device pixels per module, the most that fit up to the cap", () => {
    expect(fitBarcode(1000, 1, BOLETO, 2)).toEqual({ widthCss: 850, devicePxPerModule: 2, crisp: true });
    // a phone of 390 CSS px at 3x: 310 px of box are 930 device px, 2 per module
    const phone = fitBarcode(310, 3, BOLETO, 2);
    expect(phone).toMatchObject({ devicePxPerModule: 2, crisp: true });
    expect(phone.widthCss).toBeCloseTo(283.33, 2);
    expect(phone.widthCss).toBeLessThanOrEqual(310);
  });

  it("never draws wider than the box", () => {
    for (const dpr of [1, 1.25, 1.5, 2, 2.625, 3, 4]) {
      for (let box = 0; box <= 1200; box += 7) {
        const fit = fitBarcode(box, dpr, BOLETO, 2);
        expect(fit.widthCss, `box ${box} at ${dpr}x`).toBeLessThanOrEqual(box + 1e-9);
        if (fit.crisp) expect(Number.isInteger(fit.devicePxPerModule)).toBe(true);
      }
    }
  });

  it("fills the box with smooth edges when that gives at least 1.5 device pixels per module", () => {
    // 330 CSS px at 2x: 660 device px, 1.55 per module, better than crisp single pixels
    expect(fitBarcode(330, 2, BOLETO, 2)).toEqual({ widthCss: 330, devicePxPerModule: 660 / BOLETO, crisp: false });
    // 300 CSS px at 2x: 1.41 per module, so one crisp pixel each
    expect(fitBarcode(300, 2, BOLETO, 2)).toEqual({ widthCss: 212.5, devicePxPerModule: 1, crisp: true });
  });

  it("below a device pixel per module it still fits the box, cut off nowhere", () => {
    expect(fitBarcode(300, 1, BOLETO, 2)).toEqual({ widthCss: 300, devicePxPerModule: 300 / BOLETO, crisp: false });
  });

  it("keeps to the cap however wide the box", () => {
    expect(fitBarcode(2000, 1, BOLETO, 1)).toEqual({ widthCss: 425, devicePxPerModule: 1, crisp: true });
    expect(fitBarcode(2000, 2, BOLETO, 2)).toEqual({ widthCss: 850, devicePxPerModule: 4, crisp: true });
  });
});
