"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/plain-button";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatDateTime } from "@/lib/i18n/format";
import type { InvitationDto } from "@/lib/team/invitations";
import { withdrawInvitationAction } from "@/app/(dashboard)/settings/team/actions";
import { useReauth } from "@/components/security/reauth-provider";

/** Invitations not accepted yet: whom, which role, until when; each can be withdrawn. */
export function InvitationsTable({ invitations }: { invitations: InvitationDto[] }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const withReauth = useReauth();
  return (
    <Table aria-label={t("team.invitationsTitle")} phoneLabels={[t("team.email"), t("team.role"), t("team.invitationExpires"), null]}>
      <TableColumns
        columns={[
          { label: t("team.email") },
          { label: t("team.role") },
          { label: t("team.invitationExpires") },
          { label: t("team.actions"), className: "text-right" },
        ]}
      />
      <TableBody>
        {invitations.map((i) => (
          <TableRow key={i.id} data-testid={`invitation-${i.email}`}>
            <TableCell className="pr-wide break-all">{i.email}</TableCell>
            <TableCell>{t(`roles.${i.role}`)}</TableCell>
            <TableCell>{i.expired ? <Badge variant="outline">{t("team.invitationExpired")}</Badge> : formatDateTime(i.expiresAt, locale)}</TableCell>
            <TableCell className="pr-wide text-right max-sm:text-left">
              <Button
                variant="outline"
                size="sm"
                disabled={pending}
                onClick={() =>
                  startTransition(async () => {
                    const result = await withReauth(() => withdrawInvitationAction({ id: i.id }));
                    if (!result.ok) return void toast({ title: result.error.message, variant: "destructive" });
                    toast({ title: t("team.invitationWithdrawn"), variant: "success" });
                    router.refresh();
                  })
                }
              >
                {i.expired ? t("team.invitationRemove") : t("team.invitationWithdraw")}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
