"use client";

import { useState } from "react";
import { Bell } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { cx } from "@/lib/class-join";
import { useI18n } from "@/components/providers/i18n-provider";
import { useLiveEvents } from "@/components/live/use-live-events";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import { refreshBell, useBellList } from "./bell-list";

/** The bell button: the unread count, read out in its name. */
export function BellButton({ unread, className, ...props }: ButtonProps & { unread: number }) {
  const { t } = useI18n();
  const label = unread > 0 ? t("notifications.bell.buttonUnread", { count: unread }) : t("notifications.bell.button");
  return (
    <Button variant="ghost" size="icon" aria-label={label} data-testid="notification-bell" data-unread={unread} {...props} className={cx("relative size-10", className)}>
      <Bell aria-hidden />
      {unread > 0 && (
        <span aria-hidden className="absolute right-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground tabular-nums">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Button>
  );
}

/** The list (a Radix Popover, marking read) loads on the first intent (./notification-panel.tsx). */
const panel = lazyModule(() => import("./notification-panel"));

/**
 * The app bar's bell: the unread count, and a list of the member's notifications (newest first),
 * each opening what it is about; mark one or all read. The list (./bell-list.ts) is read again when
 * the live stream says a notification was made (not by polling).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const list = useBellList();
  useLiveEvents({ kinds: ["notification"], onEvent: () => void refreshBell() });
  const { loaded, intent, focused } = useIntent(panel, () => setOpen(true));
  if (loaded) return <loaded.NotificationPanel list={list} open={open} onOpenChange={setOpen} focusTrigger={focused} />;
  return <BellButton unread={list.data?.unread ?? 0} {...closedTrigger("dialog", "popover-trigger")} {...intent} />;
}
