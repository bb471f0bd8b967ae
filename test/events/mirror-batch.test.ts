/** The sync's page-at-once write keeps the mirror's rules: statuses never move back, known external ids stay, the API's other values win. */
import { beforeAll, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { applyApiTransaction, applyApiTransactions } from "@/lib/events/mirror";
import type { Transaction } from "@/lib/payment-api";
import { describeEachDatabase } from "../support/databases";
import { createOrganization } from "../support/connect";

const tx = (id: string, o: Record<string, unknown>) => ({ transaction_id: id, type: "cashin", status: "pending", amount: "10", currency: "BRL", created_at: "2026-11-20T10:00:00.000Z", ...o }) as unknown as Transaction;

describeEachDatabase("the sync's batched mirror write", (getDb) => {
  let org: string;
  beforeAll(async () => {
    org = (await createOrganization(getDb(), "Batch", ["admin"])).organizationId;
  });

  it("applies a page in one statement with the same rules as one row at a time", async () => {
    const db = getDb();
    const target = { organizationId: org, environment: "sandbox" as const };
    await applyApiTransaction(db, target, tx("a", { status: "confirmed", external_id: "ext-a" }), "webhook", { event: "cashin.confirmed" });
    await applyApiTransactions(db, target, [tx("a", { status: "pending", external_id: null, amount: "10.50" }), tx("b", { status: "confirmed" }), tx("b", { status: "confirmed", amount: "7.25" }), tx("c", { created_at: null })], "sync");
    const rows = await db.select().from(schema.transactions).where(and(eq(schema.transactions.organizationId, org)));
    const byId = Object.fromEntries(rows.map((r) => [r.transactionId, r]));
    expect(byId.a!.status).toBe("confirmed"); // a stale page never moves it back
    expect(byId.a!.externalId).toBe("ext-a");
    expect(byId.a!.amount).toBe("10.50");
    expect(byId.a!.webhookEvent).toBe("cashin.confirmed");
    expect(byId.b!.amount).toBe("7.25"); // the page's last word for a repeated id
    expect(byId.b!.finalSince).not.toBeNull();
    expect(byId.c!.apiCreatedAt).not.toBeNull();
    expect(rows).toHaveLength(3);
  });

  it("writers racing to record the same new transaction (a double submit, a read-back, the sync) all succeed, into one row", async () => {
    const db = getDb();
    const target = { organizationId: org, environment: "sandbox" as const };
    for (let round = 0; round < 200; round++) {
      const id = `race-${round}`;
      const item = tx(id, { external_id: `ext-${id}` });
      await Promise.all([
        ...Array.from({ length: 6 }, () => applyApiTransaction(db, target, item, "dashboard")),
        applyApiTransaction(db, target, { ...item, status: "confirmed" }, "webhook", { event: "cashin.confirmed" }),
        applyApiTransactions(db, target, [item], "sync"),
      ]);
      const rows = await db.select().from(schema.transactions).where(and(eq(schema.transactions.organizationId, org), eq(schema.transactions.transactionId, id)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ externalId: `ext-${id}`, status: "confirmed" });
    }
  });
});
