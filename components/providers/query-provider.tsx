"use client";

import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

/**
 * The one QueryClient of a browser tab. Client-side reads (the search palette, the bell, the
 * payment page's status, Convert's live rate) are queries on it; the live event stream
 * invalidates them (useLiveInvalidation) instead of each component polling by hand.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: true },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
