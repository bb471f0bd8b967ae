"use client";

/**
 * The CSV export (./export-button.tsx draws its button alone until this loads, on the first intent
 * on it): the server streams the file of the current view; the browser counts its lines as they come
 * and saves the file at the end, then says how many rows it holds, or why it failed, in a toast.
 */
import { useEffect, useState } from "react";
import { useSearchParams } from "next/navigation";
import { useI18n } from "@/components/providers/i18n-provider";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { toast } from "@/components/ui/toast";
import type { Locale } from "@/lib/db/schema";
import { formatNumber } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";
import { saveFile } from "@/lib/save-file";
import { ExportButtonFace } from "./export-button";

async function exportCsv(search: string, t: Translate, locale: Locale, onProgress: (p: { rows: number; total: number }) => void): Promise<void> {
  const p = new URLSearchParams(search);
  p.delete("page");
  p.delete("size");
  p.delete("tx");
  // The file has every column, whichever the list shows.
  p.delete("cols");
  try {
    const res = await fetch(`/api/transactions/export?${p.toString()}`);
    if (!res.ok || !res.body) throw new Error(t(res.status === 401 ? "errors.unauthenticated" : res.status === 403 ? "errors.forbidden" : "errors.genericTitle"));
    const total = Number(res.headers.get("x-total-count") ?? 0);
    const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "transactions.csv";
    const chunks: Uint8Array[] = [];
    let lines = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      for (const b of value) if (b === 10) lines++;
      onProgress({ rows: Math.max(0, lines - 1), total });
    }
    saveFile(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }), name);
    toast({ title: t("transactions.export.done", { rows: formatNumber(Math.max(0, lines - 1), locale) }), variant: "success" });
  } catch (e) {
    // A dropped connection surfaces as a TypeError in the browser's own words: say it in ours.
    const message = e instanceof TypeError ? t("errors.genericTitle") : (e as Error).message;
    toast({ title: t("transactions.export.failed", { message }), variant: "destructive" });
  }
}

/** The button, and how many rows have arrived out of how many while the file comes. `runOnLoad`: it was clicked before this code arrived. */
export function ExportButton({ runOnLoad, focusTrigger }: { runOnLoad?: boolean; focusTrigger?: boolean }) {
  const { t, locale } = useI18n();
  const params = useSearchParams();
  // Clicked before the code arrived: under way from the first render.
  const [progress, setProgress] = useState<{ rows: number; total: number } | null>(runOnLoad ? { rows: 0, total: 0 } : null);
  const ref = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  const download = () => void exportCsv(params.toString(), t, locale, setProgress).then(() => setProgress(null));
  const run = () => {
    setProgress({ rows: 0, total: 0 });
    download();
  };
  useEffect(() => {
    if (runOnLoad) download();
    // Once, on mount: the click that came before the code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="flex items-center gap-2">
      {progress && (
        <span role="status" className="text-xs text-muted-foreground tabular-nums" data-testid="export-progress">
          {t("transactions.export.exporting", { rows: formatNumber(progress.rows, locale), total: formatNumber(progress.total, locale) })}
        </span>
      )}
      <ExportButtonFace ref={ref} onClick={run} disabled={progress !== null} />
    </div>
  );
}
