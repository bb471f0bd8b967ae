"use server";
/** Saved views of the Transactions page: every member may keep their own. */
import { z } from "zod";
import { ExpectedError, protectedAction } from "@/lib/actions/safe-action";
import { getDb } from "@/lib/db";
import { deleteView, saveView, SavedViewRefused } from "@/lib/transactions/saved-views";

function refusal(e: unknown): never {
  if (e instanceof SavedViewRefused) {
    if (e.code === "DUPLICATE_NAME") throw new ExpectedError(e.code, "transactions.views.duplicate", undefined, "name");
    if (e.code === "NOTHING_TO_SAVE") throw new ExpectedError(e.code, "transactions.views.nothingToSave");
    throw new ExpectedError(e.code, "transactions.views.notFound");
  }
  throw e;
}

export const saveViewAction = protectedAction(
  "dashboard.view",
  z.object({ name: z.string().trim().min(1, "transactions.views.nameRequired").max(60), query: z.string().max(2000) }),
  async ({ name, query }, { access }) => saveView(await getDb(), access.organizationId, access.userId, name, query).catch(refusal),
);

export const deleteViewAction = protectedAction("dashboard.view", z.object({ id: z.uuid() }), async ({ id }, { access }) =>
  deleteView(await getDb(), access.organizationId, access.userId, id).catch(refusal),
);
