/**
 * Reading the API request log (Settings → Developers) and the rate-limit headroom. Functions take
 * the organisation explicitly and return plain DTOs.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { ENDPOINT_BUDGETS } from "./endpoints";
import { RateBudget } from "./rate-budget";
import type { Db } from "@/lib/db/scope";

export type RequestLogFilters = {
  /** exact request id, or its beginning */
  requestId?: string;
  outcome?: "ok" | "errors" | "held";
  environment?: schema.ApiEnvironment;
  before?: number;
};

export type RequestLogEntryDto = {
  id: number;
  createdAt: string;
  environment: schema.ApiEnvironment;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  requestId: string | null;
  errorCode: string | null;
  local: boolean;
  user: { id: string; name: string } | null;
  credentialName: string | null;
};

/** Newest first, `limit` at a time (a page: 25, which keeps Settings → Developers under 100 KB of HTML). */
export async function listRequestLog(db: Db, organizationId: string, f: RequestLogFilters, limit = 25): Promise<{ items: RequestLogEntryDto[]; nextBefore: number | null }> {
  const l = schema.apiRequestLog;
  const where: SQL[] = [eq(l.organizationId, organizationId)];
  if (f.requestId) where.push(sql`${l.requestId} like ${f.requestId.replace(/[\\%_]/g, (m) => `\\${m}`) + "%"}`);
  if (f.outcome === "ok") where.push(and(gte(l.status, 200), lt(l.status, 400), eq(l.local, false))!);
  if (f.outcome === "errors") where.push(or(eq(l.status, 0), gte(l.status, 400))!);
  if (f.outcome === "held") where.push(eq(l.local, true));
  if (f.environment) where.push(eq(l.environment, f.environment));
  if (f.before) where.push(lt(l.id, f.before));
  const rows = await db
    .select({ row: l, userName: schema.users.name, credentialName: schema.apiCredentials.name })
    .from(l)
    .leftJoin(schema.users, eq(schema.users.id, l.userId))
    .leftJoin(schema.apiCredentials, eq(schema.apiCredentials.id, l.credentialId))
    .where(and(...where))
    .orderBy(desc(l.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(({ row, userName, credentialName }) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    environment: row.environment,
    method: row.method,
    path: row.path,
    status: row.status,
    latencyMs: row.latencyMs,
    requestId: row.requestId,
    errorCode: row.errorCode,
    local: row.local,
    user: row.userId && userName ? { id: row.userId, name: userName } : null,
    credentialName,
  }));
  return { items, nextBefore: rows.length > limit ? items[items.length - 1]!.id : null };
}

export type HeadroomDto = { endpoint: string; limit: number; used: number }[];

/** Calls counted against each of the credential's budgets in the last minute (those in use first). */
export async function rateHeadroom(db: Db, credentialId: string): Promise<HeadroomDto> {
  const usage = await new RateBudget(db).usage(`cred:${credentialId}:`);
  return ENDPOINT_BUDGETS.filter((b) => b.scope === "credential")
    .map((b) => ({ endpoint: b.name, limit: b.limit, used: usage.get(`cred:${credentialId}:${b.name}`) ?? 0 }))
    .sort((a, b) => b.used / b.limit - a.used / a.limit || a.endpoint.localeCompare(b.endpoint));
}
