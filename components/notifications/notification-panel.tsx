"use client";

import Link from "@/components/ui/link";
import { useState } from "react";
import { Check, CheckCheck, Settings2 } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { toast } from "@/components/ui/toast";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatShortDateTime } from "@/lib/i18n/format";
import { markNotificationsReadAction } from "@/app/(dashboard)/notifications/actions";
import { cn } from "@/lib/utils";
import { BellButton } from "./notification-bell";
import { refreshBell, type BellQuery } from "./bell-list";

/** The bell's list, as a popover (./notification-bell.tsx renders the bell until this loads). */
export function NotificationPanel({
  list,
  open,
  onOpenChange,
  focusTrigger,
}: {
  list: BellQuery;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focusTrigger?: boolean;
}) {
  const { t, locale } = useI18n();
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  // Saving a mark-read, then reading the list again: the buttons stay disabled until both are done.
  const [marking, setMarking] = useState(false);
  const mark = {
    isPending: marking,
    mutate: (input: { ids: number[] } | { all: true }) => {
      setMarking(true);
      void (async () => {
        try {
          const result = await markNotificationsReadAction(input);
          if (!result.ok) throw new Error(result.error.message);
          await refreshBell();
        } catch (e) {
          toast({ title: (e as Error).message, variant: "destructive" });
        } finally {
          setMarking(false);
        }
      })();
    },
  };
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <BellButton ref={triggerRef} unread={unread} />
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96 max-w-[calc(100vw-1rem)] p-0" aria-labelledby="notifications-title" data-testid="notification-list">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 id="notifications-title" className="text-sm font-semibold">
            {t("notifications.bell.title")}
          </h2>
          <Button variant="ghost" size="sm" disabled={unread === 0 || mark.isPending} onClick={() => mark.mutate({ all: true })}>
            <CheckCheck aria-hidden /> {t("notifications.bell.markAllRead")}
          </Button>
        </div>
        {list.isError && !list.data ? (
          <p role="alert" className="px-3 py-6 text-center text-sm text-muted-foreground">
            {t("notifications.bell.loadFailed")}
          </p>
        ) : items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{list.isPending ? "…" : t("notifications.bell.empty")}</p>
        ) : (
          <ul className="max-h-[min(28rem,70dvh)] divide-y overflow-y-auto">
            {items.map((n) => (
              <li key={n.id} className={cn("relative flex gap-2 px-3 py-2.5", !n.read && "bg-accent/40")} data-testid="notification" data-kind={n.kind} data-read={n.read}>
                <span aria-hidden className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.read ? "bg-transparent" : "bg-primary")} />
                <Link
                  href={n.href}
                  className="min-w-0 flex-1 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => {
                    if (!n.read) mark.mutate({ ids: [n.id] });
                    onOpenChange(false);
                  }}
                >
                  <span className="block text-sm font-medium">
                    {!n.read && <span className="sr-only">{t("notifications.bell.unread")}: </span>}
                    {n.title}
                  </span>
                  <span className="line-clamp-3 block whitespace-pre-line text-sm text-muted-foreground">{n.body}</span>
                  <time dateTime={n.at} className="block text-xs text-muted-foreground">
                    {formatShortDateTime(n.at, locale)}
                  </time>
                </Link>
                {!n.read && (
                  <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`${t("notifications.bell.markRead")}: ${n.title}`} disabled={mark.isPending} onClick={() => mark.mutate({ ids: [n.id] })}>
                    <Check aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="border-t px-3 py-2">
          <Link href="/settings/preferences#notifications" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:underline" onClick={() => onOpenChange(false)}>
            <Settings2 className="size-4" aria-hidden /> {t("notifications.bell.preferences")}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
