"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import type { PaletteAnswer } from "./options";

/** Pause after typing before asking the server. */
const DEBOUNCE_MS = 200;

async function fetchSearch(q: string, signal: AbortSignal): Promise<PaletteAnswer> {
  const res = await fetch(`/api/search?q=${encodeURIComponent(q)}`, { signal, headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  return (await res.json()) as PaletteAnswer;
}

/**
 * The palette's results as a query on the dashboard's one QueryClient (components/providers/
 * query-provider.tsx), keyed by the member's organisation and environment (`context`) and the text,
 * debounced. The request gets the query's AbortSignal: when the text changes, the query for the old
 * text loses its only observer and React Query aborts its request, so a slow answer to old text never
 * arrives late over the new one; the previous results stay shown meanwhile. `settled`: the results
 * shown are those of the text in the field.
 */
export function useSearch(text: string, context: string, enabled: boolean) {
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ["search", context, q],
    queryFn: ({ signal }) => fetchSearch(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
  return { ...query, settled: q === text.trim() && query.isSuccess && !query.isPlaceholderData };
}
