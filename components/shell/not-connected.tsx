import Link from "@/components/ui/link";
import { PlugZap } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { Access } from "@/lib/auth/access";
import { can } from "@/lib/auth/roles";
import type { ApiEnvironment } from "@/lib/vocabulary";
import { getI18n } from "@/lib/i18n/server";

/** What a page shows when its environment has no active credential: how to get one, by role. */
export async function NotConnected({ access, environment }: { access: Access; environment: ApiEnvironment }) {
  const { t } = await getI18n();
  const canRegister = can(access.role, "credentials.manage");
  return (
    <EmptyState
      icon={<PlugZap />}
      title={t("empty.noCredentialTitle", { environment: t(`environments.${environment}`) })}
      description={canRegister ? t("empty.noCredentialRegister") : t("empty.noCredentialAskAdmin")}
      action={
        canRegister ? (
          <Button asChild>
            <Link href="/settings/credentials">{t("empty.connectCredential")}</Link>
          </Button>
        ) : undefined
      }
    />
  );
}
