/** Saved views: a member's named Transactions filters, sort and columns (the URL query the page wrote), private to them. */
import { Refusal } from "@/lib/refusal";
import { and, asc, eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import { FILTER_KEYS, loadTransactionSearchParams, serializeTransactionSearchParams, type ParsedTransactionSearchParams } from "./filters";

export type SavedViewDto = { id: string; name: string; query: string };

export class SavedViewRefused extends Refusal<"DUPLICATE_NAME" | "NOTHING_TO_SAVE" | "NOT_FOUND"> {
  constructor(code: SavedViewRefused["code"]) {
    const key = code === "DUPLICATE_NAME" ? "transactions.views.duplicate" : code === "NOTHING_TO_SAVE" ? "transactions.views.nothingToSave" : "transactions.views.notFound";
    super(code, key, undefined, code === "DUPLICATE_NAME" ? "name" : undefined);
  }
}

/** Only what selects and orders rows is kept: not the page, nor an open detail sheet. */
export function viewQuery(raw: string): string {
  return viewQueryOf(loadTransactionSearchParams(new URLSearchParams(raw)));
}

/** The same of a URL the page already read: what "Save view" saves, and what a saved view is compared with to show it is the one applied. */
export function viewQueryOf(parsed: ParsedTransactionSearchParams): string {
  return serializeTransactionSearchParams({ ...parsed, page: null, tx: null }).replace(/^\?/, "");
}

export function hasSelection(query: string): boolean {
  const p = new URLSearchParams(query);
  return [...FILTER_KEYS, "sort", "size", "cols"].some((k) => p.has(k));
}

export async function listSavedViews(db: Db, organizationId: string, userId: string): Promise<SavedViewDto[]> {
  const v = schema.savedViews;
  return db
    .select({ id: v.id, name: v.name, query: v.query })
    .from(v)
    .where(and(eq(v.organizationId, organizationId), eq(v.userId, userId), eq(v.page, "transactions")))
    .orderBy(asc(v.name));
}

export async function saveView(db: Db, organizationId: string, userId: string, name: string, rawQuery: string): Promise<SavedViewDto> {
  const query = viewQuery(rawQuery);
  if (!hasSelection(query)) throw new SavedViewRefused("NOTHING_TO_SAVE");
  const v = schema.savedViews;
  const [row] = await db.insert(v).values({ organizationId, userId, name, query }).onConflictDoNothing().returning({ id: v.id, name: v.name, query: v.query });
  if (!row) throw new SavedViewRefused("DUPLICATE_NAME");
  return row;
}

export async function deleteView(db: Db, organizationId: string, userId: string, id: string): Promise<{ name: string }> {
  const v = schema.savedViews;
  const [row] = await db
    .delete(v)
    .where(and(eq(v.id, id), eq(v.organizationId, organizationId), eq(v.userId, userId)))
    .returning({ name: v.name });
  if (!row) throw new SavedViewRefused("NOT_FOUND");
  return row;
}
