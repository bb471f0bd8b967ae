"use client";

import { Badge } from "@/components/ui/badge";
import { CopyValue } from "@/components/ui/copy-value";

/**
 * A call of the request log, as the page has already written it in the member's words: the page's
 * flight data carries each row as this short list rather than as its elements (25 rows a page).
 */
export type LogRow = {
  /** its id (the row's key) */
  k: string;
  /** when, formatted */
  at: string;
  /** "GET /v2/…" */
  call: string;
  /** the environment and the credential's name */
  via: string;
  /** the status as shown (a number, or "no answer") and its badge's colour */
  status: string;
  tone: "warning" | "success" | "destructive";
  code: string | null;
  /** held by the dashboard's rate budget (never sent) */
  held: boolean;
  ms: string;
  requestId: string | null;
  /** the member who made it; null for the system */
  member: string | null;
};

/** The request log's rows; `text` the words every row shares. */
export function LogRows({ rows, text }: { rows: LogRow[]; text: { held: string; copy: string; system: string } }) {
  return rows.map((e) => (
    <tr key={e.k} data-testid="request-log-row">
      <td className="sm:whitespace-nowrap">{e.at}</td>
      <td className="pr-wide">
        <span className="font-mono text-xs break-all">{e.call}</span>
        <div className="text-xs text-muted-foreground">{e.via}</div>
      </td>
      <td>
        <div className="flex flex-wrap items-center gap-1">
          <Badge variant={e.tone}>{e.status}</Badge>
          {e.code && <span className="font-mono text-xs">{breakable(e.code)}</span>}
        </div>
        {e.held && <div className="text-xs text-muted-foreground">{text.held}</div>}
      </td>
      <td className="text-right tabular-nums max-sm:text-left">{e.ms}</td>
      <td className="pr-wide">
        {e.requestId ? (
          <span className="flex items-center gap-1">
            <span className="font-mono text-xs break-all">{e.requestId}</span>
            <CopyValue value={e.requestId} label={text.copy} />
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
      <td>{e.member ?? <span className="text-muted-foreground">{text.system}</span>}</td>
    </tr>
  ));
}

/** An API code ("SELF_TRANSFER_BLOCKED") with a place to break after each underscore: on a phone it wraps at a word, not mid-word. */
function breakable(code: string) {
  return code.split("_").flatMap((part, i) => (i ? ["_", <wbr key={i} />, part] : [part]));
}
