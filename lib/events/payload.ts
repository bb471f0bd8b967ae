/**
 * Reading a webhook body: the same rules for the intake (what it stores, what it refuses) and the
 * worker (what it takes from a stored body), so that the two never disagree about a delivery.
 *
 * Two layouts are taken (ARCHITECTURE "the webhook body"): the event's fields at the top level, as
 * the sandbox sends them, and the same fields wrapped as `{ success, data: { ... } }`, as public
 * integrations of this provider read them. The event name is the body's, else `X-Service-Event`.
 */

/** The fields that name a delivery's object, in the order the intake keys it by (spec delivery rule 3). */
export const OBJECT_ID_FIELDS = ["transaction_id", "conversion_id", "infraction_id"] as const;

/** NUL (PostgreSQL refuses it in text) or a lone surrogate (it has no UTF-8 form). */
const UNSTORABLE = /\u0000|\p{Cs}/u;

/** Whether a string can be written to a text column as it is. */
export const storable = (s: string): boolean => !UNSTORABLE.test(s);

/**
 * An identifier or event name as the provider forms them: printable ASCII without spaces, at most
 * 100 characters. Anything else (control characters, NUL, surrogates, 10,000 characters) can name no
 * object of the API, and must not reach a column, a query or a page.
 */
const IDENTIFIER = /^[\x21-\x7e]{1,100}$/;
export const cleanIdentifier = (v: unknown): string | null => (typeof v === "string" && IDENTIFIER.test(v) ? v : null);

/** A free-text field taken from a webhook (an error code, a PIX key): storable, without control characters, bounded. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
export function cleanText(v: unknown, max = 200): string | null {
  if (typeof v !== "string" || v.length === 0 || v.length > max || CONTROL.test(v) || !storable(v)) return null;
  return v;
}

/** The body parsed as JSON, or undefined when it is not JSON. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON, or nested past what the parser takes: either way not a delivery we can read.
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The event's fields whichever the layout: `{ success, data: {...} }` when the top level names no
 * object and `data` is an object (the event name may sit beside `data`), else the top level. Null
 * when the body is not a JSON object.
 */
export function webhookFields(parsed: unknown): Record<string, unknown> | null {
  if (!isRecord(parsed)) return null;
  const data = parsed.data;
  if (!isRecord(data) || OBJECT_ID_FIELDS.some((k) => parsed[k] !== undefined)) return parsed;
  return data.event === undefined && parsed.event !== undefined ? { ...data, event: parsed.event } : data;
}

/** The delivery's object id: the first id field present; invalid when that field is no identifier. */
export function objectIdOf(fields: Record<string, unknown>): { id: string | null; present: boolean } {
  const key = OBJECT_ID_FIELDS.find((k) => fields[k] !== undefined && fields[k] !== null);
  return key ? { id: cleanIdentifier(fields[key]), present: true } : { id: null, present: false };
}

/**
 * A JSON value with every string (keys too) made storable: NUL and lone surrogates become U+FFFD.
 * For what the API answers, written to text and jsonb columns: one such character in a payer's name
 * must not make a row (and the sync that carries it) fail for ever. The common case, nothing to
 * replace, costs one JSON.stringify and returns the value itself.
 */
export function storableDeep<T>(value: T): T {
  if (!/\\u0000|\\ud[89a-f]/i.test(JSON.stringify(value) ?? "")) return value;
  const fix = (v: unknown): unknown => {
    if (typeof v === "string") return v.replace(/\u0000|\p{Cs}/gu, "\ufffd");
    if (Array.isArray(v)) return v.map(fix);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [fix(k) as string, fix(x)]));
    return v;
  };
  return fix(value) as T;
}
