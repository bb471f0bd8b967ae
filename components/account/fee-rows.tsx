"use client";

import type { ReactNode } from "react";
import { stacked } from "./stacked-table";

/** A row of the fees table (an operation's method and currency) as the server has already written it. */
export type FeeRowView = {
  k: string;
  /** its test id */
  id: string;
  /** the operation's heading and its rows' count, on the operation's first row */
  group?: { label: string; size: number };
  /** the method's name; null: any method */
  method: string | null;
  /** the row's values the dashboard has no name for (server-rendered), if any */
  extra?: ReactNode;
  currency: string | null;
  /** no fee at all (one cell says so) */
  free: boolean;
  /** the fields' values in the table's columns' order, formatted; null: not provided */
  values: (string | null)[];
};

type Words = { notProvided: string; anyMethod: string; noFee: string };

/**
 * The fees table's bodies, a `<tbody>` per operation, drawn from what the server wrote
 * (components/account/fees-section.tsx): the page's flight data carries a row as this short record.
 */
export function FeeGroups({ groups, fields, words }: { groups: { key: string; rows: FeeRowView[] }[]; fields: readonly string[]; words: Words }) {
  const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;
  return groups.map((g) => (
    <tbody key={g.key} data-testid={`fees-${g.key || "none"}`}>
      {g.rows.map((r) => (
        <tr key={r.k} className="max-xl:grid-cols-3" data-testid={r.id}>
          {r.group && (
            <th scope="rowgroup" rowSpan={r.group.size}>
              {r.group.label}
            </th>
          )}
          <th scope="row" className="font-normal max-xl:col-span-2">
            {r.method ?? muted(words.anyMethod)}
            {r.extra}
          </th>
          <td className="max-xl:text-right">{r.currency ?? muted(words.notProvided)}</td>
          {r.free ? (
            <td colSpan={fields.length} className={`${stacked.wide} text-center max-xl:text-left`} data-testid="fee-free">
              {words.noFee}
            </td>
          ) : (
            fields.map((f, i) => (
              <td key={f} className="st-fee" data-testid={`fee-${f}`}>
                {r.values[i] ?? muted(words.notProvided)}
              </td>
            ))
          )}
        </tr>
      ))}
    </tbody>
  ));
}
