"use client";

import { Download } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { lazyModule } from "@/components/ui/lazy";
import { useIntent } from "@/components/ui/lazy-trigger";

/** "Export CSV"'s button, before and after its code loaded. */
export function ExportButtonFace(props: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button type="button" variant="outline" size="sm" data-testid="export-csv" {...props}>
      <Download aria-hidden />
      {t("transactions.export.button")}
    </Button>
  );
}

/** The export's code (./export-button-loaded.tsx): fetched when the pointer or focus comes to the button, or on its click. */
const exportCode = lazyModule(() => import("./export-button-loaded"));

/** Downloads the CSV of the current view; a click before the code arrived starts it once it has. */
export function ExportButton() {
  const { loaded, intent, openOnLoad, focused } = useIntent(exportCode);
  // A click starts the export, not a press (the click may land on the loaded button).
  const { onPointerDown: _press, ...before } = intent;
  if (loaded) return <loaded.ExportButton runOnLoad={openOnLoad} focusTrigger={focused} />;
  return <ExportButtonFace {...before} />;
}
