"use client";

import { useState } from "react";
import { useSearchParams } from "next/navigation";
import { Download } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { formatNumber } from "@/lib/i18n/format";
import { saveFile } from "@/lib/save-file";

/**
 * Downloads the CSV of the current view, showing how many rows have arrived out of how many. The
 * server streams the file; the browser counts lines as they come and saves the file at the end.
 */
export function ExportButton() {
  const { t, locale } = useI18n();
  const params = useSearchParams();
  const [progress, setProgress] = useState<{ rows: number; total: number } | null>(null);

  const run = async () => {
    const p = new URLSearchParams(params.toString());
    p.delete("page");
    p.delete("size");
    p.delete("tx");
    // The file has every column, whichever the list shows.
    p.delete("cols");
    setProgress({ rows: 0, total: 0 });
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
        setProgress({ rows: Math.max(0, lines - 1), total });
      }
      saveFile(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }), name);
      toast({ title: t("transactions.export.done", { rows: formatNumber(Math.max(0, lines - 1), locale) }), variant: "success" });
    } catch (e) {
      // A dropped connection surfaces as a TypeError in the browser's own words: say it in ours.
      const message = e instanceof TypeError ? t("errors.genericTitle") : (e as Error).message;
      toast({ title: t("transactions.export.failed", { message }), variant: "destructive" });
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="flex items-center gap-2">
      {progress && (
        <span role="status" className="text-xs text-muted-foreground tabular-nums" data-testid="export-progress">
          {t("transactions.export.exporting", { rows: formatNumber(progress.rows, locale), total: formatNumber(progress.total, locale) })}
        </span>
      )}
      <Button type="button" variant="outline" size="sm" onClick={run} disabled={progress !== null} data-testid="export-csv">
        <Download aria-hidden />
        {t("transactions.export.button")}
      </Button>
    </div>
  );
}
