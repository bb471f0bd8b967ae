"use client";
/**
 * Bulk payouts: choose a CSV (a template is offered), see every row checked with its error before
 * anything is sent, then confirm "Send 47 payouts (3 rows skipped)". The confirmation writes the batch
 * under a token fixed when the file was chosen, so a double click or a retry is one batch; sending
 * money asks for the password again when the last proof is old (useReauth).
 */
import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { AlertTriangle, CheckCircle2, Download, FileUp } from "@/components/ui/icons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/plain-button";
import { ConfirmDialog } from "@/components/shell/confirm-dialog";
import { DropZone } from "@/components/ui/drop-zone";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { formatMoney } from "@/lib/i18n/format";
import { cx } from "@/lib/class-join";
import { createBatchAction, previewBulkAction, type Preview } from "@/app/(dashboard)/send/bulk/actions";

const BULK_KINDS = ["pix", "spei", "crypto"] as const;

type Chosen = { fileName: string; text: string; token: string; preview: Extract<Preview, { ok: true }> };

export function BulkUpload({ template, maxRows, maxKb, environment }: { template: string; maxRows: number; maxKb: number; environment: string }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const withReauth = useReauth();
  const inputId = useId();
  const [checking, startChecking] = useTransition();
  const [sending, startSending] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);

  const choose = (file: File | undefined) => {
    setError(null);
    setChosen(null);
    if (!file) return;
    if (!/\.csv$/i.test(file.name) && file.type !== "text/csv") {
      setError(t("bulk.notCsv"));
      return;
    }
    startChecking(async () => {
      const text = await file.text();
      const r = await previewBulkAction({ fileName: file.name, text });
      if (!r.ok) return setError(r.error.message);
      if (!r.data.ok) return setError(r.data.error);
      setChosen({ fileName: file.name, text, token: crypto.randomUUID(), preview: r.data });
      setOnlyErrors(false);
    });
  };

  const reset = () => {
    setChosen(null);
    setError(null);
  };

  const send = () => {
    if (!chosen) return;
    startSending(async () => {
      const r = await withReauth(() => createBatchAction({ fileName: chosen.fileName, text: chosen.text, token: chosen.token }));
      if (!r.ok) {
        if (r.error.code !== "REAUTH_CANCELLED") toast({ title: r.error.message, variant: "destructive" });
        return;
      }
      toast({ title: t(r.data.state === "awaiting_approval" ? "bulk.preview.createdHeld" : "bulk.preview.created"), variant: "success" });
      router.push(`/send/bulk/${r.data.id}`);
    });
  };

  const p = chosen?.preview;
  const totals = p ? Object.entries(p.totals).map(([c, a]) => formatMoney(a, c, locale)).join(" · ") : "";
  const rows = p ? (onlyErrors ? p.rows.filter((r) => r.errors.length) : p.rows) : [];
  const counts = p ? { valid: p.valid, invalid: p.invalid } : { valid: 0, invalid: 0 };
  // The type in the member's words when it is one; as typed (it is then the row's error) otherwise.
  const kindLabel = (kind: string) => (BULK_KINDS.includes(kind as (typeof BULK_KINDS)[number]) ? t(`send.kinds.${kind as (typeof BULK_KINDS)[number]}`) : kind || "—");

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(template)}`}
          download="bulk-payouts-template.csv"
          data-testid="bulk-template"
          data-slot="button"
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden /> {t("bulk.template")}
        </a>
      </div>
      <p className="text-sm text-muted-foreground">{t("bulk.templateHelp")}</p>
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>{t("bulk.file")}</Label>
        <DropZone
          id={inputId}
          accept=".csv,text/csv"
          disabled={checking || sending}
          prompt={t("bulk.dropHere")}
          choose={t("bulk.choose")}
          hint={t("bulk.fileHelp", { rows: maxRows.toLocaleString(locale), kb: maxKb })}
          onFiles={(files) => choose(files[0])}
          className="max-w-xl"
          data-testid="bulk-drop-zone"
        />
      </div>
      {checking && (
        <p className="inline-flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> {t("bulk.checking")}
        </p>
      )}
      {error && (
        <Alert variant="destructive" data-testid="bulk-file-error">
          <AlertTriangle aria-hidden />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {chosen && p && (
        <section className="grid gap-3" aria-labelledby={`${inputId}-preview`} data-testid="bulk-preview">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`${inputId}-preview`} className="text-base font-semibold break-all">
              {t("bulk.preview.title", { file: chosen.fileName })}
            </h3>
            <p className="text-sm" data-testid="bulk-summary">
              {t("bulk.preview.summary", counts)}
            </p>
          </div>
          {p.valid > 0 && (
            <div role="group" aria-label={t("bulk.preview.totalsLabel")} data-testid="bulk-totals">
              <dl className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-2">
                {Object.entries(p.totals).map(([currency, total]) => (
                  <div key={currency} className="grid gap-0.5 rounded-md border bg-muted/40 px-3 py-2" data-testid="bulk-total" data-currency={currency}>
                    <dt className="text-xs text-muted-foreground">{t("bulk.preview.totalIn", { currency, count: p.counts[currency] ?? 0 })}</dt>
                    <dd className="text-base font-semibold tabular-nums">{formatMoney(total, currency, locale)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {p.held && (
            <Alert variant="warning">
              <AlertTriangle aria-hidden />
              <AlertDescription>{t("bulk.preview.willWait")}</AlertDescription>
            </Alert>
          )}
          {p.invalid > 0 && (
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
              {t("bulk.preview.onlyErrors")}
            </label>
          )}
          <Table containerClassName="hidden max-h-[32rem] border sm:block" containerLabel={t("bulk.preview.caption")}>
            <TableCaption className="sr-only">{t("bulk.preview.caption")}</TableCaption>
            <TableHeader className="sticky top-0 z-10 bg-card">
              <TableRow>
                <TableHead className="w-14 text-right">{t("bulk.preview.row")}</TableHead>
                <TableHead>{t("bulk.preview.type")}</TableHead>
                <TableHead className="text-right">{t("bulk.preview.amount")}</TableHead>
                <TableHead>{t("bulk.preview.recipient")}</TableHead>
                <TableHead>{t("bulk.preview.check")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => {
                const bad = r.errors.length > 0;
                return (
                  <TableRow key={r.line} data-testid="bulk-row" data-line={r.line} data-invalid={bad || undefined} className={cx(bad && "bg-destructive/5")}>
                    <TableCell className="text-right font-mono text-xs tabular-nums">{r.line}</TableCell>
                    <TableCell>{kindLabel(r.kind)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">{!bad && r.currency ? formatMoney(r.amount, r.currency, locale) : r.amount || "—"}</TableCell>
                    <TableCell className="max-w-[18rem] truncate font-mono text-xs" title={r.recipient}>
                      {r.recipient || "—"}
                    </TableCell>
                    <TableCell className="min-w-[16rem] whitespace-normal">
                      {bad ? (
                        <ul className="grid gap-0.5 text-xs text-destructive" data-testid="bulk-row-errors">
                          {r.errors.map((e) => (
                            <li key={e}>{e}</li>
                          ))}
                        </ul>
                      ) : (
                        <Badge variant="success">
                          <CheckCircle2 aria-hidden /> {t("bulk.preview.ready")}
                        </Badge>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {/* Phones: one card per row, its errors in full (a table would hide them off to the side). */}
          {/* Scrolls on its own, so a keyboard can reach it too (as Table's container). */}
          <div tabIndex={0} role="region" aria-label={t("bulk.preview.caption")} className="max-h-[32rem] overflow-y-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:hidden">
            <ul className="grid gap-2">
              {rows.map((r) => {
                const bad = r.errors.length > 0;
                return (
                  <li key={r.line} className={cx("grid gap-0.5 rounded-md border p-2.5 text-sm", bad && "border-destructive/40 bg-destructive/5")} data-testid="bulk-row-card" data-line={r.line}>
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium">
                        {t("bulk.preview.row")} {r.line} · {kindLabel(r.kind)} · {!bad && r.currency ? formatMoney(r.amount, r.currency, locale) : r.amount || "—"}
                      </span>
                      {!bad && (
                        <Badge variant="success">
                          <CheckCircle2 aria-hidden /> {t("bulk.preview.ready")}
                        </Badge>
                      )}
                    </span>
                    <span className="truncate font-mono text-xs text-muted-foreground">{r.recipient || "—"}</span>
                    {r.errors.map((e) => (
                      <span key={e} className="text-xs text-destructive">
                        {e}
                      </span>
                    ))}
                  </li>
                );
              })}
            </ul>
          </div>
          {p.valid === 0 ? (
            <p className="text-sm text-destructive">{t("bulk.preview.none")}</p>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <ConfirmDialog
                trigger={
                  <Button disabled={sending} data-testid="bulk-send">
                    <FileUp aria-hidden /> {t(p.held ? "bulk.preview.request" : "bulk.preview.send", counts)}
                  </Button>
                }
                title={t("bulk.preview.confirmTitle", counts)}
                description={p.held ? t("bulk.preview.confirmHeld", { totals, invalid: p.invalid }) : t("bulk.preview.confirmBody", { totals, invalid: p.invalid, environment: t(`environments.${environment as "sandbox"}`) })}
                confirm={t(p.held ? "bulk.preview.confirmRequest" : "bulk.preview.confirm")}
                onConfirm={send}
              />
              <Button variant="ghost" onClick={reset} disabled={sending}>
                {t("bulk.preview.another")}
              </Button>
              {sending && <Spinner />}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
