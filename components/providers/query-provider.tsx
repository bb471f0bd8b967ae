"use client";

import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: true },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The one QueryClient of a browser tab (a fresh one for each server render: nothing is shared
 * between requests there).
 */
function queryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  return (browserClient ??= makeQueryClient());
}

/**
 * Client-side reads (the search palette's results, Convert's live rate, the payment page's status)
 * are queries on the tab's one QueryClient; the live event stream invalidates them
 * (components/live/use-live-invalidation.ts) instead of each component polling by hand. React Query
 * loads only with what uses it: each of those parts puts this provider around itself (the shell has
 * none, so its code is not on every page), and every provider hands out the same client.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(queryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
