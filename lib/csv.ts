/**
 * Writing CSV the one way: RFC 4180 quoting, and the CSV-injection guard (a cell a spreadsheet would
 * read as a formula, starting with =, +, -, @, a tab or a carriage return, is prefixed with an
 * apostrophe; OWASP "CSV Injection"). Every export and results file builds its cells here.
 */
export function csvCell(v: string | number | null | undefined): string {
  if (v == null) return "";
  const text = String(v);
  const s = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line (CRLF-terminated) of `cells`. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
