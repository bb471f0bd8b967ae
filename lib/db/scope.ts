/**
 * The tenant in the database, spelled one way. `Db` is the dashboard's database handle in library
 * code (opening it is `getDb()` in lib/db/index.ts; tests open their own through
 * test/support/databases.ts). A `Scope` is an organisation and one of its API environments, and
 * `inScope(table, scope)` is the one filter that keeps a query inside it (a scope may also be another
 * table's columns, in a join); `byIdInScope` finds one row by id inside it.
 */
import { and, eq, getTableColumns, type SQL, type Table } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "./driver";
import type * as schema from "./schema";

export type Db = Database<typeof schema>;

export type Scope = { organizationId: string; environment: schema.ApiEnvironment };

type ScopedColumns = { organizationId: PgColumn; environment: PgColumn };

/** `table` rows of `scope`: its organisation and environment. */
export function inScope(table: ScopedColumns, scope: Scope | ScopedColumns): SQL {
  return and(eq(table.organizationId, scope.organizationId), eq(table.environment, scope.environment))!;
}

/** The row `id` of `table`, only within `scope`: another organisation's id finds nothing. */
export function byIdInScope(table: ScopedColumns & { id: PgColumn }, scope: Scope, id: string): SQL {
  return and(inScope(table, scope), eq(table.id, id))!;
}

/** Whether `id` can be a row id (a UUID): anything else finds nothing, without asking the database. */
export function isRowId(id: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(id);
}

/** The named columns of `table`, for a `select`: one list of names instead of a column per line. */
export function columnsOf<T extends Table, K extends keyof T["_"]["columns"]>(table: T, names: readonly K[]): Pick<T["_"]["columns"], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name as string]])) as Pick<T["_"]["columns"], K>;
}
