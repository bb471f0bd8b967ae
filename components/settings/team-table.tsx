"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/plain-button";
import { ConfirmDialog } from "@/components/shell/confirm-dialog";
import { LazySelect } from "@/components/ui/lazy-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatDate } from "@/lib/i18n/format";
import { ROLES, type Role } from "@/lib/auth/roles";
import type { MemberDto } from "@/lib/team/members";
import { changeRoleAction, removeMemberAction, resetTwoFactorAction } from "@/app/(dashboard)/settings/team/actions";
import { Badge } from "@/components/ui/badge";
import type { ActionResult } from "@/lib/actions/result";
import { useReauth } from "@/components/security/reauth-provider";

export function TeamTable({ members, currentUserId }: { members: MemberDto[]; currentUserId: string }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const withReauth = useReauth();
  const run = (fn: () => Promise<ActionResult<unknown>>, success: string) =>
    startTransition(async () => {
      const result = await withReauth(fn);
      if (result.ok) toast({ title: success, variant: "success" });
      else toast({ title: result.error.message, variant: "destructive" });
      router.refresh();
    });

  // The organisation's only admin can neither leave nor step down (the server refuses it too: LAST_ADMIN).
  const admins = members.filter((m) => m.role === "admin").length;

  return (
    <Table phoneLabels={[t("team.member"), t("team.role"), t("team.since"), null]}>
      <TableHeader>
        <TableRow>
          <TableHead>{t("team.member")}</TableHead>
          <TableHead>{t("team.role")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("team.since")}</TableHead>
          <TableHead className="text-right">{t("team.actions")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((m) => {
          const onlyAdmin = m.role === "admin" && admins === 1;
          return (
            <TableRow key={m.userId} data-testid={`member-${m.email}`} data-user-id={m.userId}>
              <TableCell className="pr-wide">
                <div className="font-medium">
                  {m.name} {m.userId === currentUserId && <span className="text-muted-foreground">({t("team.you")})</span>}
                </div>
                <div className="text-xs text-muted-foreground">{m.email}</div>
                {m.twoFactor && (
                  <Badge variant="secondary" className="mt-1" data-testid="member-two-factor">
                    {t("team.twoFactorOn")}
                  </Badge>
                )}
              </TableCell>
              <TableCell className="pr-wide">
                <LazySelect
                  value={m.role}
                  disabled={pending || onlyAdmin}
                  onValueChange={(role) => run(() => changeRoleAction({ userId: m.userId, role: role as Role }), t("team.roleChanged"))}
                  trigger={{ className: "w-40", "aria-label": t("team.changeRole", { name: m.name }) }}
                  shown={t(`roles.${m.role}`)}
                  options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                />
                {onlyAdmin && (
                  <p className="mt-1 max-w-56 text-xs whitespace-normal text-muted-foreground" data-testid="only-admin">
                    {t("team.onlyAdmin")}
                  </p>
                )}
              </TableCell>
              <TableCell className="hidden sm:table-cell">{formatDate(m.since, locale)}</TableCell>
              <TableCell className="pr-wide space-x-2 text-right whitespace-nowrap max-sm:text-left">
                {m.twoFactor && m.userId !== currentUserId && (
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm" disabled={pending}>
                        {t("team.resetTwoFactor")}
                      </Button>
                    }
                    title={t("team.resetTwoFactorTitle", { name: m.name })}
                    description={t("team.resetTwoFactorDescription")}
                    confirm={t("team.resetTwoFactor")}
                    onConfirm={() => run(() => resetTwoFactorAction({ userId: m.userId }), t("team.twoFactorResetDone"))}
                  />
                )}
                {!onlyAdmin && (
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm" disabled={pending}>
                        {t("team.remove")}
                      </Button>
                    }
                    title={t("team.removeConfirmTitle", { name: m.name })}
                    description={t("team.removeConfirmDescription")}
                    confirm={t("team.remove")}
                    onConfirm={() => run(() => removeMemberAction({ userId: m.userId }), t("team.memberRemoved"))}
                  />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
