"use client";

import { useState } from "react";
import Link from "@/components/ui/link";
import { useQueryState, parseAsString } from "nuqs";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Check, Download, ExternalLink, Link2, ReceiptText } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Badge } from "@/components/ui/badge";
import { shownStatus, TransactionStatus } from "@/components/events/transaction-status";
import { StoryTimeline } from "@/components/transactions/timeline";
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

function Section({ id, title, children, testId }: { id: string; title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h3 id={id} className="mb-2 text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Copies the sheet's own address (`/transactions?tx=…`, without the list's filters) to share with a colleague. */
function CopyLink({ id }: { id: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      data-testid="detail-copy-link"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(new URL(`/transactions?tx=${encodeURIComponent(id)}`, window.location.origin).href);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          // The clipboard can be refused: the address bar holds the same link.
        }
      }}
    >
      {copied ? <Check aria-hidden /> : <Link2 aria-hidden />}
      <span aria-live="polite">{copied ? t("transactions.detail.linkCopied") : t("transactions.detail.copyLink")}</span>
    </Button>
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

/** For support, folded away: the identifiers, how the dashboard learned of it, and every webhook received with its verification. */
function TechnicalDetails({ detail }: { detail: TransactionDetailDto }) {
  const { t, locale } = useI18n();
  return (
    <details className="group rounded-md border px-3 py-2 text-sm" data-testid="detail-technical">
      <summary className="cursor-pointer font-medium">{t("transactions.detail.technical")}</summary>
      <p className="mt-1 text-xs text-muted-foreground">{t("transactions.detail.technicalHint")}</p>
      <dl className="mt-2 divide-y">
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
        {detail.direction && <Field label={t("transactions.detail.direction")}>{detail.direction}</Field>}
        {detail.errorCode && (
          <Field label={t("transactions.detail.errorCode")}>
            <span className="font-mono text-xs">{detail.errorCode}</span>
          </Field>
        )}
        <Field label={t("transactions.detail.origin")}>{t(`transactions.detail.originValues.${detail.origin as "sync"}` as MessageKey)}</Field>
        {detail.verifiedAt && <Field label={t("transactions.detail.verifiedAt")}>{formatDateTime(detail.verifiedAt, locale)}</Field>}
      </dl>
      <h4 className="mt-3 mb-2 text-xs font-semibold">{t("transactions.detail.notifications")}</h4>
      {detail.deliveries.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t("transactions.detail.noNotifications")}</p>
      ) : (
        <ol className="grid gap-2">
          {detail.deliveries.map((e) => (
            <li key={e.id} className="text-xs" data-testid="delivery-entry">
              <div className="flex flex-wrap items-center gap-2">
                {eventLabel(t, e.event) && <span>{eventLabel(t, e.event)}</span>}
                <span className="font-mono">{e.event ?? "—"}</span>
                <Badge variant={OUTCOME_VARIANT[e.outcome] ?? "outline"}>{t(`transactions.detail.outcomes.${e.outcome}` as MessageKey)}</Badge>
              </div>
              <p className="text-muted-foreground">
                {formatDateTime(e.at, locale)}
                {e.sourceAddress && ` · ${t("transactions.detail.from", { address: e.sourceAddress })}`}
                {e.verification?.apiStatus && ` · ${t("transactions.detail.verification", { status: e.verification.apiStatus })}`}
              </p>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

/**
 * The detail of one transaction, addressed by `?tx=` (shareable, survives a reload): its story step
 * by step, the money, the other party (document masked), the receipt, and the identifiers folded
 * away for support. Closing it drops `tx` from the URL without asking the server again. `detail` is
 * null when the id is not among the transactions of the environment shown.
 */
export function DetailSheet(props: { id: string; detail: TransactionDetailDto | null }) {
  return (
    <NuqsAdapter>
      <Detail {...props} />
    </NuqsAdapter>
  );
}

function Detail({ id, detail }: { id: string; detail: TransactionDetailDto | null }) {
  const { t, locale } = useI18n();
  const [tx, setTx] = useQueryState("tx", parseAsString.withOptions({ history: "push", scroll: false }));
  const money = (v: string | null, c: string | null) => (v && c ? formatMoney(v, c, locale) : "—");
  const path = `/transactions/${encodeURIComponent(id)}`;
  const outgoing = detail?.type === "cashout";
  const party = detail?.otherParty;
  return (
    <Sheet open={tx === id} onOpenChange={(open) => !open && void setTx(null)}>
      <SheetContent className="w-full sm:max-w-lg" closeLabel={t("transactions.detail.close")} data-testid="tx-detail">
        <SheetHeader>
          <SheetTitle>{detail ? `${kindLabel(t, detail)} · ${money(detail.amount, detail.currency)}` : t("transactions.detail.title")}</SheetTitle>
          <SheetDescription>{detail ? [party?.name ?? party?.account, formatDateTime(detail.createdAt, locale)].filter(Boolean).join(" · ") : id}</SheetDescription>
        </SheetHeader>
        {!detail ? (
          <p className="px-4 text-sm text-muted-foreground">{t("transactions.detail.notFound")}</p>
        ) : (
          <div className="grid gap-6 px-4 pb-6">
            <div className="grid gap-3">
              <div data-testid="detail-status">
                <TransactionStatus status={shownStatus(detail)} reportedStatus={detail.reportedStatus} t={t} />
              </div>
              {detail.description && <p className="text-sm">{detail.description}</p>}
              <div className="flex flex-wrap gap-2" role="group" aria-label={t("transactions.detail.actions")}>
                {detail.hasReceipt && (
                  <>
                    <Button asChild variant="outline" size="sm">
                      <Link href={`${path}/receipt`} data-testid="detail-receipt">
                        <ReceiptText aria-hidden />
                        {t("transactions.detail.receipt")}
                      </Link>
                    </Button>
                    <Button asChild variant="outline" size="sm">
                      <a href={`${path}/receipt.pdf`} download data-testid="detail-receipt-pdf">
                        <Download aria-hidden />
                        {t("transactions.detail.downloadPdf")}
                      </a>
                    </Button>
                  </>
                )}
                <CopyLink id={id} />
                {detail.chargeId && (
                  <Button asChild variant="outline" size="sm">
                    <Link href={`/receive/${detail.chargeId}`} data-testid="detail-charge">
                      {t("transactions.detail.openCharge")}
                    </Link>
                  </Button>
                )}
              </div>
            </div>

            <Section id="d-story" title={t("transactions.detail.story")}>
              <StoryTimeline story={detail.story} t={t} locale={locale} />
            </Section>

            <Section id="d-money" title={t("transactions.detail.money")}>
              <dl className="divide-y">
                <Field label={outgoing ? t("transactions.detail.debited") : t("transactions.columns.amount")} testId="detail-amount">
                  {money(detail.amount, detail.currency)}
                </Field>
                <Field label={t("transactions.columns.fee")} testId="detail-fee">
                  {money(detail.fee, detail.currency)}
                </Field>
                <Field label={outgoing ? t("transactions.detail.recipientGets") : t("transactions.detail.netCredited")} testId="detail-net">
                  {money(detail.amountNet, detail.currency)}
                </Field>
                {detail.status === "refunded" && !outgoing && (
                  <Field label={t("transactions.detail.refundedToPayer")} testId="detail-refunded">
                    {money(detail.amount, detail.currency)}
                  </Field>
                )}
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
            </Section>

            {party && (
              <Section id="d-party" title={party.role === "payer" ? t("transactions.detail.payer") : t("transactions.detail.recipient")} testId="detail-party">
                <dl className="divide-y">
                  {party.name && <Field label={t("transactions.detail.name")}>{party.name}</Field>}
                  {party.document && (
                    <Field label={party.document.startsWith("***.") ? "CPF" : party.document.startsWith("**.") ? "CNPJ" : t("transactions.csv.payerDocument")} testId="detail-document">
                      <span className="font-mono">{party.document}</span>
                    </Field>
                  )}
                  {party.account && <Field label={t("transactions.detail.account")}>{party.account}</Field>}
                  {party.institution && <Field label={t("transactions.detail.institution")}>{party.institution}</Field>}
                </dl>
              </Section>
            )}

            {detail.boleto && (
              <Section id="d-boleto" title={t("transactions.detail.boleto")}>
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
              </Section>
            )}

            {(detail.disputes.length > 0 || (detail.type === "cashin" && detail.method === "PIX")) && (
              <Section id="d-disputes" title={t("transactions.detail.disputes")} testId="detail-disputes">
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
              </Section>
            )}

            <TechnicalDetails detail={detail} />
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
