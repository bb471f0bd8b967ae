/**
 * How wide to draw a 1-D barcode (the boleto's ITF) in the box it has, so that it is never cut off
 * and stays readable. A bar that is not a whole number of device pixels is drawn blurred or, with
 * crisp edges, one pixel wider or narrower than its neighbours: scanners read the ratio of wide to
 * narrow elements, so both hurt. In order of preference:
 *
 * 1. two or more whole device pixels per module, the most that fit (up to `maxModuleCss`): crisp;
 * 2. the whole box, when that still gives at least 1.5 device pixels per module: smooth edges,
 *    which a reader locates to a fraction of a pixel;
 * 3. one whole device pixel per module: crisp, the thinnest a screen can draw;
 * 4. the whole box (below one device pixel per module nothing is readable, but nothing is cut off).
 *
 * Pure: the component measures its box and the device pixel ratio and asks here.
 */
export type BarcodeFit = {
  /** Width to draw the symbol at, quiet zones included, in CSS pixels. */
  widthCss: number;
  /** Device pixels per module, exact when `crisp`. */
  devicePxPerModule: number;
  /** Whether every edge falls on a device pixel (draw with crisp edges) or not (draw smooth). */
  crisp: boolean;
};

/** Below this many device pixels per module a smooth (anti-aliased) bar is no longer told apart reliably. */
export const MIN_SMOOTH_DEVICE_PX = 1.5;

export function fitBarcode(boxCss: number, devicePixelRatio: number, modules: number, maxModuleCss: number): BarcodeFit {
  if (!(modules > 0)) throw new RangeError("modules must be positive");
  const dpr = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  const box = Math.max(0, boxCss);
  const boxDevice = Math.floor(box * dpr + 1e-6);
  const maxDevice = Math.max(1, Math.floor(maxModuleCss * dpr + 1e-6));
  const whole = Math.min(maxDevice, Math.floor(boxDevice / modules));
  const crispAt = (m: number): BarcodeFit => ({ widthCss: (m * modules) / dpr, devicePxPerModule: m, crisp: true });
  if (whole >= 2) return crispAt(whole);
  const smooth = boxDevice / modules;
  if (smooth >= MIN_SMOOTH_DEVICE_PX && whole < maxDevice) return { widthCss: box, devicePxPerModule: smooth, crisp: false };
  if (whole >= 1) return crispAt(whole);
  return { widthCss: box, devicePxPerModule: smooth, crisp: false };
}
