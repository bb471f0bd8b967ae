"use client";

import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { itfBars, type ItfOptions } from "@/lib/payments/itf";
import { fitBarcode, type BarcodeFit } from "@/lib/receive/barcode-fit";
import { cx } from "@/lib/class-join";

/** White margin each side of the bars, in narrow modules: ITF asks for at least 10. */
export const ITF_QUIET_ZONE_MODULES = 10;

export type ItfBarcodeProps = {
  /** An even number of digits; for a boleto, its 44-digit barcode (not the 47-digit line). */
  digits: string;
  /** Accessible name of the image, already translated (e.g. "Boleto barcode"). */
  label: string;
  /** Bar height in CSS pixels. Default 60 (FEBRABAN prints 13 mm). */
  height?: number;
  /**
   * A fixed width of a narrow module in CSS pixels (a positive integer). Without it the barcode fits
   * its box: as wide as whole device pixels per module allow, up to `maxModuleWidth`
   * (lib/receive/barcode-fit.ts), never wider than the box.
   */
  moduleWidth?: number;
  /** When fitting: the widest a narrow module may be drawn, in CSS pixels. Default 2. */
  maxModuleWidth?: number;
  /** Wide:narrow ratio, 2 or 3. Default 3. */
  wide?: ItfOptions["wide"];
  /** Classes for the wrapper (spacing, alignment). */
  className?: string;
};

/** Follows the box's width and the device pixel ratio (which zooming changes). */
function useFit(ref: React.RefObject<HTMLDivElement | null>, modules: number, maxModuleWidth: number, active: boolean): BarcodeFit | null {
  const [fit, setFit] = useState<BarcodeFit | null>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!active || !box) return;
    const measure = () => {
      const next = fitBarcode(box.clientWidth, window.devicePixelRatio || 1, modules, maxModuleWidth);
      setFit((prev) => (prev && prev.widthCss === next.widthCss && prev.crisp === next.crisp ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    let ratio = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    const onRatio = () => {
      ratio.removeEventListener("change", onRatio);
      ratio = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      ratio.addEventListener("change", onRatio);
      measure();
    };
    ratio.addEventListener("change", onRatio);
    return () => {
      observer.disconnect();
      ratio.removeEventListener("change", onRatio);
    };
  }, [ref, modules, maxModuleWidth, active]);
  return fit;
}

/**
 * An Interleaved 2 of 5 barcode as an SVG, black on white whatever the theme, so that it prints and
 * scans. Its white quiet zones are part of the image. It fits its box at any width (never cut off,
 * never scrolled): drawn at whole device pixels per module where they fit, so every bar keeps its
 * width and every wide:narrow ratio stays exact, and scaled smoothly only when whole pixels would
 * make it too small (lib/receive/barcode-fit.ts). Before it is measured (server rendering), it is
 * as wide as its box allows up to its widest.
 *
 * Throws RangeError on digits ITF cannot encode (odd length, non-digits) or a module width that is
 * not a positive integer: both are the caller's mistake.
 */
export function ItfBarcode({ digits, label, height = 60, moduleWidth, maxModuleWidth = 2, wide, className }: ItfBarcodeProps) {
  if (moduleWidth !== undefined && (!Number.isInteger(moduleWidth) || moduleWidth < 1)) throw new RangeError("moduleWidth must be a positive integer number of pixels");
  if (!(height > 0)) throw new RangeError("height must be positive");
  const { rects, modules } = useMemo(() => {
    const rects: Array<{ x: number; width: number }> = [];
    let x = ITF_QUIET_ZONE_MODULES;
    for (const element of itfBars(digits, { wide })) {
      if (element.bar) rects.push({ x, width: element.width });
      x += element.width;
    }
    return { rects, modules: x + ITF_QUIET_ZONE_MODULES };
  }, [digits, wide]);
  const box = useRef<HTMLDivElement>(null);
  const fit = useFit(box, modules, maxModuleWidth, moduleWidth === undefined);
  const style: React.CSSProperties =
    moduleWidth !== undefined ? { width: modules * moduleWidth } : fit ? { width: fit.widthCss } : { width: "100%", maxWidth: modules * maxModuleWidth };
  return (
    <div ref={box} className={cx("w-full min-w-0", className)}>
      {/* The viewBox counts modules across and pixels down; the width above decides the scale. */}
      <svg
        role="img"
        aria-label={label}
        xmlns="http://www.w3.org/2000/svg"
        width={moduleWidth !== undefined ? modules * moduleWidth : undefined}
        height={height}
        viewBox={`0 0 ${modules} ${height}`}
        preserveAspectRatio="none"
        shapeRendering={fit && !fit.crisp ? "geometricPrecision" : "crispEdges"}
        className="mx-auto block max-w-full"
        style={{ ...style, height }}
      >
        <rect x={0} y={0} width={modules} height={height} fill="#fff" />
        {rects.map((r) => (
          <rect key={r.x} x={r.x} y={0} width={r.width} height={height} fill="#000" />
        ))}
      </svg>
    </div>
  );
}
