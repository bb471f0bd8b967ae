"use server";
/** Webhook log actions (admins). */
import { z } from "zod";
import { ExpectedError, protectedAction } from "@/lib/actions/safe-action";
import { getDb } from "@/lib/db";
import { EventsChangeRefused, replayWebhook } from "@/lib/events/admin";
import { eventsRuntime } from "@/lib/events/runtime";

export const replayWebhookAction = protectedAction("logs.view", z.object({ id: z.number().int().positive() }), async ({ id }, { access, actor }) => {
  try {
    await replayWebhook(await getDb(), access.organizationId, id, actor);
  } catch (e) {
    if (e instanceof EventsChangeRefused) throw new ExpectedError(e.code, e.code === "NOT_FOUND" ? "webhooks.errors.notFound" : "webhooks.errors.notReplayable");
    throw e;
  }
  (await eventsRuntime()).worker.kick();
  return { id };
});
