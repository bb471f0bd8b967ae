"use server";
/** Reconciliation actions (admins): re-check a finding against the API, or resolve it with a note. */
import { z } from "zod";
import { protectedAction } from "@/lib/actions/safe-action";
import { apiContext } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { recheckFinding, resolveFinding } from "@/lib/events/admin";

export const recheckFindingAction = protectedAction("logs.view", z.object({ id: z.uuid() }), async ({ id }, { access }) => {
  return recheckFinding(await getDb(), await apiContext(), access.organizationId, id, access.userId, { webhookGraceMs: env().RECONCILE_WEBHOOK_GRACE_SECONDS * 1000 });
});

export const resolveFindingAction = protectedAction(
  "logs.view",
  z.object({ id: z.uuid(), note: z.string().trim().min(3, "reconciliation.errors.noteRequired").max(500) }),
  async ({ id, note }, { access, actor }) => {
    await resolveFinding(await getDb(), access.organizationId, id, note, actor);
    return { id };
  },
);
