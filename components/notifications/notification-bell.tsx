"use client";

import { useEffect } from "react";
import { Bell } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { cx } from "@/lib/class-join";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule, preload, whenIdle } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";

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

/** The bell's code (./notification-bell-loaded.tsx: its list, read and kept live, and the panel's loader): fetched once the page is idle, or at once on intent. */
const bell = lazyModule(() => import("./notification-bell-loaded"));

/**
 * The app bar's bell. Drawn alone with the page; its code follows once the page is idle (or on the
 * first hover, focus or click), then reads the member's list and shows the unread count. A click
 * before it arrived opens the list once it has.
 */
export function NotificationBell() {
  const { loaded, intent, openOnLoad, focused } = useIntent(bell);
  useEffect(() => whenIdle(() => preload(bell)), []);
  // A popover opens on click, not on pointer down: the press only fetches the code.
  const { onPointerDown: _press, ...before } = intent;
  if (loaded) return <loaded.NotificationBell openOnLoad={openOnLoad} focusTrigger={focused} />;
  return <BellButton unread={0} {...closedTrigger("dialog", "popover-trigger")} {...before} />;
}
