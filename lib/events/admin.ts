/** What admins do with webhooks and findings: replay a delivery, re-check and resolve a finding. */
import { Refusal } from "@/lib/refusal";
import { and, eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import type { ApiContext } from "@/lib/api-context/context";
import { recordAudit, type Actor } from "@/lib/audit/audit";
import { applyApiTransaction } from "./mirror";
import { reconcile, type ReconcileOptions } from "./reconcile";
import { checkBalances, rebaseline } from "./balances";

/** A stored delivery that cannot be replayed, or a reconciliation finding that cannot be changed (`of`). */
export class EventsChangeRefused extends Refusal<"NOT_FOUND" | "NOT_REPLAYABLE" | "ALREADY_RESOLVED"> {
  constructor(code: EventsChangeRefused["code"], of: "delivery" | "finding") {
    const words = of === "delivery" ? (["webhooks.errors.notFound", "webhooks.errors.notReplayable"] as const) : (["reconciliation.errors.notFound", "reconciliation.errors.alreadyResolved"] as const);
    super(code, code === "NOT_FOUND" ? words[0] : words[1]);
  }
}

/** Puts a stored delivery back into processing; dedupe still holds, so it can never apply twice. */
export async function replayWebhook(db: Db, organizationId: string, id: number, actor: Actor): Promise<void> {
  const i = schema.webhookInbox;
  const [row] = await db
    .select({ objectId: i.objectId, event: i.event, outcome: i.outcome })
    .from(i)
    .where(and(eq(i.organizationId, organizationId), eq(i.id, id)));
  if (!row) throw new EventsChangeRefused("NOT_FOUND", "delivery");
  // A refused delivery (wrong sender, malformed) is kept as evidence, never processed.
  if (!row.objectId || !row.event || row.outcome === "refused") throw new EventsChangeRefused("NOT_REPLAYABLE", "delivery");
  await db.transaction(async (tx) => {
    await tx
      .update(i)
      .set({ outcome: "received", attempts: 0, nextAttemptAt: new Date(), processedAt: null, reason: null })
      .where(and(eq(i.organizationId, organizationId), eq(i.id, id)));
    await recordAudit(tx, { organizationId, actor, action: "webhook.replayed", target: String(id), details: { event: row.event, objectId: row.objectId, previousOutcome: row.outcome } });
  });
}

async function finding(db: Db, organizationId: string, id: string) {
  const f = schema.reconciliationFindings;
  const [row] = await db
    .select()
    .from(f)
    .where(and(eq(f.organizationId, organizationId), eq(f.id, id)));
  if (!row) throw new EventsChangeRefused("NOT_FOUND", "finding");
  return row;
}

/** Reads the transaction from the API again and re-runs reconciliation; says whether the finding still stands. */
export async function recheckFinding(db: Db, ctx: ApiContext, organizationId: string, id: string, userId: string, o?: ReconcileOptions): Promise<{ open: boolean }> {
  const row = await finding(db, organizationId, id);
  const target = { organizationId, environment: row.environment };
  if (row.kind === "unexplained_balance") {
    // The balances read again and compared with the mirror as it stands.
    await checkBalances({ db, ctx }, target);
  } else {
    const res = await ctx.call(target, { userId }, (c) => c.transactions.list({ transaction_id: row.transactionId, page_size: 10 }));
    const item = res.items.find((t) => t.transaction_id === row.transactionId);
    if (item) await applyApiTransaction(db, target, item, "sync");
    await reconcile(db, target, o);
  }
  const after = await finding(db, organizationId, id);
  if (after.status === "open") await db.update(schema.reconciliationFindings).set({ checkedAt: new Date() }).where(eq(schema.reconciliationFindings.id, id));
  return { open: after.status === "open" };
}

export async function resolveFinding(db: Db, organizationId: string, id: string, note: string, actor: Actor): Promise<void> {
  const row = await finding(db, organizationId, id);
  if (row.status !== "open") throw new EventsChangeRefused("ALREADY_RESOLVED", "finding");
  const f = schema.reconciliationFindings;
  await db.transaction(async (tx) => {
    await tx.update(f).set({ status: "resolved", resolvedAt: new Date(), resolvedBy: actor.userId, resolution: note }).where(eq(f.id, id));
    // An unexplained balance movement resolved by hand is accepted: the currency starts again from here.
    const currency = (row.details as { currency?: unknown }).currency;
    if (row.kind === "unexplained_balance" && typeof currency === "string") await rebaseline(tx as unknown as Db, { organizationId, environment: row.environment }, currency);
    await recordAudit(tx, { organizationId, actor, action: "reconciliation.resolved", target: id, details: { kind: row.kind, transactionId: row.transactionId, note } });
  });
}
