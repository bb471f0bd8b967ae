import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AcceptInvitationForm, AcceptAsMemberButton } from "@/components/auth/accept-invitation";
import { optionalAccess } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { formatDateTime } from "@/lib/i18n/format";
import { viewInvitation } from "@/lib/team/invitations";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("invite.title"), referrer: "no-referrer" };
}

/**
 * An invitation's link (public: the token is the key). Shows only what the inviting admin typed
 * (the e-mail and role) and the organisation's name; never anything about an existing account.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { t, locale } = await getI18n();
  const invitation = await viewInvitation(await getDb(), token);
  const access = await optionalAccess();
  const closed = !invitation
    ? t("invite.invalid")
    : invitation.state === "expired"
      ? t("invite.expired")
      : invitation.state === "used"
        ? t("invite.used")
        : invitation.state === "withdrawn"
          ? t("invite.withdrawn")
          : null;
  return (
    <AuthCard
      title={invitation && !closed ? t("invite.heading", { organization: invitation.organizationName }) : t("invite.title")}
      description={
        invitation && !closed ? t("invite.description", { email: invitation.email, role: t(`roles.${invitation.role}`), until: formatDateTime(invitation.expiresAt, locale) }) : undefined
      }
    >
      {closed || !invitation ? (
        <Alert variant="destructive" data-testid="invitation-closed">
          <AlertDescription>{closed}</AlertDescription>
        </Alert>
      ) : access ? (
        access.email === invitation.email ? (
          <AcceptAsMemberButton token={token} />
        ) : (
          <Alert data-testid="invitation-other-email">
            <AlertDescription>{t("invite.signedInAsOther", { email: invitation.email })}</AlertDescription>
          </Alert>
        )
      ) : invitation.accountExists ? (
        <>
          <p className="text-sm">{t("invite.signInToAccept")}</p>
          <Button asChild>
            <a href={`/login?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`}>{t("auth.signIn")}</a>
          </Button>
        </>
      ) : (
        <AcceptInvitationForm token={token} />
      )}
    </AuthCard>
  );
}
