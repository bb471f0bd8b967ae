"use client";

import { useEffect, useEffectEvent, useRef, useState } from "react";

export type LiveState = "connecting" | "live" | "reconnecting";

/**
 * The member's live stream (/api/events, server-sent events) for `kinds`, in `environment` when
 * given. `onEvent` runs once per burst (events 100 ms apart are one call). `after` is the newest
 * live event id the caller's data already reflects: the stream starts there, so nothing between
 * the render and the connection is missed; EventSource resumes by itself with Last-Event-ID.
 */
export function useLiveEvents({ kinds, environment, after, onEvent }: { kinds: string[]; environment?: string; after?: number; onEvent: () => void }): LiveState {
  const [state, setState] = useState<LiveState>("connecting");
  const handler = useEffectEvent(onEvent);
  const start = useRef(after);
  const kindsKey = kinds.join(",");

  useEffect(() => {
    const source = new EventSource(start.current === undefined ? "/api/events" : `/api/events?after=${start.current}`);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const listener = (e: MessageEvent<string>) => {
      try {
        const data = JSON.parse(e.data) as { environment?: string };
        if (environment && data.environment && data.environment !== environment) return;
      } catch {
        return;
      }
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => handler(), 100);
    };
    const list = kindsKey.split(",");
    for (const k of list) source.addEventListener(k, listener as EventListener);
    source.onopen = () => setState("live");
    source.onerror = () => setState("reconnecting");
    return () => {
      for (const k of list) source.removeEventListener(k, listener as EventListener);
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [kindsKey, environment]);

  return state;
}
