import "server-only";
import compile from "icu-minify/compile";
import type { CompiledMessage } from "icu-minify/format";

/** A part of the dictionary with each message precompiled (icu-minify): what the browser formats. */
export type CompiledMessages = { [key: string]: CompiledMessage | CompiledMessages };

type Tree = { [key: string]: string | Tree };

/** Every message of `messages` compiled, in the same tree (the server does it once per part and language). */
export function compileMessages(messages: object): CompiledMessages {
  const out: CompiledMessages = {};
  // icu-minify's plural and select options are null-prototype objects, which React will not pass to
  // a client component: a JSON round trip makes them plain (once per part and language).
  for (const [k, v] of Object.entries(messages as Tree)) out[k] = typeof v === "string" ? (JSON.parse(JSON.stringify(compile(v))) as CompiledMessage) : compileMessages(v);
  return out;
}

const whole = new Map<string, CompiledMessages>();
/** The whole dictionary of a language, compiled once: a benchmark's baseline only (lib/perf-baseline.ts). */
export function compileDictionary(locale: string, messages: object): CompiledMessages {
  let c = whole.get(locale);
  if (!c) whole.set(locale, (c = compileMessages(messages)));
  return c;
}
