"use client";

import { FlaskConical } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { useI18n } from "@/components/providers/i18n-provider";
import { createSandboxCredentialAction } from "@/app/(dashboard)/settings/credentials/actions";
import { useReauth } from "@/components/security/reauth-provider";

/** "Sandbox in one click": a sandbox account and its credential, which then waits for activation here. */
export function SandboxCredentialButton() {
  const { t } = useI18n();
  const { pending, run } = useRefreshingAction();
  const withReauth = useReauth();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      onClick={() =>
        run(
          () => withReauth(() => createSandboxCredentialAction({})),
          (data) => toast({ title: t("credentials.sandboxCreated"), description: t("credentials.sandboxCreatedDescription", { username: data.username }), variant: "success" }),
        )
      }
    >
      <FlaskConical aria-hidden /> {pending ? t("credentials.sandboxCreating") : t("credentials.sandboxCreate")}
    </Button>
  );
}
