"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/plain-button";
import { ConfirmDialog } from "@/components/shell/confirm-dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatRelativeTime, formatShortDateTime } from "@/lib/i18n/format";
import type { SessionDto } from "@/lib/auth/sessions";
import { revokeSessionAction, signOutEverywhereAction } from "@/app/(dashboard)/settings/security/actions";
import { browserOf } from "@/lib/auth/browser";

/** `now`: the server's clock when the page was made (the same "2 minutes ago" on server and browser). */
export function SessionsTable({ sessions, now }: { sessions: SessionDto[]; now: string }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="grid gap-3">
      <Table aria-label={t("security.sessionsTitle")}>
        <TableHeader>
          <TableRow>
            <TableHead>{t("security.browser")}</TableHead>
            <TableHead className="hidden md:table-cell">{t("security.address")}</TableHead>
            <TableHead className="hidden sm:table-cell">{t("security.signedIn")}</TableHead>
            <TableHead className="hidden sm:table-cell">{t("security.lastSeen")}</TableHead>
            <TableHead className="text-right">{t("team.actions")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sessions.map((s) => (
            <TableRow key={s.id} data-testid={s.current ? "session-current" : "session"}>
              <TableCell>
                {browserOf(s.userAgent)}
                {s.current && (
                  <Badge variant="secondary" className="ml-2">
                    {t("security.thisSession")}
                  </Badge>
                )}
                {/* On a phone the other columns fold into this line. */}
                <span className="text-muted-foreground block text-xs sm:hidden">
                  {formatShortDateTime(s.createdAt, locale, now)} · {formatRelativeTime(s.lastSeenAt, locale, now)}
                  {s.address && <span className="font-mono"> · {s.address}</span>}
                </span>
              </TableCell>
              <TableCell className="hidden font-mono text-xs md:table-cell">{s.address ?? "—"}</TableCell>
              <TableCell className="hidden sm:table-cell">{formatShortDateTime(s.createdAt, locale, now)}</TableCell>
              <TableCell className="hidden sm:table-cell">{formatRelativeTime(s.lastSeenAt, locale, now)}</TableCell>
              <TableCell className="text-right">
                {!s.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={pending}
                    onClick={() =>
                      startTransition(async () => {
                        const result = await revokeSessionAction({ id: s.id });
                        if (!result.ok) return void toast({ title: result.error.message, variant: "destructive" });
                        toast({ title: t("security.sessionRevoked") });
                        router.refresh();
                      })
                    }
                  >
                    {t("security.revoke")}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {/* It ends this browser's session too: asked first. */}
      <ConfirmDialog
        trigger={
          <Button variant="destructive" className="justify-self-start" disabled={pending}>
            {t("security.signOutEverywhere")}
          </Button>
        }
        title={t("security.signOutEverywhereTitle")}
        description={t("security.signOutEverywhereDescription", { count: sessions.length })}
        confirm={t("security.signOutEverywhere")}
        onConfirm={() =>
          startTransition(async () => {
            const result = await signOutEverywhereAction();
            if (result && !result.ok) toast({ title: result.error.message, variant: "destructive" });
          })
        }
      />
    </div>
  );
}
