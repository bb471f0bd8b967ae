/**
 * The test-side image decoders (e2e/support/decode.ts) against real pixels:
 * the boleto barcode component and a PIX QR code are rendered on the server,
 * opened in Chromium, screenshotted as elements and read back. This lives
 * under test/ because vitest does not collect e2e/ (Playwright's folder).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QRCodeSVG } from "qrcode.react";
import { PNG } from "pngjs";
import { chromium, type Browser } from "playwright-core";
import { ItfBarcode, ITF_QUIET_ZONE_MODULES } from "@/components/receive/itf-barcode";
import { itfModules } from "@/lib/payments/itf";
import { vectors } from "@/lib/payments/test-support/vectors";
import { decodeItfPng, decodeItfRow, decodeQrPng } from "../../e2e/support/decode";

const BARCODE = vectors.boleto[0]!.barcode; // 44 digits, Banco do Brasil, R$ 1,026.56
const BR_CODE = vectors.pix_br_code[0]!.payload; // Banco Central's static example

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
});

afterAll(async () => {
  await browser?.close();
});

/** A page on a dark background, so that the white quiet zones must come from the images themselves. */
async function screenshots(body: string, deviceScaleFactor: number, names: string[]): Promise<Buffer[]> {
  const context = await browser.newContext({ deviceScaleFactor, viewport: { width: 1000, height: 900 } });
  try {
    const page = await context.newPage();
    await page.setContent(`<!doctype html><html><body style="margin:16px;background:#202020">${body}</body></html>`);
    const shots: Buffer[] = [];
    for (const name of names) shots.push(await page.getByRole("img", { name, exact: true }).screenshot());
    return shots;
  } finally {
    await context.close();
  }
}

describe("decodeItfPng and decodeQrPng on Chromium screenshots", () => {
  const itf = (label: string, moduleWidth: number) => renderToStaticMarkup(createElement(ItfBarcode, { digits: BARCODE, label, moduleWidth }));
  const qr = renderToStaticMarkup(
    createElement(QRCodeSVG, { value: BR_CODE, size: 256, marginSize: 4, level: "M", role: "img", "aria-label": "PIX QR code" }),
  );

  it("draws the barcode without stating its digits anywhere in the markup", () => {
    const html = itf("Boleto barcode", 2);
    expect(html).not.toContain(BARCODE);
    expect(html).not.toContain("data-");
    expect(html).toContain('shape-rendering="crispEdges"');
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Boleto barcode"');
  });

  for (const dpr of [1, 1.5, 2]) {
    it(`reads the boleto barcode and the BR Code back at device scale factor ${dpr}`, async () => {
      const [wide, thin, code] = await screenshots(`${itf("Boleto barcode", 2)}<br>${itf("Thin barcode", 1)}<br>${qr}`, dpr, [
        "Boleto barcode",
        "Thin barcode",
        "PIX QR code",
      ]);
      expect(decodeItfPng(wide!)).toBe(BARCODE);
      expect(decodeItfPng(thin!)).toBe(BARCODE);
      expect(decodeQrPng(code!)).toBe(BR_CODE);

      // The screenshot is the whole symbol at whole pixels per module, with its quiet zones.
      const image = PNG.sync.read(wide!);
      const modules = itfModules(BARCODE).length + 2 * ITF_QUIET_ZONE_MODULES;
      expect(image.width).toBe(modules * 2 * dpr);
      const y = Math.floor(image.height / 2);
      const grey = (x: number) => image.data[(y * image.width + x) * 4]!;
      const quiet = ITF_QUIET_ZONE_MODULES * 2 * dpr;
      for (let x = 0; x < quiet; x++) {
        expect(grey(x), `left quiet zone, x=${x}`).toBe(255);
        expect(grey(image.width - 1 - x), `right quiet zone, x=${image.width - 1 - x}`).toBe(255);
      }
      expect(grey(quiet), "first bar").toBe(0);
    });
  }

  it("returns null on an image without a barcode or a QR code", async () => {
    const [blank] = await screenshots(`<div role="img" aria-label="Blank" style="width:300px;height:80px;background:#fff"></div>`, 1, ["Blank"]);
    expect(decodeItfPng(blank!)).toBeNull();
    expect(decodeQrPng(blank!)).toBeNull();
  });
});

describe("decodeItfRow on scaled and anti-aliased rows", () => {
  /** Grey levels of the symbol drawn at `scale` pixels per module, each pixel shaded by the share of it a bar covers. */
  function render(modules: boolean[], scale: number, offset: number): number[] {
    const padded = [...Array<boolean>(12).fill(false), ...modules, ...Array<boolean>(12).fill(false)];
    const width = Math.ceil(padded.length * scale + offset) + 2;
    const row: number[] = [];
    for (let px = 0; px < width; px++) {
      let dark = 0;
      for (let m = Math.max(0, Math.floor((px - offset) / scale)); m < padded.length && m * scale + offset < px + 1; m++) {
        if (!padded[m]) continue;
        const from = Math.max(px, m * scale + offset);
        const to = Math.min(px + 1, (m + 1) * scale + offset);
        if (to > from) dark += to - from;
      }
      row.push(255 * (1 - dark));
    }
    return row;
  }

  for (const scale of [1.5, 1.75, 2, 2.5, 3, 4.25]) {
    it(`reads ${scale} px per module at any sub-pixel offset`, () => {
      for (const offset of [0, 0.25, 0.5, 0.8]) {
        expect(decodeItfRow(render(itfModules(BARCODE), scale, offset)), `offset ${offset}`).toBe(BARCODE);
        expect(decodeItfRow(render(itfModules(BARCODE, { wide: 2 }), scale, offset)), `ratio 2, offset ${offset}`).toBe(BARCODE);
      }
    });
  }

  it("refuses a symbol without a quiet zone", () => {
    const row = render(itfModules(BARCODE), 2, 0).slice(20); // left quiet zone cut to 2 px
    expect(decodeItfRow(row)).toBeNull();
  });
});
