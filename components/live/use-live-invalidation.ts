"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useLiveEvents, type LiveState } from "./use-live-events";

/**
 * Invalidates the queries under `queryKey` whenever an event of `kinds` arrives (see useLiveEvents).
 * Apart from ./use-live-events.ts so that the stream itself (the shell's bell, live pages) does not
 * bring React Query with it.
 */
export function useLiveInvalidation({ kinds, environment, queryKey }: { kinds: string[]; environment?: string; queryKey: QueryKey }): LiveState {
  const client = useQueryClient();
  return useLiveEvents({ kinds, environment, onEvent: () => void client.invalidateQueries({ queryKey }) });
}
