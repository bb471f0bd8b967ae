"use client";

import * as React from "react";
import { Info } from "@/components/ui/icons";

import { cx } from "@/lib/class-join";
import { lazyModule } from "./lazy";
import { closedTrigger, useIntent } from "./lazy-trigger";

type InfoTipProps = { label: string; children: React.ReactNode; className?: string; contentClassName?: string; testId?: string };

/** The small "i" button. */
function InfoTipButton({ label, className, testId, ...props }: Omit<React.ComponentProps<"button">, "children"> & { label: string; testId?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      data-testid={testId}
      className={cx(
        "inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-accent data-[state=open]:text-foreground",
        className,
      )}
      {...props}
    >
      <Info aria-hidden className="size-4" />
    </button>
  );
}

/** The popover (Radix Popover) loads on the first intent on any InfoTip (./info-tip-popover.tsx). */
const popover = lazyModule(() => import("./info-tip-popover"));

/**
 * Where a figure comes from, how it is defined, when it was read: one click (or tap, or Enter) away
 * behind a small "i" button, instead of as text on the page. A popover rather than a hover tooltip,
 * so it opens on a phone too and may hold a link; Escape or a click outside closes it.
 */
function InfoTip(props: InfoTipProps) {
  const { loaded, intent, openOnLoad, focused } = useIntent(popover);
  if (loaded) return <loaded.InfoTipPopover {...props} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <InfoTipButton label={props.label} className={props.className} testId={props.testId} {...closedTrigger("dialog")} {...intent} />;
}

export { InfoTip, InfoTipButton, type InfoTipProps };
