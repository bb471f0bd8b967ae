import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { NotConnected } from "@/components/shell/not-connected";
import { SectionCard } from "@/components/shell/section-card";
import { EmptyState } from "@/components/ui/empty-state";
import { LiveRefresh } from "@/components/live/live-refresh";
import { ApprovalActions } from "@/components/send/approval-actions";
import { ApprovalPolicyRules, PolicyProposal } from "@/components/send/approval-policy-form";
import { PayoutList } from "@/components/send/payout-list";
import { recipientText } from "@/lib/payouts/recipient";
import { can } from "@/lib/auth/roles";
import { awaitingBatches, listPayouts, recentlyDecided } from "@/lib/payouts/service";
import { currentPolicy } from "@/lib/payouts/policy-changes";
import { policySentences } from "@/lib/payouts/policy";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: `${t("send.approvals.title")} · ${t("pages.send.title")}` };
}

/** Requests the approval policy holds, decided by an admin who did not ask; the policy itself (admins). */
export default async function ApprovalsPage() {
  const { access, t, locale, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  if (!isConnected) return <NotConnected access={access} environment={environment} />;
  const canApprove = can(access.role, "money.approve");
  const [waiting, batches, decided, { policy, proposal }] = await Promise.all([
    listPayouts(db, target, { states: ["awaiting_approval"], limit: 100 }),
    awaitingBatches(db, target),
    recentlyDecided(db, target),
    currentPolicy(db, access.organizationId),
  ]);
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid content-start gap-6">
        <SectionCard title={t("send.approvals.title")} description={t("send.approvals.description")} action={<LiveRefresh kinds={["transaction"]} environment={environment} after={after} />}>
          {waiting.length === 0 && batches.length === 0 ? (
            <EmptyState title={t("send.approvals.emptyTitle")} description={t("send.approvals.emptyDescription")} />
          ) : (
            <ul className="divide-y" data-testid="approval-list">
              {waiting.map((p) => {
                const summary = `${formatMoney(p.amount, p.currency, locale)} · ${t(`send.kinds.${p.kind}`)} · ${recipientText(p)}`;
                return (
                  <li key={p.id} className="grid gap-2 py-3" data-testid="approval-item" data-external-id={p.externalId} data-payout-id={p.id}>
                    <div className="grid gap-0.5">
                      <span className="text-sm font-medium">{summary}</span>
                      <span className="text-xs text-muted-foreground">{t("send.approvals.requestedBy", { name: p.requestedByName ?? "—", date: formatDateTime(p.createdAt, locale) })}</span>
                      {p.description && <span className="text-xs text-muted-foreground">{p.description}</span>}
                    </div>
                    {canApprove ? <ApprovalActions id={p.id} own={p.requestedBy === access.userId} summary={summary} /> : <p className="text-xs text-muted-foreground">{t("send.approvals.noPermission")}</p>}
                  </li>
                );
              })}
              {batches.map((b) => (
                <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="approval-batch">
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium">{t("send.approvals.batch", { file: b.fileName ?? "CSV", rows: b.rowCount })}</span>
                    <span className="text-xs text-muted-foreground">
                      {Object.entries(b.totals)
                        .map(([c, a]) => formatMoney(a, c, locale))
                        .join(" · ")}{" "}
                      · {t("send.approvals.requestedBy", { name: b.requestedByName ?? "—", date: formatDateTime(b.createdAt, locale) })}
                    </span>
                  </span>
                  <Link href={`/send/bulk/${b.id}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                    {t("send.approvals.open")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
        {decided.length > 0 && (
          <SectionCard title={t("send.approvals.recent")}>
            <PayoutList payouts={decided} t={t} locale={locale} canSend={false} />
          </SectionCard>
        )}
      </div>
      <SectionCard title={t("send.policy.title")} description={t("send.policy.description")} className="content-start" contentClassName="grid gap-3">
        <ApprovalPolicyRules policy={policy} canEdit={can(access.role, "organization.manage")} />
        {proposal && (
          <PolicyProposal
            text={policySentences(proposal.policy, t, locale).join(" ")}
            by={t("send.policy.proposedBy", { name: proposal.proposedBy?.name ?? "—", date: formatDateTime(proposal.proposedAt, locale) })}
            own={proposal.proposedBy?.id === access.userId}
            canDecide={can(access.role, "organization.manage")}
          />
        )}
      </SectionCard>
    </div>
  );
}
