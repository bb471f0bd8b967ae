/**
 * The one spelling of the dashboard's database handle in library code: `Db`. (Opening it is
 * `getDb()` in lib/db/index.ts; tests open their own through test/support/databases.ts.)
 */
import type { Database } from "./driver";
import type * as schema from "./schema";

export type Db = Database<typeof schema>;
