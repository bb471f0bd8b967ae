"use client";

import Link from "next/link";
import { useQueryState, parseAsString } from "nuqs";
import { ExternalLink, ShieldCheck } from "lucide-react";
import { useI18n } from "@/components/providers/i18n-provider";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { CopyButton } from "@/components/ui/copy-button";
import { Badge } from "@/components/ui/badge";
import { TransactionStatus } from "@/components/events/transaction-status";
import { formatDate, formatDateTime, formatMoney } from "@/lib/i18n/format";
import { kindLabel } from "@/lib/transactions/kind";
import { eventLabel } from "@/lib/events/event-names";
import type { TransactionDetailDto } from "@/lib/transactions/detail";
import type { MessageKey } from "@/lib/i18n/translate";

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[minmax(7rem,40%)_1fr] gap-2 py-1.5 text-sm" data-testid={testId}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Copyable({ value, label }: { value: string; label: string }) {
  const { t } = useI18n();
  return (
    <span className="inline-flex max-w-full items-center gap-1 font-mono text-xs">
      <span className="break-all">{value}</span>
      <CopyButton value={value} label={t("transactions.detail.copy", { label })} copiedLabel={t("common.copied")} />
    </span>
  );
}

const OUTCOME_VARIANT: Record<string, "success" | "destructive" | "warning" | "secondary" | "outline"> = {
  applied: "success",
  duplicate: "secondary",
  contradicted: "destructive",
  refused: "destructive",
  failed: "destructive",
  received: "warning",
  unknown_event: "outline",
};

/**
 * The detail of one transaction, addressed by `?tx=` (shareable, survives a reload). Closing it
 * drops `tx` from the URL without asking the server again. `detail` is null when the id is not in
 * the mirror of the environment shown.
 */
export function DetailSheet({ id, detail }: { id: string; detail: TransactionDetailDto | null }) {
  const { t, locale } = useI18n();
  const [tx, setTx] = useQueryState("tx", parseAsString.withOptions({ history: "push", scroll: false }));
  const money = (v: string | null, c: string | null) => (v && c ? formatMoney(v, c, locale) : "—");
  return (
    <Sheet open={tx === id} onOpenChange={(open) => !open && void setTx(null)}>
      <SheetContent className="w-full sm:max-w-lg" closeLabel={t("transactions.detail.close")} data-testid="tx-detail">
        <SheetHeader>
          <SheetTitle>{detail ? `${kindLabel(t, detail)} · ${money(detail.amount, detail.currency)}` : t("transactions.detail.title")}</SheetTitle>
          <SheetDescription className="font-mono text-xs break-all">{id}</SheetDescription>
        </SheetHeader>
        {!detail ? (
          <p className="px-4 text-sm text-muted-foreground">{t("transactions.detail.notFound")}</p>
        ) : (
          <div className="grid gap-5 px-4 pb-6">
            <section aria-labelledby="d-fields">
              <h3 id="d-fields" className="mb-1 text-sm font-semibold">
                {t("transactions.detail.fields")}
              </h3>
              <dl className="divide-y">
                <Field label={t("transactions.columns.status")} testId="detail-status">
                  <TransactionStatus status={detail.status} reportedStatus={detail.reportedStatus} t={t} /> <span className="text-xs text-muted-foreground">({detail.status})</span>
                </Field>
                <Field label={t("transactions.columns.date")}>{formatDateTime(detail.createdAt, locale)}</Field>
                {detail.expiresAt && <Field label={t("transactions.detail.expiresAt")}>{formatDateTime(detail.expiresAt, locale)}</Field>}
                {detail.finalSince && <Field label={t("transactions.detail.finalSince")}>{formatDateTime(detail.finalSince, locale)}</Field>}
                {detail.verifiedAt && (
                  <Field label={t("transactions.detail.verifiedAt")}>
                    <span className="inline-flex items-center gap-1">
                      <ShieldCheck aria-hidden className="size-3.5" />
                      {formatDateTime(detail.verifiedAt, locale)}
                    </span>
                  </Field>
                )}
                <Field label={t("transactions.detail.origin")}>{t(`transactions.detail.originValues.${detail.origin as "sync"}` as MessageKey)}</Field>
                {detail.payerName && (
                  <Field label={t("transactions.columns.payer")}>
                    {detail.payerName}
                    {detail.payerDocument && <span className="block font-mono text-xs text-muted-foreground">{detail.payerDocument}</span>}
                  </Field>
                )}
                {detail.direction && <Field label={t("transactions.detail.direction")}>{detail.direction}</Field>}
                {detail.description && <Field label={t("transactions.detail.description")}>{detail.description}</Field>}
                {detail.errorCode && (
                  <Field label={t("transactions.detail.errorCode")}>
                    <span className="font-mono text-xs">{detail.errorCode}</span>
                  </Field>
                )}
              </dl>
            </section>

            <section aria-labelledby="d-money">
              <h3 id="d-money" className="mb-1 text-sm font-semibold">
                {t("transactions.detail.money")}
              </h3>
              <dl className="divide-y">
                <Field label={t("transactions.columns.amount")} testId="detail-amount">
                  {money(detail.amount, detail.currency)}
                </Field>
                <Field label={t("transactions.columns.fee")}>{money(detail.fee, detail.currency)}</Field>
                <Field label={t("transactions.columns.net")}>{money(detail.amountNet, detail.currency)}</Field>
                {detail.counter && <Field label={t("transactions.detail.counter")}>{formatMoney(detail.counter.amount, detail.counter.currency, locale)}</Field>}
                {detail.split.length > 0 && (
                  <Field label={t("transactions.detail.split")}>
                    <ul>
                      {detail.split.map((s) => (
                        <li key={s.username}>{t("transactions.detail.splitShare", { username: s.username, share: s.kind === "percentage" ? `${s.share}%` : money(s.share, detail.currency) })}</li>
                      ))}
                    </ul>
                  </Field>
                )}
              </dl>
            </section>

            <section aria-labelledby="d-ids">
              <h3 id="d-ids" className="mb-1 text-sm font-semibold">
                {t("transactions.detail.ids")}
              </h3>
              <dl className="divide-y">
                <Field label={t("transactions.csv.transactionId")}>
                  <Copyable value={detail.transactionId} label={t("transactions.csv.transactionId")} />
                </Field>
                {detail.externalId && (
                  <Field label={t("transactions.csv.externalId")}>
                    <Copyable value={detail.externalId} label={t("transactions.csv.externalId")} />
                  </Field>
                )}
                {detail.e2eId && (
                  <Field label={t("transactions.csv.e2eId")} testId="detail-e2e">
                    <Copyable value={detail.e2eId} label={t("transactions.csv.e2eId")} />
                  </Field>
                )}
                {(detail.chain || detail.network) && <Field label={detail.chain ? t("transactions.detail.chain") : t("transactions.detail.network")}>{detail.chain ?? detail.network}</Field>}
                {detail.txHash && (
                  <Field label={t("transactions.csv.txHash")}>
                    <Copyable value={detail.txHash} label={t("transactions.csv.txHash")} />
                    {detail.explorerUrl && (
                      <a href={detail.explorerUrl} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex items-center gap-1 text-xs underline underline-offset-4">
                        {t("transactions.detail.explorer")}
                        <ExternalLink aria-hidden className="size-3" />
                      </a>
                    )}
                  </Field>
                )}
              </dl>
              {detail.chargeId && (
                <Link href={`/receive/${detail.chargeId}`} className="mt-2 inline-flex items-center gap-1 text-sm underline underline-offset-4" data-testid="detail-charge">
                  {t("transactions.detail.openCharge")}
                </Link>
              )}
            </section>

            {detail.boleto && (
              <section aria-labelledby="d-boleto">
                <h3 id="d-boleto" className="mb-1 text-sm font-semibold">
                  {t("transactions.detail.boleto")}
                </h3>
                <dl className="divide-y">
                  {detail.boleto.digitableLine && (
                    <Field label={t("transactions.detail.digitableLine")}>
                      <Copyable value={detail.boleto.digitableLine} label={t("transactions.detail.digitableLine")} />
                    </Field>
                  )}
                  {detail.boleto.barcode && (
                    <Field label={t("transactions.detail.barcode")}>
                      <Copyable value={detail.boleto.barcode} label={t("transactions.detail.barcode")} />
                    </Field>
                  )}
                  {detail.boleto.dueDate && <Field label={t("transactions.detail.dueDate")}>{formatDate(`${detail.boleto.dueDate}T12:00:00Z`, locale)}</Field>}
                  {detail.boleto.registration && (
                    <Field label={t("charges.code.registration")}>
                      <span data-testid="boleto-registration">{detail.boleto.registration === "registered" ? t("charges.code.registered") : t("charges.code.registrationPending")}</span>
                    </Field>
                  )}
                  {detail.boleto.pdfUrl && /^https?:\/\//.test(detail.boleto.pdfUrl) && (
                    <Field label={t("transactions.detail.pdf")}>
                      <a href={detail.boleto.pdfUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline underline-offset-4">
                        PDF <ExternalLink aria-hidden className="size-3" />
                      </a>
                    </Field>
                  )}
                </dl>
              </section>
            )}

            {(detail.disputes.length > 0 || (detail.type === "cashin" && detail.method === "PIX")) && (
              <section aria-labelledby="d-disputes" data-testid="detail-disputes">
                <h3 id="d-disputes" className="mb-1 text-sm font-semibold">
                  {t("transactions.detail.disputes")}
                </h3>
                {detail.disputes.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("transactions.detail.noDisputes")}</p>
                ) : (
                  <ul className="grid gap-2">
                    {detail.disputes.map((d) => (
                      <li key={d.infractionId} className="flex flex-wrap items-center gap-2 text-sm">
                        <Link href={`/infractions/${d.infractionId}`} className="font-medium underline-offset-4 hover:underline">
                          {d.type === "REFUND_REQUEST" || d.type === "FRAUD" ? t(`infractions.types.${d.type}`) : (d.type ?? t("transactions.detail.disputes"))}
                        </Link>
                        <Badge variant={d.status === "resolved" ? "secondary" : "warning"}>
                          {d.status === "open" || d.status === "responded" || d.status === "resolved" ? t(`infractions.statuses.${d.status}`) : d.status}
                        </Badge>
                        {d.amount && d.currency && <span className="amount">{money(d.amount, d.currency)}</span>}
                        {d.status !== "resolved" && d.deadlineAt && (
                          <span className="text-xs text-muted-foreground">{t("transactions.detail.disputeDue", { at: formatDateTime(d.deadlineAt, locale) })}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}

            <section aria-labelledby="d-timeline">
              <h3 id="d-timeline" className="mb-2 text-sm font-semibold">
                {t("transactions.detail.timeline")}
              </h3>
              {detail.timeline.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("transactions.detail.noWebhooks")}</p>
              ) : (
                <ol className="grid gap-3 border-l pl-4" data-testid="detail-timeline">
                  {detail.timeline.map((e) => (
                    <li key={e.id} className="relative text-sm" data-testid="timeline-entry">
                      <span aria-hidden className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-muted-foreground" />
                      <div className="flex flex-wrap items-center gap-2">
                        {eventLabel(t, e.event) && <span>{eventLabel(t, e.event)}</span>}
                        <span className="font-mono text-xs">{e.event ?? "—"}</span>
                        <Badge variant={OUTCOME_VARIANT[e.outcome] ?? "outline"}>{t(`transactions.detail.outcomes.${e.outcome}` as MessageKey)}</Badge>
                      </div>
                      <p className="text-xs text-muted-foreground">
                        {formatDateTime(e.at, locale)}
                        {e.sourceAddress && ` · ${t("transactions.detail.from", { address: e.sourceAddress })}`}
                        {e.verification?.apiStatus && ` · ${t("transactions.detail.verification", { status: e.verification.apiStatus })}`}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
