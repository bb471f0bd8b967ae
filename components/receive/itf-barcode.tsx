import { itfBars, type ItfOptions } from "@/lib/payments/itf";
import { cn } from "@/lib/utils";

/** White margin each side of the bars, in narrow modules: ITF asks for at least 10. */
export const ITF_QUIET_ZONE_MODULES = 10;

export type ItfBarcodeProps = {
  /** An even number of digits; for a boleto, its 44-digit barcode (not the 47-digit line). */
  digits: string;
  /** Accessible name of the image, already translated (e.g. "Boleto barcode"). */
  label: string;
  /** Bar height in CSS pixels. Default 60 (FEBRABAN prints 13 mm). */
  height?: number;
  /** Width of a narrow module in CSS pixels, a positive integer. Default 2. */
  moduleWidth?: number;
  /** Wide:narrow ratio, 2 or 3. Default 3. */
  wide?: ItfOptions["wide"];
  /** Classes for the wrapper (spacing, alignment). */
  className?: string;
};

/**
 * An Interleaved 2 of 5 barcode as an SVG, black on white whatever the theme,
 * so that it prints and scans. It is drawn at whole CSS pixels per module
 * with crisp edges and never scaled down: a squeezed barcode has bars of
 * uneven widths that scanners misread, so a container narrower than the
 * barcode scrolls it sideways instead. The wrapper is focusable so that
 * keyboard users can scroll it.
 *
 * Server-safe (no state, no effects). Throws RangeError on digits ITF cannot
 * encode (odd length, non-digits) or a module width that is not a positive
 * integer: both are the caller's mistake.
 */
export function ItfBarcode({ digits, label, height = 60, moduleWidth = 2, wide, className }: ItfBarcodeProps) {
  if (!Number.isInteger(moduleWidth) || moduleWidth < 1) throw new RangeError("moduleWidth must be a positive integer number of pixels");
  if (!(height > 0)) throw new RangeError("height must be positive");
  const rects: Array<{ x: number; width: number }> = [];
  let x = ITF_QUIET_ZONE_MODULES;
  for (const element of itfBars(digits, { wide })) {
    if (element.bar) rects.push({ x, width: element.width });
    x += element.width;
  }
  const modules = x + ITF_QUIET_ZONE_MODULES;
  return (
    <div tabIndex={0} className={cn("max-w-full overflow-x-auto rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}>
      {/* The viewBox counts modules across and pixels down, so every bar edge falls on a whole pixel. */}
      <svg
        role="img"
        aria-label={label}
        xmlns="http://www.w3.org/2000/svg"
        width={modules * moduleWidth}
        height={height}
        viewBox={`0 0 ${modules} ${height}`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        className="block max-w-none shrink-0"
      >
        <rect x={0} y={0} width={modules} height={height} fill="#fff" />
        {rects.map((r) => (
          <rect key={r.x} x={r.x} y={0} width={r.width} height={height} fill="#000" />
        ))}
      </svg>
    </div>
  );
}
