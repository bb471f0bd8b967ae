import type { Metadata } from "next";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SectionCard } from "@/components/shell/section-card";
import { TeamTable } from "@/components/settings/team-table";
import { InviteMemberDialog } from "@/components/settings/invite-member-dialog";
import { InvitationsTable } from "@/components/settings/invitations-table";
import { authorizePage } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { listMembers } from "@/lib/team/members";
import { listInvitations } from "@/lib/team/invitations";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("team.title") };
}

/** Admin only: anyone else gets the 403 page. */
export default async function TeamPage() {
  const access = await authorizePage("team.manage");
  const { t } = await getI18n();
  const db = await getDb();
  const [members, invitations] = await Promise.all([listMembers(db, access.organizationId), listInvitations(db, access.organizationId)]);
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("team.title")}</h2>
          </CardTitle>
          <CardDescription>{t("team.description")}</CardDescription>
          <CardAction>
            <InviteMemberDialog />
          </CardAction>
        </CardHeader>
        <CardContent>
          <TeamTable members={members} currentUserId={access.userId} />
        </CardContent>
      </Card>
      <SectionCard title={t("team.invitationsTitle")} description={t("team.invitationsDescription")}>
        {invitations.length === 0 ? <p className="text-sm text-muted-foreground">{t("team.noInvitations")}</p> : <InvitationsTable invitations={invitations} />}
      </SectionCard>
    </div>
  );
}
