/**
 * One live stream (/api/events) per browser tab, shared by every component that listens: the page's
 * LiveRefresh, the bell, the palette. A browser keeps at most six HTTP/1.1 connections to a host, and
 * a stream holds one for as long as the page is open: one stream a listener meant that three tabs
 * left no connection for the pages themselves.
 *
 * A listener says from which event on its data needs news (`after`, the newest event id when its
 * page read its data; none: from now). The stream tells where it starts (a `ready` event with its
 * cursor), and the hub keeps the last events it passed on (their id, kind and environment): a
 * listener that joins later is told at once of what it missed, and when the stream started after
 * the listener's `after`, it is told once as well (something may have happened in between).
 * EventSource reconnects by itself with Last-Event-ID, so nothing is missed across a reconnection.
 */
import { LIVE_KINDS } from "@/lib/events/live-kinds";

export type LiveState = "connecting" | "live" | "reconnecting";

type Listener = {
  kinds: Set<string>;
  environment?: string;
  /** called once per burst of matching events (events 100 ms apart are one call) */
  notify: () => void;
  state: (s: LiveState) => void;
  timer: ReturnType<typeof setTimeout> | null;
  /** the newest event id the listener's data reflects; none: from now */
  after?: number;
  /** whether what it missed before the stream began has been looked at (needs the stream's cursor) */
  checked: boolean;
};

type Seen = { id: number; kind: string; environment?: string };

const KEEP = 200;
/** How long the stream stays open with nobody listening (a page being replaced by the next one). */
const LINGER_MS = 2_000;

let source: EventSource | null = null;
let state: LiveState = "connecting";
/** Every event after this id is in `seen` (the stream's first cursor, then the last one dropped from it). */
let floor: number | null = null;
const seen: Seen[] = [];
/** The newest event id the stream passed on (ids are one sequence for every organisation). */
let newest: number | null = null;
const listeners = new Set<Listener>();
let closeTimer: ReturnType<typeof setTimeout> | null = null;

function matches(l: Listener, kind: string, environment: string | undefined): boolean {
  return l.kinds.has(kind) && !(l.environment && environment && environment !== l.environment);
}

function poke(l: Listener): void {
  if (l.timer) clearTimeout(l.timer);
  l.timer = setTimeout(() => {
    l.timer = null;
    l.notify();
  }, 100);
}

function setState(s: LiveState): void {
  state = s;
  for (const l of listeners) l.state(s);
}

function onEvent(kind: string, e: MessageEvent<string>): void {
  let environment: string | undefined;
  try {
    environment = (JSON.parse(e.data) as { environment?: string }).environment;
  } catch {
    return;
  }
  const id = Number(e.lastEventId);
  if (Number.isSafeInteger(id)) {
    newest = Math.max(newest ?? id, id);
    seen.push({ id, kind, environment });
    if (seen.length > KEEP) floor = seen.shift()!.id;
  }
  for (const l of listeners) if (matches(l, kind, environment)) poke(l);
}

/** Tells a listener of what its data missed, once the stream's start is known. */
function check(l: Listener): void {
  if (l.checked || floor === null) return;
  l.checked = true;
  if (l.after === undefined) return;
  const after = l.after;
  if (floor > after || seen.some((s) => s.id > after && matches(l, s.kind, s.environment))) poke(l);
}

function open(after: number | undefined): void {
  source = new EventSource(after === undefined ? "/api/events" : `/api/events?after=${after}`);
  state = "connecting";
  floor = null;
  newest = null;
  seen.length = 0;
  // Sent first on every connection (a reconnection's is where it resumes: the first one counts).
  source.addEventListener("ready", ((e: MessageEvent<string>) => {
    if (floor !== null) return;
    try {
      const cursor = (JSON.parse(e.data) as { cursor?: number }).cursor;
      floor = typeof cursor === "number" ? cursor : Number.MAX_SAFE_INTEGER;
    } catch {
      floor = Number.MAX_SAFE_INTEGER; // not known: every listener with an `after` is told once
    }
    for (const l of listeners) check(l);
  }) as EventListener);
  source.onopen = () => setState("live");
  source.onerror = () => setState("reconnecting");
  // Every kind, whoever listens now: a listener that joins later is told of what it missed.
  for (const kind of LIVE_KINDS) source.addEventListener(kind, ((e: MessageEvent<string>) => onEvent(kind, e)) as EventListener);
}

/**
 * Listens to `kinds` (in `environment` when given) on the tab's stream; `after`: the newest event
 * id the caller's data reflects. Returns the function that stops listening.
 */
export function subscribe(opts: { kinds: string[]; environment?: string; after?: number; notify: () => void; state: (s: LiveState) => void }): () => void {
  const l: Listener = { kinds: new Set(opts.kinds), environment: opts.environment, notify: opts.notify, state: opts.state, timer: null, after: opts.after, checked: false };
  if (closeTimer) {
    clearTimeout(closeTimer);
    closeTimer = null;
  }
  listeners.add(l);
  if (!source) open(opts.after);
  else {
    opts.state(state);
    // What this listener's data missed: passed on before it joined, or before the stream began.
    check(l);
  }
  return () => {
    listeners.delete(l);
    if (l.timer) clearTimeout(l.timer);
    if (listeners.size === 0) {
      closeTimer = setTimeout(() => {
        closeTimer = null;
        if (listeners.size > 0) return;
        source?.close();
        source = null;
      }, LINGER_MS);
    }
  };
}

/**
 * The member now works in another organisation (the stream is the organisation's it was opened in):
 * opened again, from the newest event passed on. Call it before the page renders the organisation
 * (router.refresh): its listeners then have data newer than anything missed, so nothing is replayed.
 */
export function restartLiveStream(): void {
  if (!source) return;
  const from = newest ?? (floor !== null && floor < Number.MAX_SAFE_INTEGER ? floor : undefined);
  source.close();
  open(from);
  for (const l of listeners) l.checked = true;
}
