"use server";
/** Webhook log actions (admins). */
import { z } from "zod";
import { protectedAction } from "@/lib/actions/safe-action";
import { getDb } from "@/lib/db";
import { replayWebhook } from "@/lib/events/admin";
import { eventsRuntime } from "@/lib/events/runtime";

export const replayWebhookAction = protectedAction("logs.view", z.object({ id: z.number().int().positive() }), async ({ id }, { access, actor }) => {
  await replayWebhook(await getDb(), access.organizationId, id, actor);
  (await eventsRuntime()).worker.kick();
  return { id };
});
