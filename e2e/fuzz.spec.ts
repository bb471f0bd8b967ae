/**
 * Bad input (issue 15): generated malformed payloads (fast-check, fixed seed) sent to EVERY server
 * action (from the build's server-reference manifest) and EVERY route handler (from app/**\/route.ts
 * at test time), as an anonymous visitor, as the demo admin and as a throwaway viewer. Every answer:
 * no 5xx, no stack trace or internal text, no secret; a refusal carries a clear message. Before and
 * after, what the demo has (audit log, team, credentials, saved views, the sandbox's transactions)
 * is compared: nothing written.
 *
 * `FUZZ_SEED` and `FUZZ_RUNS` (payloads per target and caller) override the defaults.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import fc from "fast-check";
import type { BrowserContext, Page } from "@playwright/test";
import { test, expect, as, memberContext, merchantIntegration, webhookUrl, DEMO_DATA_DIR } from "./fixtures";
import { DEMO_PORT } from "../playwright.config";

const SEED = Number(process.env.FUZZ_SEED ?? 15_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const BASE = `http://127.0.0.1:${DEMO_PORT}`;
const CONCURRENCY = 4;

// --- What is called, and what is deliberately not ------------------------------------------------

/**
 * Actions that take no input and act on the caller whatever they are sent, and who may not call them
 * here (each is still fuzzed by the other callers). Keep this list short and honest.
 */
const EXCLUDED: Record<string, { callers: Caller["name"][]; reason: string }> = {
  signOutAction: { callers: ["admin", "viewer"], reason: "signs the caller out whatever it is sent (no input)" },
  signOutEverywhereAction: { callers: ["admin", "viewer"], reason: "ends every session of the caller and writes the audit log (no input)" },
  createSandboxCredentialAction: { callers: ["admin"], reason: "creates a sandbox account and a pending credential (no input); the viewer is refused" },
};
/** No input: they drop a cached read and answer ok for any object (harmless; nothing stored). */
const ACCEPTS_ANY_OBJECT = new Set(["refreshBalancesAction", "refreshAccountAction"]);
/** Return nothing (void) or redirect on success; every other action answers an ActionResult. */
const VOID_ACTIONS = new Set(["setGuestLocaleAction", "signOutAction", "signOutEverywhereAction", "acceptInvitationAction"]);

// --- Targets ---------------------------------------------------------------------------------------

type ActionTarget = { id: string; name: string; file: string; url: string };
type RouteTarget = { file: string; pattern: string; methods: string[] };

const DUMMY_UUID = "5a1f0c3e-9b7d-4e2a-8c61-0d3f4b5e6a7c";
const DUMMY_TOKEN = "fuzzTOKEN_0123456789abcdefXYZ-_";

/** `app/(dashboard)/receive/[id]/page` → `/receive/<uuid>`; `[token]` → a token-shaped dummy. */
function urlOfAppPath(appPath: string, fill: (segment: string) => string = dummySegment): string {
  const parts = appPath
    .replace(/^app\//, "")
    .split("/")
    .filter((s) => s && !/^\(.*\)$/.test(s) && s !== "page" && s !== "route" && s !== "route.ts");
  return `/${parts.map((s) => (/^\[.*\]$/.test(s) ? fill(s) : s)).join("/")}`;
}

function dummySegment(segment: string): string {
  if (segment.startsWith("[...") || segment.startsWith("[[...")) return "session";
  if (/token/i.test(segment)) return DUMMY_TOKEN;
  return DUMMY_UUID;
}

function actionTargets(): ActionTarget[] {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const workers = Object.keys(entry.workers);
    // A page without dynamic segments when there is one; else the first, its segments filled.
    const worker = workers.find((w) => !w.includes("[")) ?? workers[0]!;
    return { id, name: entry.exportedName ?? id, file: entry.filename ?? "?", url: urlOfAppPath(worker) };
  });
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx|js)$/.test(name) ? [full] : [];
  });
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function routeTargets(): RouteTarget[] {
  return routeFiles("app").map((file) => {
    const source = readFileSync(file, "utf8");
    const methods = HTTP_METHODS.filter((m) => new RegExp(`export\\s+(async\\s+)?function\\s+${m}\\b|export\\s+const\\s+${m}\\b|export\\s+const\\s*\\{[^}]*\\b${m}\\b[^}]*\\}`).test(source));
    return { file, pattern: file.replace(/\\/g, "/").replace(/\/route\.(ts|tsx|js)$/, ""), methods };
  });
}

// --- Generated input -------------------------------------------------------------------------------

/** Strings that are wrong for every typed field (ids, enums, e-mails, amounts): never a valid value. */
const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "1); SELECT pg_sleep(10); --",
  '" OR ""="',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "{{7*7}}${7*7}",
  "../../../../etc/passwd",
  "%00%0d%0aSet-Cookie:x=1",
  "\u0000",
  "\u0000\u0001\u001b[31m\u007f",
  "\u202e\u200b\ufeff\u2028\u2029",
  "𝕏😀\ud83d",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-0.01",
  "1e309",
  "1.5",
  "99999999999999999999999",
  "1,000.00",
  "0x",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  // React's reply encoding: strings starting with "$" are references, numbers, dates, bigints...
  "$NaN",
  "$Infinity",
  "$-Infinity",
  "$undefined",
  "$n99999999999999999999999",
  "$n-1",
  "$D2020-13-45T99:99:99Z",
  "$Dnot a date",
  "$1",
  "$@1",
  "$@0",
  "$Q1",
  "$W1",
  "$K1",
  "$F1",
  "$T",
  "$B1",
  "$i1",
  "$R1",
  "$Z",
  "$",
];

/** Numbers that are no amount, no id, no count anywhere: negative, fractional, unsafe, huge. */
const BAD_NUMBERS = [-1, -0.5, 1.5, -1e9, 1e21, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE, 1e308, 3.000000000000001];

/** Field names the actions and forms use, and some they do not. */
const TYPED_KEYS = [
  "id",
  "userId",
  "walletId",
  "assigneeId",
  "organizationId",
  "amount",
  "role",
  "locale",
  "environment",
  "mode",
  "enabled",
  "event",
  "errorCode",
  "currency",
  "email",
  "requireTwoFactor",
  "sessionIdleMinutes",
  "thresholds",
  "quote",
  "externalId",
  "base",
  "destination",
  "method",
  "chain",
  "kind",
  "key",
  "keyType",
  "clabe",
  "username",
  "payer",
  "split",
  "clientId",
  "clientSecret",
  "signingKey",
  "baseUrl",
  "callbackUrl",
  "isAdmin",
  "permissions",
];
/**
 * Fields any non-empty string satisfies (names, notes, passwords, tokens, files): only non-strings,
 * empty, blank or oversize strings go there, so no generated payload is a valid one (and no password
 * guess reaches the sign-in throttle).
 */
const FREE_TEXT_KEYS = ["name", "query", "note", "reason", "label", "message", "description", "fileName", "text", "token", "password", "current", "next", "confirm", "code", "organizationName", "confirmPassword"];
/** z.coerce.number() fields: null, booleans, [] and blank strings would coerce to valid numbers. */
const COERCED_NUMBER_KEYS = ["hours"];
const PROTO_KEYS = ["__proto__", "constructor", "prototype"];

const hugeString = fc.constantFrom(5_000, 70_000, 300_000).chain((n) => fc.constantFrom("A".repeat(n), "é😀\u0000".repeat(Math.ceil(n / 4)), " ".repeat(n - 1) + "x", "9".repeat(n)));
const hostileString = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) }, { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 40 }).map((s) => `\u0000${s}`) });
const badNumber = fc.constantFrom(...BAD_NUMBERS);

/** Any value of the wrong type for a typed field (never a valid id, enum, e-mail or amount). */
const typedValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    badNumber,
    fc.boolean(),
    fc.constant(null),
    hugeString,
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...TYPED_KEYS, ...PROTO_KEYS, "0", "", "$$typeof"), tie("v"), { maxKeys: 4 }).map(withOwnProtoKeys),
  ),
})).v;
/** A free-text field: anything but a plausible text. */
const freeTextValue = fc.oneof(fc.constantFrom("", " ", "\t\n \u00a0", "\u200b"), hugeString, badNumber, fc.boolean(), fc.constant(null), fc.array(hostileString, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...TYPED_KEYS), hostileString, { maxKeys: 2 }));
/** A coerced-number field: values whose Number() is NaN, negative, fractional or huge. */
const coercedNumberValue = fc.oneof(fc.constantFrom("NaN", "-1", "1.5", "1e309", "99999999999999999999", "abc", "1,5", "$NaN", "$n-1", "$Dnot a date"), badNumber, fc.constant({}), fc.constant(["a", "b"]));

/** JSON.stringify drops a literal `__proto__` key (it sets the prototype): make it an own property. */
function withOwnProtoKeys(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

const pollution = fc.constantFrom(...PROTO_KEYS).chain((k) =>
  fc.constant(withOwnProtoKeys({ [k]: { role: "admin", isAdmin: true, ok: true, organizationId: DUMMY_UUID, prototype: { polluted: true } } })),
);

/** A malformed input object: real field names with wrong values, unknown and prototype keys. */
const malformedObject = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...TYPED_KEYS), typedValue, { maxKeys: 5 }),
    fc.dictionary(fc.constantFrom(...FREE_TEXT_KEYS), freeTextValue, { maxKeys: 3 }),
    fc.dictionary(fc.constantFrom(...COERCED_NUMBER_KEYS), coercedNumberValue, { maxKeys: 1 }),
    fc.option(pollution, { nil: undefined }),
  )
  .map(([typed, text, coerced, polluted]) => withOwnProtoKeys({ ...typed, ...text, ...coerced, ...(polluted ?? {}) }));

function nested(depth: number): unknown {
  let v: unknown = { id: "' OR 1=1 --" };
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { quote: v };
  return v;
}

/** One request body to a server action: the JSON array of arguments, or something that is not one. */
type ActionBody = { label: string; body: string; contentType?: string };

const actionArgs: fc.Arbitrary<ActionBody> = fc.oneof(
  { weight: 6, arbitrary: malformedObject.map((o) => ({ label: "object", body: JSON.stringify([o]) })) },
  { weight: 2, arbitrary: fc.oneof(hostileString, badNumber, fc.boolean(), fc.constant(null)).map((v) => ({ label: "primitive", body: JSON.stringify([v]) })) },
  { weight: 1, arbitrary: fc.constant({ label: "no arguments", body: "[]" }) },
  { weight: 1, arbitrary: fc.tuple(malformedObject, fc.array(typedValue, { minLength: 1, maxLength: 4 })).map(([o, extra]) => ({ label: "extra arguments", body: JSON.stringify([o, ...extra]) })) },
  { weight: 1, arbitrary: fc.array(malformedObject, { minLength: 1, maxLength: 3 }).map((a) => ({ label: "array input", body: JSON.stringify([a]) })) },
  { weight: 1, arbitrary: fc.constantFrom(40, 1_000, 3_000).map((d) => ({ label: `nested ${d}`, body: JSON.stringify([nested(d)]) })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<ActionBody>(
      { label: "not JSON", body: "not json at all" },
      { label: "truncated JSON", body: '[{"id":' },
      { label: "JSON object, not arguments", body: '{"id":"x"}' },
      { label: "empty body", body: "" },
      { label: "NUL bytes", body: "\u0000\u0000\u0000" },
      { label: "JSON with a lone surrogate", body: '["\\ud800"]' },
      { label: "application/json", body: '[{"id":"x"}]', contentType: "application/json" },
      { label: "form-urlencoded", body: "id=%27+OR+1%3D1&__proto__%5Brole%5D=admin", contentType: "application/x-www-form-urlencoded" },
      { label: "multipart without boundary", body: "--x\r\nContent-Disposition: form-data; name=\"0\"\r\n\r\n[]\r\n--x--", contentType: "multipart/form-data" },
      { label: "multipart, junk", body: '--b\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--b\r\nContent-Disposition: form-data; name="1_x"\r\n\r\n{"__proto__":1}\r\n--b--\r\n', contentType: "multipart/form-data; boundary=b" },
      { label: "multipart, unterminated", body: '--b\r\nContent-Disposition: form-data; name="0"\r\n\r\n[{"id":1}]', contentType: "multipart/form-data; boundary=b" },
      { label: "text/html", body: "<html><body>[1]</body></html>", contentType: "text/html" },
    ),
  },
);

const OVERSIZE = `["${"x".repeat(3 * 1024 * 1024)}"]`;

// --- Calling ------------------------------------------------------------------------------------------

type Caller = { name: "anonymous" | "admin" | "viewer"; cookie: string };
type Answer = { status: number; contentType: string; text: string; location: string | null; error?: string };

async function cookieOf(context: BrowserContext): Promise<string> {
  return (await context.cookies(BASE)).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** One request, redirects not followed; a stream is read for at most ~1.5 s or 512 KB. */
async function send(url: string, init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array }, caller: Caller): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    const res = await fetch(BASE + url, {
      method: init.method,
      headers: { ...(init.headers ?? {}), ...(caller.cookie ? { cookie: caller.cookie } : {}) },
      body: init.body as BodyInit | undefined,
      redirect: "manual",
      signal: controller.signal,
    });
    const contentType = res.headers.get("content-type") ?? "";
    let text = "";
    if (res.body) {
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const streaming = contentType.includes("text/event-stream");
      const deadline = Date.now() + (streaming ? 1_500 : 25_000);
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
        if (text.length > 512 * 1024) break;
      }
      await reader.cancel().catch(() => undefined);
    }
    return { status: res.status, contentType, text, location: res.headers.get("location") };
  } catch (e) {
    return { status: 0, contentType: "", text: "", location: null, error: (e as Error).message + ((e as { cause?: Error }).cause ? ` (${(e as { cause?: Error }).cause!.message})` : "") };
  } finally {
    clearTimeout(timer);
  }
}

async function pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// --- Judging an answer ------------------------------------------------------------------------------

const INTERNAL_TEXT: [string, RegExp][] = [
  ["stack frame", /\n\s+at\s|\s{4}at\s/],
  ["server path", /\/work\/|\/home\/|\/usr\/|\/tmp\//],
  ["source location", /\.(ts|tsx|js|mjs|cjs):\d+/],
  ["TypeScript file", /\.tsx?:/],
  ["node_modules", /node_modules/],
  ["JS error name", /\b(TypeError|ReferenceError|RangeError|SyntaxError|EvalError|URIError|AggregateError)\b/],
  ["SQL error", /syntax error at or near|violates [a-z ]*constraint|duplicate key value|relation "[^"]*" does not exist|invalid input syntax for|Failed query|column "[^"]*" does not exist|PGlite|drizzle|postgres(ql)? error/i],
  ["JSON error", /Unexpected token|JSON\.parse|is not valid JSON|Unexpected end of JSON/],
  ["Node error code", /\b(ECONNREFUSED|ECONNRESET|EPIPE|ERR_[A-Z_]{4,})\b/],
  ["internal error text", /Internal Server Error|Cannot read propert|is not a function|undefined is not|Maximum call stack/i],
];

function secretValues(): string[] {
  const secrets = JSON.parse(readFileSync(path.join(DEMO_DATA_DIR, "secrets.json"), "utf8")) as Record<string, unknown>;
  return Object.values(secrets).filter((v): v is string => typeof v === "string" && v.length >= 8);
}

/** The ActionResult in an RSC answer (`1:{"ok":false,…}` or inline), if any. */
function actionResultIn(text: string): { ok: boolean; error?: { code?: unknown; message?: unknown } } | null {
  const find = (v: unknown, depth = 0): { ok: boolean } | null => {
    if (!v || typeof v !== "object" || depth > 6) return null;
    if ("ok" in v && typeof (v as { ok: unknown }).ok === "boolean") return v as { ok: boolean };
    for (const child of Object.values(v)) {
      const found = find(child, depth + 1);
      if (found) return found;
    }
    return null;
  };
  for (const line of text.split("\n")) {
    const m = /^[0-9a-f]+:(.*)$/.exec(line);
    if (!m) continue;
    try {
      const found = find(JSON.parse(m[1]!));
      if (found) return found;
    } catch {
      /* not a JSON row */
    }
  }
  return null;
}

type Finding = { target: string; caller: string; input: string; problem: string; excerpt: string };

function excerptOf(text: string, at = 0): string {
  return text.slice(Math.max(0, at - 120), at + 280).replace(/\s+/g, " ");
}

function commonProblems(a: Answer, secrets: string[]): { problem: string; at: number }[] {
  const out: { problem: string; at: number }[] = [];
  if (a.status === 0) out.push({ problem: `no answer: ${a.error}`, at: 0 });
  if (a.status >= 500) out.push({ problem: `HTTP ${a.status}`, at: 0 });
  for (const [what, re] of INTERNAL_TEXT) {
    const m = re.exec(a.text);
    if (m) out.push({ problem: `internal text (${what}): ${JSON.stringify(m[0])}`, at: m.index });
  }
  for (const s of secrets) {
    const at = a.text.indexOf(s);
    if (at >= 0) out.push({ problem: "a secret value in the answer", at });
  }
  return out;
}

// --- Webhook deliveries ------------------------------------------------------------------------------

/** A delivery to the real intake: its bytes, content type and headers, and what it is made of. */
type Delivery = { label: string; body: Uint8Array; contentType: string; headers: Record<string, string> };

const TOP_LEVEL = "top-level";
const DEEP = 20_000;

/**
 * Webhook bodies as a sender could make them (issue 25): either layout (top-level, `{ success, data }`,
 * the event beside `data`, the event only in X-Service-Event), events real and not, ids real (a pending
 * charge, a paid one), unknown, or hostile (NUL, lone surrogates, 10,000 characters, numbers, objects),
 * fields with NUL and lone surrogates in keys and values, huge numbers, duplicate keys, deep nesting,
 * then the bytes spoiled or not (invalid UTF-8, a raw NUL, a byte-order mark) under a content type
 * right or wrong. Infraction events are left out: their read-back of an infraction that does not
 * exist is retried for minutes, and what they would prove is proven by the transaction events.
 */
function webhookDeliveries(realIds: string[]): fc.Arbitrary<Delivery> {
  const event = fc.constantFrom<string | undefined>("cashin.confirmed", "cashin.refunded", "cashout.confirmed", "boleto.registered", "wallet_deposit", "something.new", "cashin.\u0000confirmed", "\ud83d", "e".repeat(10_000), undefined);
  const id = fc.constantFrom<unknown>(...realIds, "f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0", "ab\u0000cd", "\udc00", "a".repeat(10_000), 12345, null, { $ne: null }, "' OR 1=1 --");
  const extra = fc.constantFrom<Record<string, unknown>>(
    {},
    { status: "confirmed", amount: "HUGE", currency: "BRL" },
    { payer_name: "\u0000", error_code: "\ud800", "\u0000": "\udfff" },
    { wallet_id: "w\u0000", address: "\ud800", pix_key: "' OR 1=1 --", registration: "registered" },
    { deep: "DEEP" },
    { duplicate: "DUP" },
  );
  const layout = fc.constantFrom(TOP_LEVEL, "success-data", "event-beside-data", "header-only");
  const bytes = fc.constantFrom("utf8", "invalid-utf8", "nul-byte", "byte-order-mark");
  const contentType = fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x");
  return fc.tuple(event, id, extra, layout, bytes, contentType).map(([ev, oid, more, lay, spoil, type]) => {
    const fields: Record<string, unknown> = { ...(lay === "header-only" || ev === undefined ? {} : { event: ev }), transaction_id: oid, ...more };
    const shaped = lay === TOP_LEVEL || lay === "header-only" ? fields : lay === "success-data" ? { success: true, data: fields } : { success: true, event: ev, data: { ...fields, event: undefined } };
    // JSON.stringify writes NUL and lone surrogates as escapes (\u0000, \ud83d), as a sender's JSON would carry them.
    let text = JSON.stringify(shaped);
    text = text.replace('"HUGE"', "1e400").replace('"DEEP"', "[".repeat(DEEP) + "]".repeat(DEEP)).replace('"duplicate":"DUP"', `"transaction_id":"f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1","transaction_id":${JSON.stringify(oid)}`);
    let body: Uint8Array = Buffer.from(text, "utf8");
    if (spoil === "invalid-utf8") body = Buffer.concat([Buffer.from(text.slice(0, 10)), Buffer.from([0xff, 0xfe, 0xc0, 0xaf]), Buffer.from(text.slice(10))]);
    if (spoil === "nul-byte") body = Buffer.concat([body, Buffer.from([0])]);
    if (spoil === "byte-order-mark") body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]);
    // Only what an HTTP header can carry (fetch refuses the rest; raw bytes in headers are sent below).
    const headers: Record<string, string> = lay === "header-only" && typeof ev === "string" && /^[\x21-\x7e]{1,200}$/.test(ev) ? { "x-service-event": ev } : {};
    const label = `webhook ${lay}, event ${String(ev).slice(0, 30)}, id ${JSON.stringify(oid)?.slice(0, 30)}, ${Object.keys(more).join("/") || "no extra"}, ${spoil}, ${type || "no content type"}`;
    return { label, body, contentType: type, headers };
  });
}

/**
 * A request written byte for byte on a socket: what fetch and node:http refuse to send (a NUL or raw
 * high bytes in a header). Answers the status code (0 when the server closed without one).
 */
function rawRequest(port: number, head: Buffer, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (d) => (answer += d.toString("latin1")));
    socket.on("error", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.setTimeout(30_000, () => socket.destroy());
    socket.end(Buffer.concat([head, Buffer.from(`Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`), body]));
  });
}

// --- What the demo has --------------------------------------------------------------------------------

async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => els.map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim()));
}

async function demoState(page: Page) {
  await page.goto("/settings/audit");
  const audit = (await texts(page, '[data-testid="audit-row"]')).slice(0, 20);
  await page.goto("/settings/team");
  const members = (await page.locator('tr[data-testid^="member-"]').evaluateAll((els) => els.map((e) => `${e.getAttribute("data-testid")} ${e.querySelector('[role="combobox"]')?.textContent ?? ""}`))).sort();
  const invitations = (await page.locator('tr[data-testid^="invitation-"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")))).sort();
  await page.goto("/settings/credentials");
  const credentials = await page.locator("main tbody tr").count();
  await page.goto("/transactions");
  const views = (await texts(page, '[data-testid="saved-view"]')).sort();
  const locale = await page.locator("html").getAttribute("lang");
  await page.goto("/send/approvals");
  // Read once the live stream is connected: its status ("Connecting…", then "Live") is part of the page's text.
  await expect(page.locator('[data-live-state]:not([data-live-state="live"])')).toHaveCount(0);
  const approvalPolicy = (await page.locator("main").innerText()).slice(0, 2_000);
  const api = await merchantIntegration(page);
  const sandboxIds: string[] = [];
  for (let p = 1; p <= 20; p++) {
    const list = await api.transactions.list({ page: p, page_size: 100 });
    sandboxIds.push(...list.items.map((t) => String(t.id)));
    if (!list.has_next) break;
  }
  return { audit, members, invitations, credentials, views, locale, approvalPolicy, sandboxTransactions: sandboxIds.length, newestSandboxIds: sandboxIds.slice(0, 20) };
}

// --- The test -----------------------------------------------------------------------------------------

test("malformed input to every server action and route handler: no 5xx, no internal text, clear refusals, nothing written", async ({ browser }) => {
  test.setTimeout(12 * 60_000);
  const started = Date.now();
  console.log(`[fuzz] seed ${SEED} (FUZZ_SEED), ${RUNS} payloads per target and caller (FUZZ_RUNS)`);
  const secrets = secretValues();
  const actions = actionTargets();
  const routes = routeTargets();
  expect(actions.length, "the build's server-reference manifest lists the actions").toBeGreaterThan(30);
  expect(routes.length).toBeGreaterThan(3);
  for (const r of routes) expect(r.methods.length, `${r.file} exports a method`).toBeGreaterThan(0);

  // Callers: the roster's viewer and admin in their stored sessions (the actions that sign a caller
  // out are left out for both: EXCLUDED), and a visitor with no session.
  const viewer = await as(browser, "viewer");
  const admin = await memberContext(browser);
  const callers: Caller[] = [
    { name: "anonymous", cookie: "" },
    { name: "admin", cookie: await cookieOf(admin.context) },
    { name: "viewer", cookie: await cookieOf(viewer.context) },
  ];
  // Real ids, so that route validation behind the "not found" is reached too.
  const intake = new URL(await webhookUrl(admin.page)).pathname;
  await admin.page.goto("/infractions");
  const infractionHref = await admin.page.getByTestId("infraction-due").first().getAttribute("href");
  expect(infractionHref).toMatch(/^\/infractions\/[^/]+$/);
  const infractionId = infractionHref!.split("/").pop()!;

  // Webhook targets: a pending charge (made now, before the demo's state is read) and a paid one.
  const integration = await merchantIntegration(admin.page);
  const pendingId = (await integration.cashin.create({ amount: 7.5, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } })).transaction_id;
  const paidId = (await integration.transactions.list({ status: "confirmed", type: "cashin", page_size: 1 })).items[0]!.transaction_id;
  const mirrorRow = async (id: string) => {
    await admin.page.goto(`/transactions?q=${id}`);
    // Each cell's text content, not innerText: innerText depends on layout, and React hides a row
    // (display: none) while the list re-suspends, which ran its words together in one reading.
    return admin.page
      .getByTestId(`tx-${id}`)
      .evaluate((row) => Array.from(row.children, (cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim()).join(" | "), undefined, { timeout: 5_000 });
  };
  // The mirror learns of the pending charge from the sync (every 5 s in the journeys; later on a busy machine).
  await expect(async () => expect(await mirrorRow(pendingId)).toContain("Pending")).toPass({ timeout: 90_000 });
  const mirrorBefore = { pending: await mirrorRow(pendingId), paid: await mirrorRow(paidId) };

  const before = await demoState(admin.page);
  const findings: Finding[] = [];
  let requests = 0;

  // --- Server actions ---
  type ActionCall = { target: ActionTarget; caller: Caller; url: string; body: ActionBody };
  const calls: ActionCall[] = [];
  actions.forEach((target, i) => {
    for (const [c, caller] of callers.entries()) {
      if (EXCLUDED[target.name]?.callers.includes(caller.name)) continue;
      const bodies = fc.sample(actionArgs, { seed: SEED + i * 7 + c, numRuns: RUNS });
      // Anonymous: to the action's own page (the proxy may send them to sign in) and to the public
      // sign-in page, where the action's own session check answers.
      const urls = caller.name === "anonymous" ? [target.url, "/login"] : [target.url];
      for (const url of urls) for (const body of bodies) calls.push({ target, caller, url, body });
      if (caller.name === "admin") calls.push({ target, caller, url: target.url, body: { label: "oversize (3 MB)", body: OVERSIZE } });
    }
  });
  // Ids that are no action at all.
  for (const id of ["", "0".repeat(42), "not-an-action", "7f' OR 1=1 --", "x".repeat(5_000), actions[0]!.id.replace(/.$/, "0")]) {
    for (const caller of callers) calls.push({ target: { id, name: `(bogus id ${id.slice(0, 12)})`, file: "-", url: "/overview" }, caller, url: "/overview", body: { label: "object", body: "[{}]" } });
  }

  await pool(calls, async ({ target, caller, url, body }) => {
    const a = await send(url, { method: "POST", headers: { "next-action": target.id, "content-type": body.contentType ?? "text/plain;charset=UTF-8", accept: "text/x-component" }, body: body.body }, caller);
    requests++;
    const report = (problem: string, at = 0) => findings.push({ target: `action ${target.name} (${target.file}) → POST ${url}`, caller: caller.name, input: `${body.label}: ${body.body.slice(0, 200)}`, problem, excerpt: excerptOf(a.text, at) });
    for (const p of commonProblems(a, secrets)) report(p.problem, p.at);
    if (a.status === 0 || a.status >= 500) return;
    if (a.status >= 300 && a.status < 400) return; // the proxy sends a visitor to sign in, or the action redirects
    if (a.status >= 400) {
      // 409 "Server Action unavailable.": Next's answer to an id that is no action of this build.
      if (![400, 404, 405, 413, 415].includes(a.status) && !(a.status === 409 && target.name.startsWith("(bogus"))) report(`unexpected HTTP ${a.status}`);
      return; // Next refused the request before the action (bad id, body too large…)
    }
    if (!a.contentType.includes("text/x-component")) return; // not an action answer (e.g. a page)
    const result = actionResultIn(a.text);
    if (!result) {
      if (!VOID_ACTIONS.has(target.name) && !target.name.startsWith("(bogus")) report("an action answered neither ok nor a refusal");
      return;
    }
    if (result.ok) {
      if (!(ACCEPTS_ANY_OBJECT.has(target.name) && caller.name !== "anonymous")) report("malformed input accepted (ok: true)");
      return;
    }
    const { code, message } = result.error ?? {};
    if (typeof code !== "string" || !code) report("a refusal without a code");
    if (typeof message !== "string" || message.trim().length < 8) report(`a refusal without a clear message: ${JSON.stringify(message)}`);
    if (code === "UNEXPECTED") report("an unexpected failure (the server logged it) instead of a refusal");
  });

  // --- Route handlers ---
  type RouteCall = { route: RouteTarget; caller: Caller; method: string; url: string; headers: Record<string, string>; body?: string | Uint8Array; label: string };
  const routeCalls: RouteCall[] = [];
  const segment = fc.oneof(
    fc.constantFrom(DUMMY_UUID, DUMMY_TOKEN, "session", "csrf", "providers", "signin", "signout", "callback/credentials", "signin/credentials", "error", "0", "-1", "..", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "%00", "%F0%9F%98%80", "%ff%fe", "'%20OR%201=1--", "%3Cscript%3E", "x".repeat(2_000), "__proto__", "constructor"),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map((s) => encodeURIComponent(s)),
  );
  const query = fc.dictionary(
    fc.constantFrom("q", "status", "type", "currency", "from", "to", "sort", "page", "page_size", "after", "tx", "view", "amount", "__proto__[x]", "constructor[prototype][x]", "min", "max"),
    fc.oneof(hostileString.map((s) => s.slice(0, 2_000)), badNumber.map(String), fc.constant("")),
    { maxKeys: 5 },
  );
  const postBody = fc.oneof(
    actionArgs.map((b) => ({ label: b.label, body: b.body, contentType: b.contentType ?? "application/json" })),
    malformedObject.map((o) => ({ label: "JSON object", body: JSON.stringify(o), contentType: "application/json" })),
    fc.constantFrom(
      { label: "no content type", body: '{"event":1}', contentType: "" },
      { label: "webhook-looking, no object id", body: '{"event":"transaction.updated"}', contentType: "application/json" },
      { label: "multipart, files as text", body: '--b\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello\r\n--b\r\nContent-Disposition: form-data; name="files"\r\n\r\nnot a file\r\n--b--\r\n', contentType: "multipart/form-data; boundary=b" },
      { label: "multipart, blank message", body: '--b\r\nContent-Disposition: form-data; name="message"\r\n\r\n   \r\n--b--\r\n', contentType: "multipart/form-data; boundary=b" },
      { label: "multipart, broken", body: "--b\r\nContent-Disposition: form-data\r\n\r\n", contentType: "multipart/form-data; boundary=b" },
      { label: "multipart, a file of junk bytes", body: '--b\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello\r\n--b\r\nContent-Disposition: form-data; name="files"; filename="../../etc/passwd\u0000.pdf"\r\nContent-Type: application/pdf\r\n\r\nMZ\u0000\u0001junk\r\n--b--\r\n', contentType: "multipart/form-data; boundary=b" },
    ),
  );
  routes.forEach((route, i) => {
    const dynamic = /\[/.test(route.pattern);
    for (const [c, caller] of callers.entries()) {
      const samples = fc.sample(fc.tuple(segment, query, postBody, fc.constantFrom(...route.methods)), { seed: SEED + 1_000 + i * 7 + c, numRuns: RUNS });
      for (const [seg, q, body, method] of samples) {
        const qs = new URLSearchParams(q as Record<string, string>).toString();
        const url = `${urlOfAppPath(route.pattern, () => seg)}${qs ? `?${qs}` : ""}`;
        const withBody = method !== "GET" && method !== "HEAD";
        routeCalls.push({ route, caller, method, url, label: withBody ? body.label : "query", headers: withBody && body.contentType ? { "content-type": body.contentType, "last-event-id": "-1; DROP" } : { "last-event-id": "NaN' OR 1=1" }, body: withBody ? body.body : undefined });
      }
      // The real intake token and a real open infraction, as the admin only: validation behind "not found".
      // Refused deliveries to the real intake are logged by design (Settings → Webhooks); nothing else is.
      if (caller.name === "admin" && route.pattern.includes("webhooks/payment")) {
        for (const body of fc.sample(postBody, { seed: SEED + 2_000, numRuns: RUNS })) {
          // Never an acceptable delivery: no event (the first refusal), whatever the rest is.
          if (/"event"/.test(body.body)) continue;
          routeCalls.push({ route, caller, method: "POST", url: intake, label: `real token, ${body.label}`, headers: body.contentType ? { "content-type": body.contentType } : {}, body: body.body });
        }
        routeCalls.push({ route, caller, method: "POST", url: intake, label: "real token, oversize (3 MB)", headers: { "content-type": "application/json" }, body: OVERSIZE });
      }
      if (caller.name === "admin" && route.pattern.includes("infractions/[id]/reply")) {
        const url = `/api/infractions/${encodeURIComponent(infractionId)}/reply`;
        for (const body of fc.sample(postBody, { seed: SEED + 3_000, numRuns: RUNS })) {
          // Never a reply the API would get: not multipart, or multipart refused before the call.
          if (/^multipart/.test(body.contentType) && !/files as text|blank message|broken|junk bytes|unterminated|without boundary|junk/.test(body.label)) continue;
          // From the dashboard's own origin, so that the body's checks are what answers (not the origin check).
          routeCalls.push({ route, caller, method: "POST", url, label: `real infraction, ${body.label}`, headers: { origin: BASE, ...(body.contentType ? { "content-type": body.contentType } : {}) }, body: body.body });
        }
        routeCalls.push({ route, caller, method: "POST", url, label: "real infraction, oversize declared", headers: { origin: BASE, "content-type": "multipart/form-data; boundary=b" }, body: OVERSIZE });
      }
      if (dynamic || caller.name === "admin") {
        // Every method the route does not export: 405, never a 5xx.
        for (const method of HTTP_METHODS.filter((m) => !route.methods.includes(m) && m !== "HEAD" && m !== "OPTIONS")) {
          routeCalls.push({ route, caller, method, url: urlOfAppPath(route.pattern), label: "method not exported", headers: { "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" });
        }
      }
      if (caller.name === "admin" && route.methods.includes("POST")) {
        routeCalls.push({ route, caller, method: "POST", url: urlOfAppPath(route.pattern), label: "oversize (3 MB)", headers: { "content-type": "application/json" }, body: OVERSIZE });
      }
    }
  });

  await pool(routeCalls, async ({ route, caller, method, url, headers, body, label }) => {
    const a = await send(url, { method, headers, body }, caller);
    requests++;
    const report = (problem: string, at = 0) => findings.push({ target: `route ${route.file} → ${method} ${url.slice(0, 160)}`, caller: caller.name, input: `${label}: ${typeof body === "string" ? body.slice(0, 200) : ""}`, problem, excerpt: excerptOf(a.text, at) });
    for (const p of commonProblems(a, secrets)) report(p.problem, p.at);
    if (a.status === 0 || a.status >= 500) return;
    if (a.status < 400) return; // an answer (a CSV, a session, a redirect to sign in)
    if (![400, 401, 403, 404, 405, 409, 413, 415, 422, 429].includes(a.status)) report(`unexpected HTTP ${a.status}`);
    if (a.status === 405 || method === "HEAD") return;
    if (!a.text.trim()) {
      report(`HTTP ${a.status} without a message`);
      return;
    }
    if (a.contentType.includes("json")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(a.text);
      } catch {
        report("a JSON answer that is not JSON");
        return;
      }
      // A JSON string is a message too (Auth.js answers "Bad request.").
      const p = (parsed && typeof parsed === "object" ? parsed : {}) as { error?: unknown; message?: unknown };
      const message = typeof parsed === "string" ? parsed : typeof p.error === "string" ? p.error : typeof p.message === "string" ? p.message : (p.error as { message?: unknown } | undefined)?.message;
      if (typeof message !== "string" || !message.trim()) report("a JSON refusal without a message or error");
    }
  });

  // --- Webhook deliveries to the real intake (anonymous: the provider has no session; 127.0.0.1 is allowed) ---
  const deliveries = [
    ...fc.sample(webhookDeliveries([pendingId, paidId]), { seed: SEED + 4_000, numRuns: 4 * RUNS }),
    // Each kind at least once, whatever the seed draws.
    ...[
      { label: "NUL escaped in the id", text: `{"event":"cashin.confirmed","transaction_id":"${pendingId}\\u0000"}` },
      { label: "lone surrogate escaped in the id", text: `{"event":"cashin.confirmed","transaction_id":"\\ud800"}` },
      { label: "NUL and lone surrogates in keys and values", text: `{"event":"cashin.confirmed","transaction_id":"${pendingId}","\\u0000":"\\ud800","payer_name":"\\u0000"}` },
      { label: "10,000-character id", text: `{"event":"cashin.confirmed","transaction_id":"${"a".repeat(10_000)}"}` },
      { label: "deep nesting", text: `{"event":"cashin.confirmed","transaction_id":"${pendingId}","deep":${"[".repeat(DEEP)}${"]".repeat(DEEP)}}` },
      { label: "huge numbers", text: `{"event":"cashin.confirmed","transaction_id":"${pendingId}","amount":1e400,"fee":${"9".repeat(3_000)}}` },
      { label: "duplicate keys", text: `{"event":"cashin.confirmed","transaction_id":"${paidId}","transaction_id":"${pendingId}"}` },
      { label: "{ success, data } forging a payment", text: JSON.stringify({ success: true, data: { event: "cashin.confirmed", transaction_id: pendingId, status: "confirmed" } }) },
      { label: "{ success, data } forging a refund", text: JSON.stringify({ success: true, event: "cashin.refunded", data: { transaction_id: paidId, status: "refunded" } }) },
      { label: "top-level forging a boleto registration", text: JSON.stringify({ event: "boleto.registered", transaction_id: pendingId, registration: "registered" }) },
    ].map((d) => ({ label: d.label, body: Buffer.from(d.text), contentType: "application/json", headers: {} as Record<string, string> })),
    { label: "invalid UTF-8 only", body: Buffer.from([0xff, 0xfe, 0xfd]), contentType: "application/json", headers: {} },
    { label: "the event in X-Service-Event, { success, data }", body: Buffer.from(JSON.stringify({ success: true, data: { transaction_id: pendingId } })), contentType: "application/json", headers: { "x-service-event": "cashin.confirmed" } },
    { label: "a Latin-1 event header", body: Buffer.from(JSON.stringify({ transaction_id: pendingId })), contentType: "text/plain", headers: { "x-service-event": "caf\u00e9" } },
  ];
  const anonymous = callers[0]!;
  const webhookAnswers = new Map<number, number>();
  await pool(deliveries, async (d) => {
    const a = await send(intake, { method: "POST", headers: { ...(d.contentType ? { "content-type": d.contentType } : {}), ...d.headers }, body: d.body }, anonymous);
    requests++;
    webhookAnswers.set(a.status, (webhookAnswers.get(a.status) ?? 0) + 1);
    const report = (problem: string, at = 0) => findings.push({ target: `webhook intake → POST ${intake.slice(0, 40)}…`, caller: "provider", input: d.label, problem, excerpt: excerptOf(a.text, at) });
    for (const p of commonProblems(a, secrets)) report(p.problem, p.at);
    if (a.status === 0 || a.status >= 500) return;
    if (a.status === 200) {
      if (!/"received":true/.test(a.text)) report("a delivery taken without saying so");
      return;
    }
    if (![400, 403, 413].includes(a.status)) {
      report(`unexpected HTTP ${a.status}`);
      return;
    }
    const answer = JSON.parse(a.text) as { error?: unknown; message?: unknown };
    if (typeof answer.error !== "string" || typeof answer.message !== "string" || answer.message.length < 8) report("a refusal without a reason and a sentence");
  });
  // Bytes fetch will not send: a NUL and raw high bytes in headers. Node's own parser answers them.
  for (const header of [Buffer.from("X-Service-Event: cashin.\u0000confirmed\r\n", "latin1"), Buffer.concat([Buffer.from("X-Service-Event: "), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from("\r\n")])]) {
    const head = Buffer.concat([Buffer.from(`POST ${intake} HTTP/1.1\r\nHost: 127.0.0.1:${DEMO_PORT}\r\nContent-Type: application/json\r\n`), header]);
    const status = await rawRequest(DEMO_PORT, head, Buffer.from(JSON.stringify({ transaction_id: pendingId })));
    requests++;
    webhookAnswers.set(status, (webhookAnswers.get(status) ?? 0) + 1);
    if (status === 0 || status >= 500) findings.push({ target: "webhook intake (raw bytes)", caller: "provider", input: header.toString("latin1").trim(), problem: `HTTP ${status}`, excerpt: "" });
  }
  // Nothing forged changes the mirror: once the worker has read every forged claim back, both rows
  // read as before, and an unknown id the forgeries named is not in the mirror.
  for (const id of [pendingId, paidId]) {
    await expect(async () => {
      await admin.page.goto(`/settings/webhooks?q=${id}`);
      await expect(admin.page.locator("tr[data-outcome=received]")).toHaveCount(0, { timeout: 2_000 });
    }, `every delivery naming ${id} processed`).toPass({ timeout: 120_000 });
  }
  console.log(`[fuzz] webhooks: ${deliveries.length + 2} deliveries, answers ${[...webhookAnswers].sort(([a], [b]) => a - b).map(([status, n]) => `${status} ×${n}`).join(", ")}`);
  expect({ pending: await mirrorRow(pendingId), paid: await mirrorRow(paidId) }, "nothing forged changes the mirror").toEqual(mirrorBefore);
  await admin.page.goto("/transactions?q=f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0");
  await expect(admin.page.getByTestId("tx-f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0")).toHaveCount(0);

  const after = await demoState(admin.page);
  await viewer.context.close();
  await admin.context.close();

  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`[fuzz] seed ${SEED}: ${actions.length} actions, ${routes.length} route handlers (${routes.map((r) => `${r.pattern.replace(/^app/, "")} ${r.methods.join("/")}`).join(", ")}), ${requests} requests, ${findings.length} findings, ${seconds} s`);
  const grouped = new Map<string, Finding[]>();
  for (const f of findings) grouped.set(`${f.target} | ${f.problem}`, [...(grouped.get(`${f.target} | ${f.problem}`) ?? []), f]);
  for (const [key, list] of grouped) console.log(`[fuzz] FINDING ×${list.length}: ${key}\n    caller: ${list[0]!.caller}; input: ${list[0]!.input}\n    answer: ${list[0]!.excerpt}`);

  expect.soft([...grouped.keys()], `findings (seed ${SEED})`).toEqual([]); // soft: the "nothing written" comparison is reported too
  expect(after, "nothing written: audit log, team, credentials, saved views, locale, approval policy, the sandbox's transactions").toEqual(before);
});
