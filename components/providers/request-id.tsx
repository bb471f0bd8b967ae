"use client";

/**
 * The id of the request a page came from (X-Request-Id), for the error pages: a member quotes it,
 * and it finds that request's log lines (its own, its API calls', the error's). The document's id
 * comes from the root layout; after that, the page's content arrives by the router's fetches
 * (navigations, refreshes, server actions), whose answers carry their own id: the last one is kept,
 * prefetches aside (they render nothing until a navigation uses them, and that navigation's own
 * fetch is then what failed).
 */
import { createContext, useContext, useEffect } from "react";

const RequestIdContext = createContext<string | null>(null);
let latest: string | null = null;
let watching = false;

/** Wraps window.fetch once to note the id of each answer the router renders (reading headers only). */
function watchRouterFetches() {
  if (watching || typeof window === "undefined") return;
  watching = true;
  const original = window.fetch;
  window.fetch = async function (input: RequestInfo | URL, init?: RequestInit) {
    const res = await original.call(this, input, init);
    try {
      const h = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      const rendered = (h.get("rsc") === "1" || h.has("next-action")) && !h.has("next-router-prefetch") && !h.has("next-router-segment-prefetch");
      const id = rendered ? res.headers.get("x-request-id") : null;
      if (id) latest = id;
    } catch {
      // not the router's: nothing to note
    }
    return res;
  };
}

export function RequestIdProvider({ id, children }: { id: string | null; children: React.ReactNode }) {
  useEffect(watchRouterFetches, []);
  return <RequestIdContext.Provider value={id}>{children}</RequestIdContext.Provider>;
}

/** The id of the request whose answer is on screen (null outside the provider). */
export function useRequestId(): string | null {
  const documentId = useContext(RequestIdContext);
  return latest ?? documentId;
}
