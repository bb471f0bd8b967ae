/** The results file a member downloads: one line per row, its state and the API's answer. */
import type { Translate } from "@/lib/i18n";
import { csvRow } from "@/lib/csv";
import { describeRowError } from "./validate";
import { BatchView } from "./reads";

export const RESULTS_COLUMNS = ["row", "external_id", "state", "transaction_id", "status", "amount", "currency", "fee", "error"] as const;

/**
 * The results file: every row of the upload in order, sent ones with their transaction and the
 * mirror's status, refused ones with the API's code, skipped ones with their errors in words.
 */
export function batchResultsCsv(batch: BatchView, t: Translate): string {
  type Line = { line: number; cells: (string | null)[] };
  const lines: Line[] = [];
  for (const r of batch.rows) {
    const error = r.errorCode ?? r.mirrorErrorCode ?? (r.state === "rejected" ? batch.rejectReason : null);
    lines.push({ line: r.line, cells: [String(r.line), r.externalId, r.state, r.transactionId, r.status, r.amount, r.currency, r.fee, error] });
  }
  for (const s of batch.skipped) {
    lines.push({ line: s.line, cells: [String(s.line), null, "skipped", null, null, s.amount, null, null, s.errors.map((e) => describeRowError(t, e)).join("; ")] });
  }
  lines.sort((a, b) => a.line - b.line);
  // Cells through lib/csv.ts: the CSV-injection guard is kept in one place.
  return csvRow(RESULTS_COLUMNS) + lines.map((l) => csvRow(l.cells)).join("");
}
