/** Rows of the transaction mirror for tests. */
import type * as schema from "@/lib/db/schema";

export type MirrorRow = typeof schema.transactions.$inferInsert;

/** A paid PIX cash-in in BRL of the organisation's sandbox, known from the sync, made on 20 Nov 2026 at 15:00 UTC, unless `o` says otherwise. */
export function mirrorRow(organizationId: string, transactionId: string, o: Partial<MirrorRow> = {}): MirrorRow {
  return {
    organizationId,
    environment: "sandbox",
    transactionId,
    status: "confirmed",
    type: "cashin",
    source: "cashin",
    method: "PIX",
    currency: "BRL",
    origin: "sync",
    apiCreatedAt: new Date("2026-11-20T15:00:00Z"),
    ...o,
  };
}
