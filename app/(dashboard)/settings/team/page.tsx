import type { Metadata } from "next";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TeamTable } from "@/components/settings/team-table";
import { AddMemberDialog } from "@/components/settings/add-member-dialog";
import { authorizePage } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { listMembers } from "@/lib/team/members";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("team.title") };
}

/** Admin only: anyone else gets the 403 page. */
export default async function TeamPage() {
  const access = await authorizePage("team.manage");
  const { t } = await getI18n();
  const members = await listMembers(await getDb(), access.organizationId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("team.title")}</h2>
        </CardTitle>
        <CardDescription>{t("team.description")}</CardDescription>
        <CardAction>
          <AddMemberDialog />
        </CardAction>
      </CardHeader>
      <CardContent>
        <TeamTable members={members} currentUserId={access.userId} />
      </CardContent>
    </Card>
  );
}
