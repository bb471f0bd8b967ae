"use server";
/** Saved views of the Transactions page: every member may keep their own. */
import { z } from "zod";
import { protectedAction } from "@/lib/actions/safe-action";
import { getDb } from "@/lib/db";
import { deleteView, saveView } from "@/lib/transactions/saved-views";

export const saveViewAction = protectedAction(
  "dashboard.view",
  z.object({ name: z.string().trim().min(1, "transactions.views.nameRequired").max(60), query: z.string().max(2000) }),
  async ({ name, query }, { access }) => saveView(await getDb(), access.organizationId, access.userId, name, query),
);

export const deleteViewAction = protectedAction("dashboard.view", z.object({ id: z.uuid() }), async ({ id }, { access }) =>
  deleteView(await getDb(), access.organizationId, access.userId, id),
);
