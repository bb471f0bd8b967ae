"use server";
/** Team management: admin only. Each action checks `team.manage` itself. */
import { z } from "zod";
import { ExpectedError, protectedAction } from "@/lib/actions/safe-action";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { addMember, changeRole, removeMember, TeamChangeRefused } from "@/lib/team/members";

function refusal(e: unknown): never {
  if (e instanceof TeamChangeRefused) {
    if (e.code === "LAST_ADMIN") throw new ExpectedError(e.code, "team.lastAdmin");
    if (e.code === "ALREADY_MEMBER") throw new ExpectedError(e.code, "team.emailTaken", undefined, "email");
    throw new ExpectedError(e.code, "errors.forbidden");
  }
  throw e;
}

export const changeRoleAction = protectedAction(
  "team.manage",
  z.object({ userId: z.uuid(), role: z.enum(ROLES) }),
  async ({ userId, role }, { access, actor }) => {
    await changeRole(await getDb(), access.organizationId, userId, role, actor).catch(refusal);
    return { userId, role };
  },
);

export const removeMemberAction = protectedAction("team.manage", z.object({ userId: z.uuid() }), async ({ userId }, { access, actor }) => {
  await removeMember(await getDb(), access.organizationId, userId, actor).catch(refusal);
  return { userId };
});

export const addMemberAction = protectedAction(
  "team.manage",
  z.object({
    name: z.string().trim().min(1, "auth.nameRequired").max(120),
    email: z.email("auth.invalidEmail").max(254),
    role: z.enum(ROLES),
    temporaryPassword: z.string().min(12, "auth.passwordTooShort").max(200),
  }),
  async (input, { access, actor }) => {
    const result = await addMember(await getDb(), access.organizationId, input, actor).catch(refusal);
    return { userId: result.userId };
  },
);
