import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { Card, CardContent } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { LiveRefresh } from "@/components/live/live-refresh";
import { outcomeLabel } from "@/components/infractions/labels";
import { can } from "@/lib/auth/roles";
import { apiContext } from "@/lib/api-context";
import { memberNames } from "@/lib/team/members";
import { getInternalDeadlineHours, listInfractions, nearestThresholds, type InfractionView } from "@/lib/infractions/mirror";
import { formatMoney, formatRelativeTime, formatShortDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { INFRACTION_TYPES, loadInfractionSearchParams } from "@/lib/infractions/params";
import { INFRACTION_MIRROR_STATUSES } from "@/lib/vocabulary";
import { pageContext } from "@/lib/pages/page-context";
import { cn } from "@/lib/utils";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.infractions.title") };
}

const STATUSES = INFRACTION_MIRROR_STATUSES;
const TYPES = INFRACTION_TYPES;

/** How urgent: past, within 24 h, within 48 h, later (of the deadline the team works to). */
function urgency(i: InfractionView, now: number): "overdue" | "urgent" | "soon" | "later" | "done" {
  if (i.status === "resolved" || !i.effectiveDeadlineAt) return "done";
  const left = i.effectiveDeadlineAt.getTime() - now;
  if (left <= 0) return "overdue";
  if (left <= 24 * 3600_000) return "urgent";
  if (left <= 48 * 3600_000) return "soon";
  return "later";
}

/** On a phone each row is a card: the amount, the status and the payer on top, the deadline (the card's link), type and who handles it. */
const PHONE_CARD = "max-md:relative max-md:grid max-md:grid-cols-2 max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-lg max-md:border max-md:p-3 max-md:hover:bg-muted/50 max-md:[&>td]:whitespace-normal max-md:[&>td]:p-0 max-md:last:border!";

const URGENCY_CLASS = { overdue: "text-destructive font-semibold", urgent: "text-destructive font-medium", soon: "text-warning font-medium", later: "text-muted-foreground", done: "text-muted-foreground" };

/**
 * The MED inbox: the organisation's infractions from the mirror (kept by the API's list and the
 * chargeback.* webhooks, each read back), due first, with the time left in colour and words, live.
 */
export default async function InfractionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { access, t, locale, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  if (!isConnected) {
    return (
      <>
        <PageHeader title={t("pages.infractions.title")} description={t("pages.infractions.description")} />
        <NotConnected access={access} environment={environment} />
      </>
    );
  }
  const sp = loadInfractionSearchParams(await searchParams);
  const filter = { status: sp.status ?? undefined, type: sp.type ?? undefined, assignee: sp.assignee ?? undefined };
  const [rows, internalHours, members] = await Promise.all([
    listInfractions(db, target, { ...filter, userId: access.userId }),
    getInternalDeadlineHours(db, access.organizationId),
    memberNames(db, access.organizationId),
  ]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const alerts = await nearestThresholds(db, target, rows.filter((r) => r.status !== "resolved").map((r) => r.infractionId));
  // The API's deadlines, judged on its clock.
  const nowDate = await (await apiContext()).providerNow(target);
  const now = nowDate.getTime();
  const filtered = Object.values(filter).some(Boolean);
  return (
    <>
      <PageHeader title={t("pages.infractions.title")} description={t("pages.infractions.description")} />
      <ProviderNotice access={access} environment={environment} />
      <div className="grid grid-cols-1 gap-4">
        <form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("infractions.filters")}>
          <FilterSelect name="status" label={t("infractions.status")} value={filter.status} choices={[["", t("infractions.all")], ...STATUSES.map((s) => [s, t(`infractions.statuses.${s}`)] as const)]} />
          <FilterSelect name="type" label={t("infractions.type")} value={filter.type} choices={[["", t("infractions.all")], ...TYPES.map((s) => [s, t(`infractions.types.${s}`)] as const)]} />
          <FilterSelect
            name="assignee"
            label={t("infractions.assignee")}
            value={filter.assignee}
            choices={[
              ["", t("infractions.anyone")],
              ["me", t("infractions.mine")],
              ["none", t("infractions.unassigned")],
            ]}
          />
          <Button type="submit" variant="outline" size="sm">
            {t("infractions.apply")}
          </Button>
          <LiveRefresh kinds={["infraction"]} environment={environment} after={after} className="ml-auto" />
        </form>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <p className="text-sm text-muted-foreground">{internalHours > 0 ? t("infractions.internalDeadline", { hours: internalHours }) : t("infractions.apiDeadline")}</p>
          {can(access.role, "organization.manage") && (
            <Link href="/settings/infractions" className="text-sm underline underline-offset-2" data-testid="internal-deadline-link">
              {t("infractions.settings.change")}
            </Link>
          )}
        </div>
        {rows.length === 0 ? (
          filtered ? (
            <EmptyState title={t("infractions.noMatchTitle")} description={t("infractions.noMatchDescription")} />
          ) : (
            <EmptyState title={t("infractions.emptyTitle")} description={t("infractions.emptyDescription")} />
          )
        ) : (
          <Card>
            <CardContent className="px-0">
              <Table data-testid="infractions-table" className="max-md:block" containerClassName="max-md:overflow-visible">
                <TableHeader className="max-md:hidden">
                  <TableRow>
                    <TableHead>{t("infractions.columns.deadline")}</TableHead>
                    <TableHead>{t("infractions.columns.blocked")}</TableHead>
                    <TableHead>{t("infractions.type")}</TableHead>
                    <TableHead>{t("infractions.status")}</TableHead>
                    <TableHead>{t("infractions.columns.payer")}</TableHead>
                    <TableHead>{t("infractions.assignee")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody className="max-md:grid max-md:gap-3 max-md:px-4">
                  {rows.map((i) => {
                    const u = urgency(i, now);
                    return (
                      <TableRow key={i.infractionId} className={PHONE_CARD} data-testid={`infraction-${i.infractionId}`} data-urgency={u} data-threshold={alerts.get(i.infractionId) ?? ""}>
                        <TableCell className="max-md:col-span-2">
                          <span className="grid gap-0.5">
                            <Link href={`/infractions/${i.infractionId}`} className={cn("underline-offset-2 hover:underline max-md:after:absolute max-md:after:inset-0", URGENCY_CLASS[u])} data-testid="infraction-due">
                              {/* A closed one says its deadline, not "Closed" again beside its status. */}
                              {!i.effectiveDeadlineAt
                                ? t("infractions.closed")
                                : u === "done"
                                  ? t("infractions.deadlineAt", { at: formatShortDateTime(i.effectiveDeadlineAt, locale, nowDate) })
                                  : u === "overdue"
                                    ? t("infractions.overdue", { ago: formatRelativeTime(i.effectiveDeadlineAt, locale, nowDate) })
                                    : t("infractions.due", { in: formatRelativeTime(i.effectiveDeadlineAt, locale, nowDate) })}
                            </Link>
                            {alerts.get(i.infractionId) && (
                              <Badge variant={alerts.get(i.infractionId) === "48h" ? "warning" : "destructive"} className="w-fit" data-testid="alert-threshold">
                                {t(`overviewWidgets.infractions.threshold.${alerts.get(i.infractionId)!}`)}
                              </Badge>
                            )}
                            {i.effectiveDeadlineAt && u !== "done" && (
                              <span className="text-xs text-muted-foreground">
                                {/* The year only when it is not the provider's current one: the column fits a laptop's width. */}
                                {formatShortDateTime(i.effectiveDeadlineAt, locale, nowDate)}
                                {internalHours > 0 && i.deadlineAt ? ` · ${t("infractions.apiDeadlineAt", { at: formatShortDateTime(i.deadlineAt, locale, nowDate) })}` : ""}
                              </span>
                            )}
                          </span>
                        </TableCell>
                        <TableCell className={cn("tabular-nums max-md:order-first max-md:col-span-2 max-md:text-base max-md:font-semibold", i.status === "resolved" && "text-muted-foreground")}>{i.amount !== null && i.currency ? formatMoney(i.blockedAmount ?? i.amount, i.currency, locale) : "—"}</TableCell>
                        {/* Type and outcome wrap where a laptop's width asks for it (1024 px): the row grows down, every column stays in view. */}
                        <TableCell className="whitespace-normal">{(TYPES as readonly string[]).includes(i.type ?? "") ? t(`infractions.types.${i.type as (typeof TYPES)[number]}`) : (i.type ?? "—")}</TableCell>
                        <TableCell className="whitespace-normal max-md:order-first max-md:col-span-2">
                          <span className="grid justify-items-start gap-0.5">
                            <Badge variant={i.status === "open" ? "warning" : i.status === "responded" ? "secondary" : "outline"}>
                              {(STATUSES as readonly string[]).includes(i.status) ? t(`infractions.statuses.${i.status as (typeof STATUSES)[number]}`) : i.status}
                            </Badge>
                            {i.outcome && <span className="text-xs text-muted-foreground">{outcomeLabel(t, i.outcome)}</span>}
                          </span>
                        </TableCell>
                        {/* Who paid the disputed payment, leading to it (its id only when no name is known); on a phone under the status. */}
                        <TableCell className="whitespace-normal max-md:relative max-md:z-10 max-md:order-first max-md:col-span-2 max-md:justify-self-start" data-testid="infraction-payer">
                          {i.transactionId ? (
                            <Link href={`/transactions?tx=${i.transactionId}`} className={cn("underline underline-offset-2", !i.payerName && "font-mono text-xs")}>
                              {i.payerName ?? `${i.transactionId.slice(0, 12)}…`}
                            </Link>
                          ) : (
                            (i.payerName ?? "—")
                          )}
                        </TableCell>
                        <TableCell className="text-sm max-md:justify-self-end max-md:text-right">{i.assigneeId ? (names.get(i.assigneeId) ?? "—") : <span className="text-muted-foreground">{t("infractions.unassigned")}</span>}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}

/** One filter of the list's form: a label over a select, sent with the form (GET). */
function FilterSelect({ name, label, value, choices }: { name: string; label: string; value: string | undefined | null; choices: ReadonlyArray<readonly [string, string]> }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <NativeSelect name={name} defaultValue={value ?? ""}>
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
