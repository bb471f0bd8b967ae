"use client";

import type { AuditReading } from "@/lib/audit/sentence";

/**
 * An entry of the audit log, as the page has already written it in the member's words: the page's
 * flight data carries each row as this short record rather than as its elements (25 rows a page).
 */
export type AuditRow = {
  k: string;
  /** when, formatted */
  at: string;
  /** the member's name and email; null for the system */
  user: { name: string; email: string } | null;
  action: string;
  reading: AuditReading;
  address: string | null;
};

/** The audit log's rows; `system` is who acted when no member did. */
export function AuditRows({ rows, system }: { rows: AuditRow[]; system: string }) {
  return rows.map((e) => (
    <tr key={e.k} data-testid="audit-row">
      <td className="sm:whitespace-nowrap">{e.at}</td>
      {/* Every column but the time (on a phone, that too) wraps: the row grows down, not past its card's width (a 1024 px laptop's 654 px). */}
      <td className="whitespace-normal">
        {e.user ? (
          <>
            <div>{e.user.name}</div>
            <div className="text-xs break-all text-muted-foreground">{e.user.email}</div>
          </>
        ) : (
          <span className="text-muted-foreground">{system}</span>
        )}
      </td>
      <td className="whitespace-normal">{e.action}</td>
      <td className="pr-wide max-w-md min-w-44 whitespace-normal xl:min-w-64">
        <AuditDetails reading={e.reading} />
      </td>
      <td className="font-mono text-xs">{e.address ?? "—"}</td>
    </tr>
  ));
}

/** The entry's sentence, then its other details under their labels. */
function AuditDetails({ reading }: { reading: AuditReading }) {
  return (
    <div className="grid gap-1" data-testid="audit-sentence">
      <p className="text-sm">{reading.sentence}</p>
      {reading.details.length > 0 && (
        <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
          {reading.details.map((d, i) => (
            <div key={i} className="flex gap-1">
              <dt className="text-muted-foreground">{d.label}</dt>
              <dd className="break-all">{d.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
