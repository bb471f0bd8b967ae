"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { Bell as BellList } from "@/lib/notifications/inbox";

/**
 * The bell's list, kept once per tab as React Query kept it before (the shell no longer loads React
 * Query for it): read when the bell first shows, again when the live stream says a notification was
 * made or a mark-read was saved (`refreshBell`), and when the member comes back to the tab or the
 * network comes back once a minute has passed since the last read. A failed read is tried once
 * more after a second; a newer read replaces one still under way.
 */
export type BellQuery = { data: BellList | undefined; isPending: boolean; isError: boolean };

const STALE_MS = 60_000;
const RETRY_MS = 1_000;
const initial: BellQuery = { data: undefined, isPending: true, isError: false };

let state = initial;
let readAt = 0;
let inFlight: { controller: AbortController; done: Promise<void> } | null = null;
let observers = 0;
const listeners = new Set<() => void>();

function set(next: Partial<BellQuery>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

async function fetchBell(signal: AbortSignal): Promise<BellList> {
  const res = await fetch("/api/notifications", { signal, headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`notifications: ${res.status}`);
  return (await res.json()) as BellList;
}

async function read(controller: AbortController): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const data = await fetchBell(controller.signal);
      if (controller.signal.aborted) return;
      readAt = Date.now();
      set({ data, isPending: false, isError: false });
      return;
    } catch {
      if (controller.signal.aborted) return;
      if (attempt >= 1) {
        set({ isError: true });
        return;
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
      if (controller.signal.aborted) return;
    }
  }
}

/** Reads the list now (a read under way gives way to it); settles when the list is updated. */
export function refreshBell(): Promise<void> {
  inFlight?.controller.abort();
  const controller = new AbortController();
  const done = read(controller).finally(() => {
    if (inFlight?.controller === controller) inFlight = null;
  });
  inFlight = { controller, done };
  return done;
}

function refreshIfStale() {
  if (!inFlight && Date.now() - readAt >= STALE_MS) void refreshBell();
}

function onVisible() {
  if (document.visibilityState === "visible") refreshIfStale();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The list for the bell and its panel. */
export function useBellList(): BellQuery {
  useEffect(() => {
    if (observers++ === 0) {
      document.addEventListener("visibilitychange", onVisible);
      window.addEventListener("online", refreshIfStale);
    }
    refreshIfStale();
    return () => {
      if (--observers === 0) {
        document.removeEventListener("visibilitychange", onVisible);
        window.removeEventListener("online", refreshIfStale);
      }
    };
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => initial,
  );
}
