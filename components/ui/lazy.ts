"use client";

import { useSyncExternalStore } from "react";

/**
 * A module loaded when it is first wanted, not with the page: a menu's or a dialog's code, asked for
 * on the first sign of intent (pointer over, focus, a click or a key) or once the page is idle. Its
 * trigger renders without it (same markup), and the component swaps to the loaded one when it
 * arrives; the server always renders the trigger alone, so hydration matches.
 */
export type LazyModule<T> = { load(): Promise<T>; get(): T | undefined; subscribe(listener: () => void): () => void };

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let promise: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      promise ??= importer().then(
        (m) => {
          value = m;
          listeners.forEach((l) => l());
          return m;
        },
        (e: unknown) => {
          promise = undefined; // a failed chunk load may be retried on the next intent
          throw e;
        },
      );
      return promise;
    },
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const serverSnapshot = () => undefined;

/** The module once loaded (undefined before, and always during the server render and hydration). */
export function useLazyModule<T>(m: LazyModule<T>): T | undefined {
  return useSyncExternalStore(m.subscribe, m.get, serverSnapshot);
}

/** Loads without waiting on the answer (a failure is retried on the next intent). */
export function preload(m: LazyModule<unknown>): void {
  m.load().catch(() => {});
}

/** Runs `fn` once the browser is idle after the page loaded; returns a cancel. */
export function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1000);
  return () => window.clearTimeout(id);
}
