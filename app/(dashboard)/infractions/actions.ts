"use server";
/**
 * Infractions: assign one to a member (support and admin, who may reply), and set the team's internal
 * deadline (admins). Each action checks the session, the organisation and the role itself.
 */
import { z } from "zod";
import { getDb } from "@/lib/db";
import { memberScope } from "@/lib/api-context";
import { protectedAction } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import { MAX_INTERNAL_DEADLINE_HOURS, setAssignee, setInternalDeadlineHours } from "@/lib/infractions/mirror";

export const assignInfractionAction = protectedAction(
  "infractions.reply",
  z.object({ id: z.string().min(1).max(100), assigneeId: z.string().uuid().nullable() }),
  async ({ id, assigneeId }, { access }) => {
    const scope = await memberScope(access);
    const db = await getDb();
    if (!(await setAssignee(db, scope, id, assigneeId))) {
      throw new Refusal("NOT_FOUND", "infractions.detail.assignNotFound");
    }
    return { assigneeId };
  },
);

export const setInternalDeadlineAction = protectedAction(
  "organization.manage",
  z.object({ hours: z.coerce.number().int("infractions.settings.hoursInvalid").min(0, "infractions.settings.hoursInvalid").max(MAX_INTERNAL_DEADLINE_HOURS, "infractions.settings.hoursInvalid") }),
  async ({ hours }, { access }) => {
    const db = await getDb();
    return { hours: await setInternalDeadlineHours(db, access.organizationId, hours, access.userId) };
  },
);
