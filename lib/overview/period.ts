/**
 * The Overview's figures for a period against the period of the same length before it: money in and
 * out, completed payments and the success rate, each with its change and its days. Summed from the
 * days `dailyActivity` read (NUMERIC sums as exact strings) with the project's decimal Money, never
 * in binary floats. Pure.
 *
 * Success rate: completed ÷ (completed + failed, expired or cancelled), over the cash-ins and
 * cash-outs of the currency; pending payments have no outcome yet and refunded ones are left out.
 */
import { Money } from "@/lib/payments/money";
import { dateFormat } from "@/lib/i18n/format";
import type { ActivityDay } from "./queries";

export type PeriodTotals = {
  cashin: string;
  cashout: string;
  completed: number;
  unsuccessful: number;
  /** percent with one decimal ("97.5"), null when nothing finished */
  successRate: string | null;
};

/**
 * How a figure moved from the previous period: `percent` is the relative change in percent with one
 * decimal, unsigned (for the success rate, the difference in percentage points); null when the
 * previous period had nothing to compare with. A change that rounds to 0.0 is "flat".
 */
export type Change = { direction: "up" | "down" | "flat"; percent: string | null };

export type FigureKey = "cashin" | "cashout" | "completed" | "successRate";

export type PeriodDay = { day: string; cashin: string; cashout: string; completed: number; unsuccessful: number; successRate: string | null };

export type PeriodFigures = {
  days: number;
  /** first and last day of each period, YYYY-MM-DD in the member's market time zone */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  today: PeriodTotals;
  current: PeriodTotals;
  previous: PeriodTotals;
  change: Record<FigureKey, Change>;
  /** the current period's days, oldest first */
  series: PeriodDay[];
};

function rate(completed: number, unsuccessful: number): string | null {
  const finished = completed + unsuccessful;
  return finished === 0 ? null : new Money(completed).times(100).dividedBy(finished).toFixed(1);
}

export function totalsOf(days: readonly ActivityDay[]): PeriodTotals {
  const sum = days.reduce(
    (s, d) => ({ cashin: s.cashin.plus(d.cashin), cashout: s.cashout.plus(d.cashout), completed: s.completed + d.completed, unsuccessful: s.unsuccessful + d.unsuccessful }),
    { cashin: new Money(0), cashout: new Money(0), completed: 0, unsuccessful: 0 },
  );
  return { cashin: sum.cashin.toFixed(), cashout: sum.cashout.toFixed(), completed: sum.completed, unsuccessful: sum.unsuccessful, successRate: rate(sum.completed, sum.unsuccessful) };
}

const direction = (d: Money): Change["direction"] => (d.isZero() ? "flat" : d.isPositive() ? "up" : "down");

/** `diff` (signed) as a change of `size` (unsigned, rounded half to even to one decimal). */
function changeOf(diff: Money, size: Money): Change {
  const percent = size.toFixed(1);
  return { direction: new Money(percent).isZero() ? "flat" : direction(diff), percent };
}

/** The relative change from `previous` to `current`, in percent. */
export function relativeChange(current: string | number, previous: string | number): Change {
  const prev = new Money(previous);
  const diff = new Money(current).minus(prev);
  if (prev.isZero()) return { direction: direction(diff), percent: null };
  return changeOf(diff, diff.abs().times(100).dividedBy(prev.abs()));
}

/** The change of a rate, in percentage points. */
export function pointsChange(current: string | null, previous: string | null): Change {
  if (current === null || previous === null) return { direction: "flat", percent: null };
  const diff = new Money(current).minus(previous);
  return changeOf(diff, diff.abs());
}

/**
 * `activity` is 2 × `days` consecutive days, oldest first, ending today (as `dailyActivity` reads
 * them for `days * 2`): the previous period, then the current one.
 */
export function periodFigures(activity: readonly ActivityDay[], days: number): PeriodFigures {
  if (activity.length !== days * 2) throw new Error(`expected ${days * 2} days, got ${activity.length}`);
  const previousDays = activity.slice(0, days);
  const currentDays = activity.slice(days);
  const current = totalsOf(currentDays);
  const previous = totalsOf(previousDays);
  return {
    days,
    from: currentDays[0]!.day,
    to: currentDays[days - 1]!.day,
    previousFrom: previousDays[0]!.day,
    previousTo: previousDays[days - 1]!.day,
    today: totalsOf(currentDays.slice(-1)),
    current,
    previous,
    change: {
      cashin: relativeChange(current.cashin, previous.cashin),
      cashout: relativeChange(current.cashout, previous.cashout),
      completed: relativeChange(current.completed, previous.completed),
      successRate: pointsChange(current.successRate, previous.successRate),
    },
    series: currentDays.map((d) => ({ ...d, successRate: rate(d.completed, d.unsuccessful) })),
  };
}

/** The first and last day (YYYY-MM-DD) of the last `days` days in `timeZone`, today included: the days `dailyActivity` reads. */
export function lastDays(days: number, timeZone: string, now = new Date()): { from: string; to: string } {
  const to = dateFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const from = new Date(`${to}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to };
}
