/** Reconciliation findings: one open finding per kind and transaction. */
import { and, eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import { publish } from "./live";

export async function openFinding(db: Db, target: Scope, kind: schema.FindingKind, transactionId: string, details: Record<string, unknown>): Promise<boolean> {
  const f = schema.reconciliationFindings;
  const inserted = await db
    .insert(f)
    .values({ organizationId: target.organizationId, environment: target.environment, kind, transactionId, details })
    .onConflictDoNothing()
    .returning({ id: f.id });
  if (inserted.length) await publish(db, target.organizationId, target.environment, "reconciliation", { kind, transactionId });
  else
    await db
      .update(f)
      .set({ checkedAt: new Date(), details })
      .where(and(inScope(f, target), eq(f.kind, kind), eq(f.transactionId, transactionId), eq(f.status, "open")));
  return inserted.length > 0;
}
