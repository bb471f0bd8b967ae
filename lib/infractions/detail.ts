/** What an infraction's page shows beside the infraction itself: its siblings and its webhooks. */
import { and, asc, eq, inArray, like, ne, or } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";

/** The other infractions opened on the same transaction. */
export async function otherInfractionsOf(db: Db, scope: Scope, transactionId: string, exceptInfractionId: string) {
  const i = schema.infractions;
  return db
    .select({ infractionId: i.infractionId, type: i.type, status: i.status, outcome: i.outcome, apiCreatedAt: i.apiCreatedAt })
    .from(i)
    .where(and(inScope(i, scope), eq(i.transactionId, transactionId), ne(i.infractionId, exceptInfractionId)));
}

/** Chargeback and refund webhooks about the infraction or its transaction, oldest first (at most 50). */
export async function disputeWebhooks(db: Db, scope: Scope, objectIds: string[]) {
  const w = schema.webhookInbox;
  return db
    .select({ id: w.id, event: w.event, receivedAt: w.receivedAt, outcome: w.outcome, body: w.body })
    .from(w)
    .where(and(inScope(w, scope), inArray(w.objectId, objectIds), or(like(w.event, "chargeback.%"), like(w.event, "refund_%"))))
    .orderBy(asc(w.id))
    .limit(50);
}
