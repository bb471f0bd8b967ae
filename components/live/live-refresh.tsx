"use client";

import { useRouter } from "next/navigation";
import { useI18n } from "@/components/providers/i18n-provider";
import { cx } from "@/lib/class-join";
import { useLiveEvents } from "./use-live-events";

/**
 * Keeps a server-rendered page current: listens to the member's live stream (/api/events) and
 * re-renders the page (router.refresh, which keeps scroll and form state) when an event of one of
 * `kinds` arrives for the environment shown. `after` is the newest live event id when the page read
 * its data (read before the data): the stream starts there, so an event landing between the render
 * and the connection is not missed. EventSource reconnects by itself and sends Last-Event-ID, so
 * nothing is missed across a reconnection either.
 */
export function LiveRefresh({ kinds, environment, after, className }: { kinds: string[]; environment: string; after: number; className?: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const state = useLiveEvents({ kinds, environment, after, onEvent: () => router.refresh() });

  return (
    <span className={cx("inline-flex items-center gap-1.5 text-xs text-muted-foreground", className)} role="status" data-live-state={state}>
      <span aria-hidden className={cx("size-2 rounded-full", state === "live" ? "bg-success" : "bg-muted-foreground/50", state === "reconnecting" && "animate-pulse")} />
      {state === "live" ? t("live.live") : state === "reconnecting" ? t("live.reconnecting") : t("live.connecting")}
    </span>
  );
}
