/** The CSV file: its columns and template, and RFC 4180 parsing. */

/** At most this many rows and bytes per file (a server action carries the file: 1 MB at most). */
export const BULK_MAX_ROWS = 1_000;
export const BULK_MAX_BYTES = 500_000;

/** The template's columns, in order; `type` and `amount` are required, the rest depend on the type. */
export const BULK_COLUMNS = ["type", "amount", "pix_key_type", "pix_key", "clabe", "name", "coin", "network", "address", "description"] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export const REQUIRED_COLUMNS: BulkColumn[] = ["type", "amount"];

/** The form's field → the CSV column it comes from (errors name the column the member sees). */
export const COLUMN_OF_FIELD: Record<string, BulkColumn> = {
  kind: "type",
  amount: "amount",
  keyType: "pix_key_type",
  pixKey: "pix_key",
  clabe: "clabe",
  name: "name",
  coin: "coin",
  network: "network",
  address: "address",
  description: "description",
};

/** A template with one example row of each type (valid in the sandbox). */
export function bulkTemplate(): string {
  return [
    BULK_COLUMNS.join(","),
    'pix,"125,50",cpf,529.982.247-25,,,,,,Invoice 1042',
    "pix,80.00,email,ana.souza@example.com,,,,,,Refund order 77",
    "spei,1500,,,002180001234567896,María López,,,,Proveedor marzo",
    "crypto,250,,,,,USDT,tron,TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf,Contractor payout",
  ].join("\r\n") + "\r\n";
}

// --- CSV (RFC 4180) -----------------------------------------------------------------------------

export type CsvParse = { ok: true; records: string[][] } | { ok: false; error: string };

/**
 * Records of a CSV text: fields separated by `delimiter`, quoted with double quotes (a quote inside
 * doubled), records ended by CRLF or LF (inside quotes a line break is data). A byte-order mark is
 * dropped. An unclosed quote is an error naming the line where it opened.
 */
export function parseCsv(text: string, delimiter = ","): CsvParse {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  let line = 1;
  let quoted = false;
  let quoteLine = 0;
  let fieldStarted = false;
  const endField = () => {
    record.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < s.length) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === "\n") line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && !fieldStarted && field === "") {
      quoted = true;
      fieldStarted = true;
      quoteLine = line;
      i++;
      continue;
    }
    if (c === delimiter) {
      endField();
      i++;
      continue;
    }
    if (c === "\r" && s[i + 1] === "\n") {
      endRecord();
      line++;
      i += 2;
      continue;
    }
    if (c === "\n" || c === "\r") {
      endRecord();
      line++;
      i++;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  if (quoted) return { ok: false, error: `bulk.errors.unclosedQuote|line=${quoteLine}` };
  if (field !== "" || fieldStarted || record.length > 0) endRecord();
  return { ok: true, records };
}

/** A comma, unless the header is separated by semicolons (spreadsheets in Brazil and Mexico save so). */
export function detectDelimiter(text: string): "," | ";" {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const commas = firstLine.split(",").length - 1;
  const semicolons = firstLine.split(";").length - 1;
  return semicolons > commas ? ";" : ",";
}
