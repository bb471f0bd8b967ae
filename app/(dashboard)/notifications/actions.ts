"use server";
/**
 * The member's notifications (the bell) and their choices of what reaches them. Any signed-in
 * member, about their own rows only: the member comes from the session, never from the input.
 */
import { z } from "zod";
import { protectedAction } from "@/lib/actions/safe-action";
import { getDb } from "@/lib/db";
import { memberScope } from "@/lib/api-context";
import { markRead } from "@/lib/notifications/inbox";
import { setPreference } from "@/lib/notifications/preferences";
import { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS } from "@/lib/vocabulary";

/** Marks some of the member's notifications read (`ids`, as the bell listed them), or all of them in this organisation and environment. */
export const markNotificationsReadAction = protectedAction(
  "dashboard.view",
  z.union([z.object({ ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100) }).strict(), z.object({ all: z.literal(true) }).strict()]),
  async (input, { access }) => ({ marked: await markRead(await getDb(), access.userId, await memberScope(access), input) }),
);

/** One kind's choice: in the bell or not, and by e-mail each one, in the daily digest or not at all. */
export const setNotificationPreferenceAction = protectedAction(
  "dashboard.view",
  z.object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean(), email: z.enum(NOTIFICATION_EMAIL_MODES) }).strict(),
  async ({ kind, inApp, email }, { access }) => ({ kind, ...(await setPreference(await getDb(), access.userId, kind, { inApp, email })) }),
);
