"use client";

import { BookmarkPlus } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";

/** "Save view"'s button, before and after the dialog's code loaded. */
export function SaveViewButton(props: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button type="button" variant="outline" size="sm" className="h-7" {...props}>
      <BookmarkPlus aria-hidden />
      {t("transactions.views.save")}
    </Button>
  );
}

/** The dialog (Radix Dialog) loads on the first intent, not with the page (./save-view-dialog-loaded.tsx). */
const dialog = lazyModule(() => import("./save-view-dialog-loaded"));

/** "Save view" for the current filters (`current`: the query without page and open transaction). */
export function SaveViewDialog({ current }: { current: string }) {
  const { loaded, intent, openOnLoad, focused } = useIntent(dialog);
  if (loaded) return <loaded.SaveViewDialog current={current} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <SaveViewButton {...closedTrigger("dialog")} {...intent} />;
}
