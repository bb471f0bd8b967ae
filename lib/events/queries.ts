/** What the pages read from the events tables: plain DTOs, the organisation always explicit. */
import { and, desc, eq, like, lt, or, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import type { ApiEnvironment } from "@/lib/db/schema";
import { REFUSED_BODY_CHARS } from "./intake";

/** When the mirror was last synced with the API's list, and how many transactions it held then. */
export async function syncStatus(db: Db, organizationId: string, environment: ApiEnvironment): Promise<{ lastSyncAt: string | null; mirrorSize: number | null }> {
  const s = schema.syncState;
  const [state] = await db
    .select({ last: s.lastSyncAt, result: s.lastResult })
    .from(s)
    .where(and(eq(s.organizationId, organizationId), eq(s.environment, environment)));
  const size = (state?.result as { mirrorSize?: unknown } | null | undefined)?.mirrorSize;
  return { lastSyncAt: state?.last?.toISOString() ?? null, mirrorSize: typeof size === "number" ? size : null };
}

export type WebhookLogDto = {
  id: number;
  receivedAt: string;
  environment: ApiEnvironment;
  event: string | null;
  objectId: string | null;
  sourceAddress: string | null;
  outcome: schema.WebhookOutcome;
  reason: string | null;
  /** the read-back; for a refused delivery, what is kept of its body (intake.ts `refusedBody`) */
  verification: { result?: string; apiStatus?: string; claimedStatus?: string; requestId?: string; bytes?: number; sha256?: string; stored?: "text" | "base64"; truncated?: boolean } | null;
  headers: Record<string, string>;
  body: string;
};

export async function webhookLog(db: Db, organizationId: string, f: { q?: string; before?: number }, limit = 50): Promise<{ items: WebhookLogDto[]; nextBefore: number | null }> {
  const i = schema.webhookInbox;
  const where: SQL[] = [eq(i.organizationId, organizationId)];
  if (f.q) {
    const n = Number(f.q);
    const prefix = `${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(or(like(i.objectId, prefix), ...(Number.isSafeInteger(n) ? [eq(i.id, n)] : []))!);
  }
  if (f.before) where.push(lt(i.id, f.before));
  const rows = await db
    .select()
    .from(i)
    .where(and(...where))
    .orderBy(desc(i.id))
    .limit(limit + 1);
  return {
    items: rows.slice(0, limit).map((r) => ({
      id: r.id,
      receivedAt: r.receivedAt.toISOString(),
      environment: r.environment,
      event: r.event,
      objectId: r.objectId,
      sourceAddress: r.sourceAddress,
      outcome: r.outcome,
      reason: r.reason,
      verification: r.verification as WebhookLogDto["verification"],
      headers: r.headers as Record<string, string>,
      // As much as a refused delivery keeps (so what the page says is kept is what it shows).
      body: r.body.slice(0, REFUSED_BODY_CHARS),
    })),
    nextBefore: rows.length > limit ? rows[limit - 1]!.id : null,
  };
}

export type FindingDto = {
  id: string;
  environment: ApiEnvironment;
  kind: schema.FindingKind;
  transactionId: string;
  details: Record<string, unknown>;
  status: "open" | "resolved";
  createdAt: string;
  checkedAt: string;
  resolvedAt: string | null;
  resolution: string | null;
};

export async function listFindings(db: Db, organizationId: string, status: "open" | "resolved", limit = 100): Promise<FindingDto[]> {
  const f = schema.reconciliationFindings;
  const rows = await db
    .select()
    .from(f)
    .where(and(eq(f.organizationId, organizationId), eq(f.status, status)))
    .orderBy(desc(f.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    environment: r.environment,
    kind: r.kind,
    transactionId: r.transactionId,
    details: r.details as Record<string, unknown>,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    checkedAt: r.checkedAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolution: r.resolution,
  }));
}

