import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "@/components/ui/icons";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SectionCard } from "@/components/shell/section-card";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { LiveRefresh } from "@/components/live/live-refresh";
import { TransactionStatus } from "@/components/events/transaction-status";
import { AssignSelect } from "@/components/infractions/assign-select";
import { ReplyForm } from "@/components/infractions/reply-form";
import { DeadlineBanner } from "@/components/infractions/deadline-banner";
import { infractionStatusLabel, infractionTypeLabel, outcomeLabel, partyFieldLabel } from "@/components/infractions/labels";
import { maskDocument } from "@/lib/payments/documents";
import type { Translate } from "@/lib/i18n/translate";
import { can } from "@/lib/auth/roles";
import { apiContext } from "@/lib/api-context";
import { disputeWebhooks, otherInfractionsOf } from "@/lib/infractions/detail";
import { memberNames } from "@/lib/team/members";
import { eventLabel } from "@/lib/events/event-names";
import { getInfraction, refreshInfraction } from "@/lib/infractions/mirror";
import { transactionById } from "@/lib/transactions/query";
import { formatDateTime, formatMoney, formatRelativeTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("infractions.detail.title") };
}

type Reply = { reply_id?: string; message?: string; created_at?: string; files?: { name?: string; content_type?: string; size?: number }[] };

/** A party (debtor, creditor): its fields in the member's words, the document masked. */
function Party({ value, t }: { value: unknown; t: Translate }) {
  if (!value || typeof value !== "object") return <span className="text-muted-foreground">—</span>;
  const shown = (k: string, v: unknown) => (v === null || v === undefined || v === "" ? "—" : typeof v === "object" ? JSON.stringify(v) : k === "document" ? maskDocument(String(v)) : String(v));
  return (
    <dl className="grid grid-cols-1 gap-x-3 text-sm max-sm:[&_dd]:mb-1.5 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1">
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{partyFieldLabel(t, k)}</dt>
          <dd className="wrap-anywhere">{shown(k, v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One infraction: every field, the original transaction and earlier disputes on it, the money
 * (blocked, returned, released), the replies, the webhooks received, the outcome; who handles it;
 * whether another reply is possible, and the reply form.
 */
export default async function InfractionPage({ params }: { params: Promise<{ id: string }> }) {
  const { access, t, locale, environment, db, scope: target, after } = await pageContext("dashboard.view");
  const { id } = await params;
  if (id.length > 100) notFound();
  let inf = await getInfraction(db, target, id);
  if (!inf) notFound();
  // The list carries no parties or replies: read the detail once through the API context.
  if (inf.debtor === null && inf.replies === null) {
    await refreshInfraction({ db, ctx: await apiContext() }, target, id, { userId: access.userId, budgetWaitMs: 1_000, deadline: "page" }).catch(() => undefined);
    inf = (await getInfraction(db, target, id)) ?? inf;
  }
  const [tx, others, events, members] = await Promise.all([
    inf.transactionId ? transactionById(db, target, inf.transactionId) : Promise.resolve(null),
    inf.transactionId ? otherInfractionsOf(db, target, inf.transactionId, id) : Promise.resolve([]),
    disputeWebhooks(db, target, [id, ...(inf.transactionId ? [inf.transactionId] : [])]),
    memberNames(db, access.organizationId),
  ]);
  const mine = events.filter((e) => {
    try {
      const b = JSON.parse(e.body) as Record<string, unknown>;
      const inner = (b.data && typeof b.data === "object" ? b.data : b) as Record<string, unknown>;
      return !inner.infraction_id || inner.infraction_id === id;
    } catch {
      return false;
    }
  });
  // The API's deadlines, judged on its clock.
  const now = await (await apiContext()).providerNow(target);
  const replies = (Array.isArray(inf.replies) ? inf.replies : []) as Reply[];
  const resolved = inf.status === "resolved";
  const pastDeadline = inf.deadlineAt !== null && inf.deadlineAt.getTime() <= now.getTime();
  const closedReason = resolved ? t("infractions.detail.noReplyResolved") : pastDeadline ? t("infractions.detail.noReplyDeadline") : null;
  const canReply = can(access.role, "infractions.reply");
  // Why this member has no reply form here (closed, or not their role), or null: the form.
  const replyClosed = closedReason ?? (canReply ? null : t("infractions.detail.noReplyRole"));
  const money = (v: string | null) => (v !== null && inf!.currency ? formatMoney(v, inf!.currency, locale) : "—");
  const released = resolved && (inf.outcome === "won" || inf.outcome === "canceled") ? (inf.blockedAmount ?? inf.amount) : null;
  const typeLabel = infractionTypeLabel(t, inf.type);
  const statusLabel = infractionStatusLabel(t, inf.status);

  return (
    <>
      <PageHeader
        title={`${money(inf.amount)} · ${typeLabel}`}
        description={t("infractions.detail.description", { id })}
        actions={
          <Link href="/infractions" className="inline-flex items-center gap-1 text-sm underline-offset-2 hover:underline">
            <ArrowLeft aria-hidden className="size-4" /> {t("infractions.detail.back")}
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>
                <h2>{t("infractions.detail.status")}</h2>
              </CardTitle>
              <div className="flex items-center gap-3">
                <Badge variant={inf.status === "open" ? "warning" : "secondary"} data-testid="infraction-status">
                  {statusLabel}
                  {inf.outcome ? ` · ${outcomeLabel(t, inf.outcome)}` : ""}
                </Badge>
                <LiveRefresh kinds={["infraction"]} environment={environment} after={after} />
              </div>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              {!closedReason && inf.effectiveDeadlineAt && (
                <DeadlineBanner
                  deadline={inf.effectiveDeadlineAt.toISOString()}
                  providerNow={now.toISOString()}
                  team={inf.deadlineAt !== null && inf.effectiveDeadlineAt.getTime() !== inf.deadlineAt.getTime()}
                />
              )}
              <p data-testid="reply-possible" className={closedReason ? "text-muted-foreground" : "font-medium"}>
                {closedReason ??
                  t("infractions.detail.replyUntil", {
                    at: inf.deadlineAt ? formatDateTime(inf.deadlineAt, locale) : "—",
                    in: inf.deadlineAt ? formatRelativeTime(inf.deadlineAt, locale, now) : "—",
                  })}
              </p>
              {resolved && (
                <Alert variant={inf.outcome === "lost" ? "destructive" : "success"} data-testid="infraction-outcome">
                  <AlertDescription>
                    {inf.outcome === "lost"
                      ? t("infractions.detail.outcomeLost", { debited: money(inf.debitedAmount ?? inf.amount) })
                      : t("infractions.detail.outcomeReleased", { released: money(released) })}
                  </AlertDescription>
                </Alert>
              )}
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <div>
                  <dt className="text-xs text-muted-foreground">{t("infractions.detail.disputed")}</dt>
                  <dd className="font-medium tabular-nums">{money(inf.amount)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("infractions.columns.blocked")}</dt>
                  <dd className="tabular-nums">{resolved ? money("0") : money(inf.blockedAmount ?? inf.amount)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("infractions.detail.returned")}</dt>
                  <dd className="tabular-nums">{inf.outcome === "lost" ? money(inf.debitedAmount ?? inf.amount) : money("0")}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("infractions.detail.released")}</dt>
                  <dd className="tabular-nums">{released ? money(released) : money("0")}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t("infractions.reply.title")}</CardTitle>
              {replyClosed === null && <CardDescription>{t("infractions.reply.intro")}</CardDescription>}
            </CardHeader>
            <CardContent>
              {replyClosed === null ? <ReplyForm infractionId={id} type={inf.type ?? "REFUND_REQUEST"} /> : <p className="text-sm text-muted-foreground">{replyClosed}</p>}
            </CardContent>
          </Card>

          <SectionCard title={t("infractions.detail.replies")}>
            {replies.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("infractions.detail.noReplies")}</p>
            ) : (
              <ol className="grid gap-4" data-testid="replies">
                {replies.map((r, n) => (
                  <li key={r.reply_id ?? n} className="grid gap-1 border-l-2 pl-3">
                    <span className="text-xs text-muted-foreground">{r.created_at ? formatDateTime(r.created_at, locale) : ""}</span>
                    <p className="text-sm whitespace-pre-wrap">{r.message}</p>
                    {r.files && r.files.length > 0 && (
                      <ul className="text-xs text-muted-foreground">
                        {r.files.map((f, k) => (
                          <li key={k}>
                            {f.name} · {f.content_type} · {f.size !== undefined ? `${Math.ceil(f.size / 1024)} KB` : ""}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </SectionCard>
        </div>

        <div className="grid min-w-0 content-start gap-6">
          <SectionCard title={t("infractions.detail.details")} contentClassName="grid gap-4">
            {can(access.role, "infractions.reply") ? (
              <AssignSelect
                infractionId={id}
                assigneeId={inf.assigneeId}
                members={members.filter((m) => m.role === "support" || m.role === "admin").map((m) => ({ id: m.id, name: m.name }))}
              />
            ) : (
              <p className="text-sm">
                {t("infractions.assignee")}: {members.find((m) => m.id === inf!.assigneeId)?.name ?? t("infractions.unassigned")}
              </p>
            )}
            {/* Label beside value from the sm breakpoint; on a phone the label above, so long labels leave the value its width. */}
            <dl className="grid grid-cols-1 gap-x-4 text-sm max-sm:[&_dd]:mb-1.5 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2">
              <dt className="text-muted-foreground">{t("infractions.type")}</dt>
              <dd>{typeLabel}</dd>
              <dt className="text-muted-foreground">{t("infractions.detail.reason")}</dt>
              <dd>{inf.reason ?? "—"}</dd>
              <dt className="text-muted-foreground">{t("infractions.detail.opened")}</dt>
              <dd>{inf.apiCreatedAt ? formatDateTime(inf.apiCreatedAt, locale) : "—"}</dd>
              <dt className="text-muted-foreground">{t("infractions.detail.apiDeadline")}</dt>
              <dd>{inf.deadlineAt ? formatDateTime(inf.deadlineAt, locale) : "—"}</dd>
              <dt className="text-muted-foreground">{t("infractions.detail.e2eId")}</dt>
              <dd className="font-mono text-xs break-all">{inf.e2eId ?? "—"}</dd>
              {inf.resolvedAt && (
                <>
                  <dt className="text-muted-foreground">{t("infractions.detail.resolvedAt")}</dt>
                  <dd>{formatDateTime(inf.resolvedAt, locale)}</dd>
                </>
              )}
            </dl>
            <div className="grid gap-1">
              <h3 className="text-sm font-semibold">{t("infractions.detail.debtor")}</h3>
              <Party value={inf.debtor} t={t} />
            </div>
            <div className="grid gap-1">
              <h3 className="text-sm font-semibold">{t("infractions.detail.creditor")}</h3>
              <Party value={inf.creditor} t={t} />
            </div>
          </SectionCard>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t("infractions.detail.transaction")}</h2>
              </CardTitle>
              {tx && <CardDescription>{tx.payerName ? `${tx.payerName}${tx.payerDocument ? ` · ${maskDocument(tx.payerDocument)}` : ""}` : ""}</CardDescription>}
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              {tx ? (
                <>
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{tx.amount && tx.currency ? formatMoney(tx.amount, tx.currency, locale) : "—"}</span>
                    <TransactionStatus status={tx.status} reportedStatus={tx.reportedStatus} t={t} />
                    <span className="text-muted-foreground">{formatDateTime(tx.apiCreatedAt ?? tx.firstSeenAt, locale)}</span>
                  </p>
                  <Link href={`/transactions?tx=${tx.transactionId}`} className="font-mono text-xs break-all underline underline-offset-2">
                    {tx.transactionId}
                  </Link>
                </>
              ) : (
                <p className="font-mono text-xs break-all">{inf.transactionId ?? "—"}</p>
              )}
              <h3 className="mt-2 text-sm font-semibold">{t("infractions.detail.earlier")}</h3>
              {others.length === 0 ? (
                <p className="text-muted-foreground">{t("infractions.detail.noEarlier")}</p>
              ) : (
                <ul className="grid gap-1">
                  {others.map((o) => (
                    <li key={o.infractionId}>
                      <Link href={`/infractions/${o.infractionId}`} className="underline underline-offset-2">
                        {infractionTypeLabel(t, o.type)} · {infractionStatusLabel(t, o.status)}
                        {o.outcome ? ` · ${outcomeLabel(t, o.outcome)}` : ""}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <SectionCard title={t("infractions.detail.events")}>
            {mine.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("infractions.detail.noEvents")}</p>
            ) : (
              <ol className="grid gap-1 text-sm" data-testid="infraction-events">
                {mine.map((e) => (
                  <li key={e.id} className="flex flex-wrap justify-between gap-2">
                    <span>
                      {eventLabel(t, e.event) || <span className="font-mono text-xs">{e.event}</span>}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {formatDateTime(e.receivedAt, locale)} · {t(`webhooks.outcomes.${e.outcome}`)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </SectionCard>
        </div>
      </div>
    </>
  );
}
