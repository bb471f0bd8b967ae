"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { CheckCircle2, CircleAlert, PlugZap, ShieldOff, Power } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/plain-button";
import { ConfirmDialog } from "@/components/shell/confirm-dialog";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatDateTime } from "@/lib/i18n/format";
import type { ActionResult } from "@/lib/actions/result";
import type { CredentialDto } from "@/lib/credentials/service";
import { activateCredentialAction, revokeCredentialAction, testCredentialAction } from "@/app/(dashboard)/settings/credentials/actions";
import { useReauth } from "@/components/security/reauth-provider";

/** A credential as the page shows it: the DTO plus its last test in words (translated on the server). */
export type CredentialView = CredentialDto & { lastCheckText: string | null };

const STATUS_VARIANT = { active: "success", pending: "warning", retired: "secondary", revoked: "outline" } as const;

export function CredentialList({
  credentials,
  currentUserId,
  adminCount,
}: {
  credentials: CredentialView[];
  currentUserId: string;
  adminCount: number;
}) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const withReauth = useReauth();
  const run = <T,>(fn: () => Promise<ActionResult<T>>, onOk: (data: T) => void, failTitle: string) =>
    startTransition(async () => {
      const result = await withReauth(fn);
      if (result.ok) onOk(result.data);
      else
        toast({
          title: failTitle,
          description: result.error.requestId ? `${result.error.message} ${t("apiErrors.requestId", { requestId: result.error.requestId })}` : result.error.message,
          variant: "destructive",
        });
      router.refresh();
    });

  return (
    <ul className="grid gap-4" aria-label={t("credentials.listLabel")}>
      {credentials.map((c) => {
        const activeOther = credentials.find((o) => o.environment === c.environment && o.status === "active" && o.id !== c.id);
        const selfActivation = adminCount >= 2 && c.createdBy?.id === currentUserId;
        return (
          <li key={c.id}>
            <Card data-credential-id={c.id} aria-labelledby={`credential-${c.id}-title`}>
              <CardHeader>
                <CardTitle>
                  <h3 id={`credential-${c.id}-title`} className="flex flex-wrap items-center gap-2">
                    {c.name}
                    <Badge variant={c.environment === "production" ? "default" : "secondary"}>{t(`environments.${c.environment}`)}</Badge>
                    <Badge variant={STATUS_VARIANT[c.status]} data-testid="credential-status">
                      {t(`credentials.status.${c.status}`)}
                    </Badge>
                  </h3>
                </CardTitle>
                <CardDescription className="break-all">{c.baseUrl}</CardDescription>
                {c.status !== "revoked" && (
                  <CardAction className="flex flex-wrap justify-end gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={pending}
                      onClick={() =>
                        run(
                          () => testCredentialAction({ id: c.id }),
                          (check) =>
                            check.ok
                              ? toast({ title: t("credentials.testOk"), variant: "success" })
                              : toast({ title: t("credentials.testFailed"), variant: "destructive" }),
                          t("credentials.testFailed"),
                        )
                      }
                    >
                      <PlugZap aria-hidden /> {t("credentials.test")}
                    </Button>
                    {(c.status === "pending" || c.status === "retired") && (
                      <ConfirmDialog
                        trigger={
                          <Button size="sm" disabled={pending}>
                            <Power aria-hidden /> {t("credentials.activate")}
                          </Button>
                        }
                        title={t("credentials.activateTitle", { name: c.name })}
                        description={
                          activeOther
                            ? t("credentials.activateReplaces", { name: activeOther.name, environment: t(`environments.${c.environment}`) })
                            : t("credentials.activateFirst", { environment: t(`environments.${c.environment}`) })
                        }
                        confirm={t("credentials.activate")}
                        onConfirm={() =>
                          run(
                            () => activateCredentialAction({ id: c.id }),
                            () => toast({ title: t("credentials.activated", { name: c.name }), variant: "success" }),
                            t("credentials.activateFailed"),
                          )
                        }
                      />
                    )}
                    <ConfirmDialog
                      trigger={
                        <Button size="sm" variant="destructive" disabled={pending}>
                          <ShieldOff aria-hidden /> {t("credentials.revoke")}
                        </Button>
                      }
                      title={t("credentials.revokeTitle", { name: c.name })}
                      description={t("credentials.revokeDescription")}
                      confirm={t("credentials.revoke")}
                      destructive
                      onConfirm={() =>
                        run(
                          () => revokeCredentialAction({ id: c.id }),
                          () => toast({ title: t("credentials.revoked", { name: c.name }), variant: "success" }),
                          t("credentials.revokeFailed"),
                        )
                      }
                    />
                  </CardAction>
                )}
              </CardHeader>
              <CardContent className="grid gap-4">
                <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                  <dt className="text-muted-foreground">{t("credentials.clientId")}</dt>
                  <dd className="break-all font-mono">{c.clientId}</dd>
                  <dt className="text-muted-foreground">{t("credentials.clientSecret")}</dt>
                  <dd className="font-mono" data-testid="credential-secret">
                    {c.status === "revoked" ? t("credentials.erased") : `••••••••${c.clientSecretHint}`}
                  </dd>
                  <dt className="text-muted-foreground">{t("credentials.signingKey")}</dt>
                  <dd className="font-mono">
                    {c.status === "revoked" ? t("credentials.erased") : c.signingKeyHint !== null ? `••••••••${c.signingKeyHint}` : t("credentials.noSigningKey")}
                  </dd>
                  <dt className="text-muted-foreground">{t("credentials.registeredBy")}</dt>
                  <dd>
                    {t("credentials.byAt", { name: c.createdBy?.name ?? t("credentials.system"), at: formatDateTime(c.createdAt, locale) })}
                  </dd>
                  {c.activatedAt && (
                    <>
                      <dt className="text-muted-foreground">{t("credentials.activatedBy")}</dt>
                      <dd>{t("credentials.byAt", { name: c.activatedBy?.name ?? t("credentials.system"), at: formatDateTime(c.activatedAt, locale) })}</dd>
                    </>
                  )}
                  {c.retiredAt && (
                    <>
                      <dt className="text-muted-foreground">{t("credentials.retiredAt")}</dt>
                      <dd>{formatDateTime(c.retiredAt, locale)}</dd>
                    </>
                  )}
                  {c.revokedAt && (
                    <>
                      <dt className="text-muted-foreground">{t("credentials.revokedAt")}</dt>
                      <dd>{formatDateTime(c.revokedAt, locale)}</dd>
                    </>
                  )}
                  {c.sandboxUsername && (
                    <>
                      <dt className="text-muted-foreground">{t("credentials.sandboxAccount")}</dt>
                      <dd className="font-mono">{c.sandboxUsername}</dd>
                    </>
                  )}
                </dl>
                {c.status === "pending" && (
                  <p className="text-sm text-muted-foreground">{selfActivation ? t("credentials.pendingOtherAdmin") : t("credentials.pendingHint")}</p>
                )}
                {c.lastCheck && c.lastCheckText && (
                  <p
                    className={c.lastCheck.ok ? "flex items-start gap-2 text-sm text-success" : "flex items-start gap-2 text-sm text-destructive"}
                    data-testid="credential-check"
                  >
                    {c.lastCheck.ok ? <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />}
                    <span>
                      {c.lastCheckText}{" "}
                      <span className="text-muted-foreground">
                        {t("credentials.checkedAt", { at: formatDateTime(c.lastCheck.at, locale) })}
                        {c.lastCheck.requestId ? ` · ${t("apiErrors.requestId", { requestId: c.lastCheck.requestId })}` : ""}
                      </span>
                    </span>
                  </p>
                )}
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
