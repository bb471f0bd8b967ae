/**
 * Plain JSON for the account reads: what the API context stores in the shared read cache (jsonb) and
 * hands to server components. Amounts the client parsed into Decimal become exact strings
 * (`toFixed()`: never exponent notation, never a binary float).
 */
import Decimal from "decimal.js";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export function toPlainJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (Decimal.isDecimal(value)) return (value as Decimal).toFixed();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toPlainJson);
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : null;
    case "bigint":
      return value.toString();
    case "object": {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
        out[k] = toPlainJson(v);
      }
      return out;
    }
    default:
      return null;
  }
}

/** An object read as a plain JSON object (anything else: an empty one). */
export function toPlainObject(value: unknown): JsonObject {
  const v = toPlainJson(value);
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : {};
}
