/** Members join by invitation (lib/team/invitations.ts): tests add them the same way. */
import type { OpenedDatabase } from "@/lib/db/driver";
import type * as schema from "@/lib/db/schema";
import type { Role } from "@/lib/auth/roles";
import { acceptAsNewUser, createInvitation } from "@/lib/team/invitations";

/** A passphrase the password policy accepts. */
export const STRONG_PASSWORD = "violet-harbour-quietly-79-lanterns";

export async function invitedMember(
  db: OpenedDatabase<typeof schema>["db"],
  organizationId: string,
  input: { email: string; role: Role; name?: string; password?: string },
  inviterId: string | null,
): Promise<{ userId: string; token: string }> {
  const { token } = await createInvitation(db, organizationId, { email: input.email, role: input.role }, { userId: inviterId, address: null });
  const { userId } = await acceptAsNewUser(db, token, { name: input.name ?? input.email.split("@")[0]!, password: input.password ?? STRONG_PASSWORD }, null);
  return { userId, token };
}
