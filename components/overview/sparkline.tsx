import { cx } from "@/lib/class-join";

const WIDTH = 100;
const HEIGHT = 28;

/**
 * A figure's days as a small line, drawn on the server (no chart library in the browser). Numbers for
 * drawing only: every figure shown as text is formatted from the exact decimal. Decorative for
 * assistive technology: the same days are in the "Figures per day" table. A day without a value (a
 * success rate with nothing finished) leaves a gap. Its strokes are styled in app/globals.css (`.spark-*`).
 */
export function Sparkline({ values, className }: { values: (number | null)[]; className?: string }) {
  const known = values.filter((v): v is number => v !== null);
  const max = Math.max(0, ...known);
  const min = Math.min(0, ...known);
  const span = max - min || 1;
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const point = (v: number, i: number) => `${(i * step).toFixed(2)},${(HEIGHT - 2 - ((v - min) / span) * (HEIGHT - 4)).toFixed(2)}`;
  const segments: string[][] = [[]];
  values.forEach((v, i) => {
    if (v === null) segments.push([]);
    else segments[segments.length - 1]!.push(point(v, i));
  });
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false" className={cx("spark", className)} data-testid="sparkline" data-points={values.length}>
      <line x1="0" x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} className="spark-base" />
      {segments
        .filter((s) => s.length > 0)
        .map((s, i) =>
          s.length === 1 ? (
            <circle key={i} cx={s[0]!.split(",")[0]} cy={s[0]!.split(",")[1]} r="1.5" className="fill-current" />
          ) : (
            <polyline key={i} points={s.join(" ")} className="spark-line" />
          ),
        )}
    </svg>
  );
}
