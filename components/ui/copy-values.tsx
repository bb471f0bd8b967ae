"use client";

import type { MouseEvent } from "react";
import { useI18n } from "@/components/providers/i18n-provider";
import { toast } from "@/components/ui/toast";

/**
 * Wraps a list whose rows have `CopyValue` buttons (./copy-value.tsx): one click handler copies the
 * pressed button's `data-copy` and says so. The handler only receives the buttons' own clicks; the
 * buttons are the keyboard's way in.
 */
export function CopyValues({ children, className }: { children: React.ReactNode; className?: string }) {
  const { t } = useI18n();
  const onClick = async (e: MouseEvent<HTMLDivElement>) => {
    const button = (e.target as Element).closest<HTMLElement>("[data-copy]");
    if (!button?.dataset.copy) return;
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      toast({ title: t("common.copied") });
    } catch {
      // The clipboard can be refused (permissions, insecure origin): the value stays in its title.
    }
  };
  return (
    <div onClick={onClick} className={className}>
      {children}
    </div>
  );
}
