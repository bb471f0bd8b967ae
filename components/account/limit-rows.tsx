"use client";

import type { ReactNode } from "react";
import { UsageBar } from "./usage-bar";

/**
 * One period of a limit as the server has already written it (components/account/limits-section.tsx):
 * "X of Y" with a bar when both are known (`of`), else the limit alone, the use alone or nothing; the
 * API's own count where it differs from the dashboard's.
 */
export type PeriodView = {
  /** the used amount the row counts (data-used), and the API's where it differs (data-api-used) */
  used?: string;
  api?: string;
  of?: { text: string; quiet: boolean; bar?: { percent: string; label: string; valueText: string } };
  limitOnly?: string;
  usedOnly?: string;
  apiCount?: string;
};

/** A row of the limits table: an operation (and method) of a currency. */
export type LimitRowView = {
  k: string;
  /** its test id's tail: currency-operation[-method] */
  id: string;
  /** the currency's heading and its rows' count, on the first row of a currency */
  group?: { label: string; size: number };
  operation: string;
  method: string | null;
  perMethod: boolean;
  /** the row's values the dashboard has no name for (server-rendered), if any */
  extra?: ReactNode;
  /** formatted; null: not provided */
  min: string | null;
  max: string | null;
  today: PeriodView;
  month: PeriodView;
};

type Words = { notProvided: string; perMethod: string };

/**
 * The limits table's bodies, a `<tbody>` per currency, drawn from what the server wrote: the page's
 * flight data carries each row as this short record rather than as its elements (some thirty rows).
 */
export function LimitGroups({ groups, words }: { groups: { key: string; rows: LimitRowView[] }[]; words: Words }) {
  return groups.map((g) => (
    <tbody key={g.key} id={`limits-${g.key || "none"}`} className="scroll-mt-16" data-testid={`limits-${g.key || "none"}`}>
      {g.rows.map((r) => (
        <LimitRow key={r.k} row={r} words={words} />
      ))}
    </tbody>
  ));
}

function LimitRow({ row, words }: { row: LimitRowView; words: Words }) {
  const money = (v: string | null) => (v === null ? <span className="text-muted-foreground">{words.notProvided}</span> : v);
  return (
    <tr data-testid={`limit-${row.id}`}>
      {row.group && (
        <th scope="rowgroup" rowSpan={row.group.size}>
          {row.group.label}
        </th>
      )}
      <th scope="row">
        {row.operation}
        {row.method && <span className="text-muted-foreground"> · {row.method}</span>}
        {row.perMethod && <span className="block text-xs font-normal text-muted-foreground">{words.perMethod}</span>}
        {row.extra}
      </th>
      <td className="st-num" data-testid="limit-min">
        {money(row.min)}
      </td>
      <td className="st-num" data-testid="limit-per-operation-max">
        {money(row.max)}
      </td>
      <Period period="today" view={row.today} words={words} />
      <Period period="month" view={row.month} words={words} />
    </tr>
  );
}

function Period({ period, view, words }: { period: "today" | "month"; view: PeriodView; words: Words }) {
  return (
    <td data-testid={`limit-${period}`} data-used={view.used} data-api-used={view.api}>
      {view.of ? (
        <div className="st-period">
          {/* An empty bar says nothing the muted "0 of …" does not: its place is kept, empty (a page has dozens). */}
          {view.of.quiet ? <span className="st-bar" /> : view.of.bar && <UsageBar className="st-bar" percent={view.of.bar.percent} valueText={view.of.bar.valueText} label={view.of.bar.label} />}
          {/* Nothing used reads quieter, so what was used stands out down the column. */}
          <span className={view.of.quiet ? "st-used text-muted-foreground" : "st-used"} data-testid="used-of">
            {view.of.text}
          </span>
        </div>
      ) : view.limitOnly ? (
        <span className="tabular-nums wrap-anywhere" data-testid="limit-max">
          {view.limitOnly}
        </span>
      ) : view.usedOnly ? (
        <span className="tabular-nums wrap-anywhere">{view.usedOnly}</span>
      ) : (
        <span className="text-muted-foreground">{words.notProvided}</span>
      )}
      {view.apiCount && (
        <span className="mt-0.5 block text-xs text-warning" data-testid="api-count">
          * {view.apiCount}
        </span>
      )}
    </td>
  );
}
