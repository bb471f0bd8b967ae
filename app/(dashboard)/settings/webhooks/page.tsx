import type { Metadata } from "next";
import { Webhook } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/shell/section-card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { LiveRefresh } from "@/components/live/live-refresh";
import { ReplayWebhookButton } from "@/components/events/replay-webhook-button";
import { env, publicBaseUrl } from "@/lib/env";
import { endpointFor, intakeUrl } from "@/lib/events/intake";
import { webhookLog, type WebhookLogDto } from "@/lib/events/queries";
import { eventLabel } from "@/lib/events/event-names";
import { formatDateTime, formatShortDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { loadWebhookLogSearchParams, serializeWebhookLogSearchParams } from "@/lib/events/webhook-log-params";
import { present } from "@/lib/search-params";
import { LogPager } from "@/components/shell/log-pager";
import type { Translate } from "@/lib/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("webhooks.title") };
}

const OUTCOME_VARIANT: Record<WebhookLogDto["outcome"], "success" | "destructive" | "warning" | "secondary" | "outline"> = {
  applied: "success",
  duplicate: "secondary",
  received: "warning",
  contradicted: "destructive",
  refused: "destructive",
  failed: "destructive",
  unknown_event: "outline",
};

const REFUSED_REASON_KEYS = {
  source_address_not_allowed: "address",
  body_too_large: "tooLarge",
  not_text: "notText",
  not_json: "notJson",
  not_an_object: "notJson",
  no_event: "noId",
  bad_event: "badEvent",
  no_object_id: "noId",
  bad_object_id: "badId",
} as const;

function outcomeText(d: WebhookLogDto, t: Translate): string {
  const reason = d.reason ?? "";
  if (d.outcome === "refused") {
    const key = Object.hasOwn(REFUSED_REASON_KEYS, reason) ? REFUSED_REASON_KEYS[reason as keyof typeof REFUSED_REASON_KEYS] : null;
    return key ? t(`webhooks.refusedReasons.${key}`, { address: d.sourceAddress ?? "?" }) : reason;
  }
  if (d.outcome === "contradicted") return t("webhooks.contradictedBy", { status: d.verification?.apiStatus ?? t("webhooks.notFoundAtApi") });
  if (d.outcome === "applied" && d.verification?.result === "confirmed") return t("webhooks.verifiedBy", { status: d.verification.apiStatus ?? "" });
  if (d.outcome === "received") return t("webhooks.verifying");
  return "";
}

/** For a refused body kept cut or in base64: its full length and digest, to check against the sender's copy. */
function keptText(d: WebhookLogDto, t: Translate): string | null {
  const v = d.verification;
  if (d.outcome !== "refused" || typeof v?.bytes !== "number" || !v.sha256) return null;
  if (v.stored === "base64") return t("webhooks.refusedReasons.keptBase64", { bytes: v.bytes, sha: v.sha256, kept: Buffer.from(d.body, "base64").length });
  return v.truncated ? t("webhooks.refusedReasons.kept", { bytes: v.bytes, sha: v.sha256, kept: d.body.length }) : null;
}

/** Admins: where the provider sends webhooks, and every delivery received with what became of it. */
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { access, t, locale, db, after, environment } = await pageContext("logs.view");
  const f = present(loadWebhookLogSearchParams(await searchParams));
  const [endpoint, log] = await Promise.all([endpointFor(db, access.organizationId, environment), webhookLog(db, access.organizationId, f)]);
  const url = intakeUrl(publicBaseUrl(), endpoint.token);

  return (
    <div className="grid grid-cols-1 gap-6">
      <SectionCard title={t("webhooks.endpointTitle", { environment: t(`environments.${environment}`) })} description={t("webhooks.endpointDescription")} contentClassName="grid grid-cols-1 gap-3 text-sm">
        <div className="flex items-center gap-2 rounded-md border bg-muted/40 p-2">
          <code className="min-w-0 flex-1 truncate font-mono text-xs" data-testid="webhook-url">
            {url}
          </code>
          <CopyButton value={url} label={t("webhooks.copyUrl")} copiedLabel={t("common.copied")} />
        </div>
        <p className="text-muted-foreground">{t("webhooks.allowedSources", { addresses: env().WEBHOOK_SOURCE_IPS.join(", ") })}</p>
        <p className="text-muted-foreground">{endpoint.registeredAt ? t("webhooks.registeredAt", { at: formatDateTime(endpoint.registeredAt, locale) }) : t("webhooks.notRegistered")}</p>
      </SectionCard>

      <SectionCard title={t("webhooks.logTitle")} description={t("webhooks.logDescription")} contentClassName="grid gap-4">
        <form className="flex flex-wrap items-end gap-3" role="search">
          <div className="grid gap-1.5">
            <Label htmlFor="q">{t("webhooks.search")}</Label>
            <Input id="q" name="q" defaultValue={f.q} className="w-72" placeholder={t("webhooks.searchPlaceholder")} />
          </div>
          <Button type="submit">{t("developers.search")}</Button>
          <LiveRefresh kinds={["webhook"]} environment={environment} after={after} className="ml-auto" />
        </form>
        {log.items.length === 0 ? (
          <EmptyState icon={<Webhook />} title={f.q ? t("webhooks.noMatch") : t("webhooks.emptyTitle")} description={t("webhooks.emptyDescription")} titleAs="h3" />
        ) : (
          <Table aria-label={t("webhooks.logTitle")} phoneLabels={[t("webhooks.columns.received"), t("webhooks.columns.event"), t("webhooks.columns.source"), t("webhooks.columns.outcome"), null]}>
            <TableHeader>
              <TableRow>
                <TableHead>{t("webhooks.columns.received")}</TableHead>
                <TableHead>{t("webhooks.columns.event")}</TableHead>
                <TableHead>{t("webhooks.columns.source")}</TableHead>
                <TableHead>{t("webhooks.columns.outcome")}</TableHead>
                <TableHead className="sr-only">{t("webhooks.columns.actions")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.items.map((d) => (
                <TableRow key={d.id} data-testid={`webhook-${d.id}`} data-outcome={d.outcome}>
                  <TableCell className="sm:whitespace-nowrap">
                    {formatShortDateTime(d.receivedAt, locale)}
                    <span className="block text-xs text-muted-foreground">#{d.id}</span>
                  </TableCell>
                  {/* Event and outcome wrap (an id breaks anywhere): the table fits its card at a 1024 px laptop's width. */}
                  <TableCell className="pr-wide whitespace-normal">
                    {eventLabel(t, d.event) && <span className="block">{eventLabel(t, d.event)}</span>}
                    <span className="font-mono text-xs">{d.event ?? "—"}</span>
                    {d.objectId && <span className="block font-mono text-xs break-all text-muted-foreground">{d.objectId}</span>}
                    <details className="mt-1 text-xs">
                      <summary className="cursor-pointer text-muted-foreground">{t("webhooks.showDelivery")}</summary>
                      <pre className="mt-1 max-w-[36rem] overflow-x-auto rounded bg-muted p-2 whitespace-pre-wrap">{JSON.stringify(d.headers, null, 2)}</pre>
                      <pre className="mt-1 max-w-[36rem] overflow-x-auto rounded bg-muted p-2 whitespace-pre-wrap">{d.body}</pre>
                      {keptText(d, t) && <p className="mt-1 max-w-[36rem] break-all text-muted-foreground">{keptText(d, t)}</p>}
                    </details>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{d.sourceAddress ?? "—"}</TableCell>
                  <TableCell className="min-w-40 whitespace-normal max-sm:min-w-0">
                    <Badge variant={OUTCOME_VARIANT[d.outcome]}>{t(`webhooks.outcomes.${d.outcome}`)}</Badge>
                    <span className="mt-1 block text-xs text-muted-foreground">{outcomeText(d, t)}</span>
                  </TableCell>
                  <TableCell className="text-right max-sm:text-left">{d.objectId && d.outcome !== "received" && d.outcome !== "refused" && <ReplayWebhookButton id={d.id} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <LogPager href={(before) => serializeWebhookLogSearchParams("/settings/webhooks", { q: f.q, before })} before={f.before} nextBefore={log.nextBefore} t={t} />
      </SectionCard>
    </div>
  );
}
