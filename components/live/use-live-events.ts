"use client";

import { useEffect, useEffectEvent, useRef, useState } from "react";
import { subscribe, type LiveState } from "./live-hub";

export type { LiveState } from "./live-hub";

/**
 * The member's live stream (/api/events) for `kinds`, in `environment` when given: the tab's one
 * stream, shared with every other listener (live-hub.ts). `onEvent` runs once per burst (events
 * 100 ms apart are one call). `after` is the newest live event id the caller's data already
 * reflects: anything newer, even from before this listener joined, is news to it.
 */
export function useLiveEvents({ kinds, environment, after, onEvent }: { kinds: string[]; environment?: string; after?: number; onEvent: () => void }): LiveState {
  const [state, setState] = useState<LiveState>("connecting");
  const handler = useEffectEvent(onEvent);
  const start = useRef(after);
  const kindsKey = kinds.join(",");

  useEffect(
    () => subscribe({ kinds: kindsKey.split(","), environment, after: start.current, notify: () => handler(), state: setState }),
    [kindsKey, environment],
  );

  return state;
}
