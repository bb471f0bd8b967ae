"use server";
/** Reconciliation actions (admins): re-check a finding against the API, or resolve it with a note. */
import { z } from "zod";
import { ExpectedError, protectedAction } from "@/lib/actions/safe-action";
import { apiContext } from "@/lib/api-context";
import { describeFailure } from "@/lib/api-context/describe";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { EventsChangeRefused, recheckFinding, resolveFinding } from "@/lib/events/admin";

function refusal(e: unknown): never {
  if (e instanceof EventsChangeRefused) throw new ExpectedError(e.code, e.code === "NOT_FOUND" ? "reconciliation.errors.notFound" : "reconciliation.errors.alreadyResolved");
  const failure = describeFailure(e);
  if (failure) throw ExpectedError.fromFailure(failure);
  throw e;
}

export const recheckFindingAction = protectedAction("logs.view", z.object({ id: z.uuid() }), async ({ id }, { access }) => {
  return recheckFinding(await getDb(), await apiContext(), access.organizationId, id, access.userId, { webhookGraceMs: env().RECONCILE_WEBHOOK_GRACE_SECONDS * 1000 }).catch(refusal);
});

export const resolveFindingAction = protectedAction(
  "logs.view",
  z.object({ id: z.uuid(), note: z.string().trim().min(3, "reconciliation.errors.noteRequired").max(500) }),
  async ({ id, note }, { access, actor }) => {
    await resolveFinding(await getDb(), access.organizationId, id, note, actor).catch(refusal);
    return { id };
  },
);
