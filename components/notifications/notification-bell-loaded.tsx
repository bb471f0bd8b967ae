"use client";

import { useEffect, useState } from "react";
import { useLiveEvents } from "@/components/live/use-live-events";
import { lazyModule, preload } from "@/components/ui/lazy";
import { closedTrigger, useFocusOnMount, useIntent } from "@/components/ui/lazy-trigger";
import { refreshBell, useBellList } from "./bell-list";
import { BellButton } from "./notification-bell";

/** The list (a Radix Popover, marking read) loads on the first intent (./notification-panel.tsx). */
const panel = lazyModule(() => import("./notification-panel"));

/**
 * The app bar's bell once its code is here (./notification-bell.tsx draws the bell until then): the
 * unread count, and a list of the member's notifications (newest first), each opening what it is
 * about; mark one or all read. The list (./bell-list.ts) is read when the bell's code arrives, and
 * again when the live stream says a notification was made (not by polling). `openOnLoad`: the bell
 * was clicked before; `focusTrigger`: it had focus.
 */
export function NotificationBell({ openOnLoad, focusTrigger }: { openOnLoad?: boolean; focusTrigger?: boolean }) {
  const [open, setOpen] = useState(!!openOnLoad);
  const list = useBellList();
  useLiveEvents({ kinds: ["notification"], onEvent: () => void refreshBell() });
  const { loaded, intent, focused } = useIntent(panel, () => setOpen(true));
  const ref = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  useEffect(() => {
    if (openOnLoad) preload(panel);
    // Once, on mount: the click that came before this code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (loaded) return <loaded.NotificationPanel list={list} open={open} onOpenChange={setOpen} focusTrigger={focused} />;
  return <BellButton ref={ref} unread={list.data?.unread ?? 0} {...closedTrigger("dialog", "popover-trigger")} {...intent} />;
}
