"use client";

import { useId, useOptimistic, useRef, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { useI18n } from "@/components/providers/i18n-provider";
import { ACCOUNT_TABS, type AccountTab } from "@/lib/account/tabs";

const LIST = "inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground";
const TRIGGER =
  "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-4 py-1 text-sm font-medium whitespace-nowrap text-foreground transition-[color,box-shadow] outline-none data-[state=active]:bg-background data-[state=active]:shadow-sm dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";
const PANEL = "min-w-0 flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * Limits and fees as two tabs; the open one is in the URL (`?tab=fees`, lib/account/params.ts, read
 * by the server with nuqs), so it can be linked to and survives a reload. The server renders the open
 * one only (each is a long table: both made the page 400 KB); choosing the other marks it at once and
 * asks the server for its panel (the router's replace: no new history entry), its placeholder
 * meanwhile.
 *
 * The WAI-ARIA tabs pattern written out (roles, arrow keys, Home and End, selection follows focus)
 * rather than Radix Tabs and nuqs' client, ≈ 16 KiB gzipped of the page's JavaScript for two tabs
 * (issue 31); the transactions' sheet keeps components/ui/tabs.tsx.
 */
export function AccountTabs({ tab, panels }: { tab: AccountTab; panels: Record<AccountTab, React.ReactNode> }) {
  const { t } = useI18n();
  const router = useRouter();
  const pathname = usePathname();
  const id = useId();
  const [shown, show] = useOptimistic(tab);
  const [, startTransition] = useTransition();
  const triggers = useRef<Partial<Record<AccountTab, HTMLButtonElement | null>>>({});
  const choose = (next: AccountTab) => {
    if (next === shown) return;
    startTransition(() => {
      show(next);
      router.replace(next === "limits" ? pathname : `${pathname}?tab=${next}`, { scroll: false });
    });
  };
  const onKeyDown = (e: React.KeyboardEvent, i: number) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: ACCOUNT_TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = ACCOUNT_TABS[(to + ACCOUNT_TABS.length) % ACCOUNT_TABS.length]!;
    triggers.current[next]?.focus();
    choose(next);
  };
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="account-tabs">
      <div role="tablist" aria-label={t("account.tabs.label")} aria-orientation="horizontal" className={LIST}>
        {ACCOUNT_TABS.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              triggers.current[k] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${k}`}
            aria-selected={k === shown}
            aria-controls={`${id}-panel-${k}`}
            tabIndex={k === shown ? 0 : -1}
            data-state={k === shown ? "active" : "inactive"}
            className={TRIGGER}
            onClick={() => choose(k)}
            onKeyDown={(e) => onKeyDown(e, i)}
            data-testid={`account-tab-${k}`}
          >
            {t(`account.tabs.${k}`)}
          </button>
        ))}
      </div>
      {ACCOUNT_TABS.map((k) => (
        <div key={k} role="tabpanel" id={`${id}-panel-${k}`} aria-labelledby={`${id}-tab-${k}`} hidden={k !== shown} tabIndex={0} className={PANEL}>
          {panels[k]}
        </div>
      ))}
    </div>
  );
}
