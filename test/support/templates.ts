/**
 * Where the migrated template databases of this run are (made by test/support/global-setup.ts,
 * handed to each worker by vitest's provide/inject).
 */
import path from "node:path";

export const DASHBOARD_MIGRATIONS = path.resolve(__dirname, "../../lib/db/migrations");
export const SANDBOX_MIGRATIONS = path.resolve(__dirname, "../../sandbox/db/migrations");

export type DatabaseTemplates = {
  /** on the TEST_DATABASE_URL server: the names of each program's migrated template database */
  postgres?: { url: string; dashboard: string; sandbox: string };
};

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}
