/**
 * Runs in each test file's worker before the file: every PGlite database the tests open in memory
 * (dashboard and sandbox alike, through lib/db/driver.ts) starts from this run's migrated dump.
 */
import { openAsBlob } from "node:fs";
import { inject } from "vitest";
import { registerPGliteTemplate } from "@/lib/db/driver";
import { DASHBOARD_MIGRATIONS, SANDBOX_MIGRATIONS } from "./templates";

const { pglite } = inject("databaseTemplates");
// File-backed blobs: read only by a test that opens a database.
registerPGliteTemplate(DASHBOARD_MIGRATIONS, await openAsBlob(pglite.dashboard));
registerPGliteTemplate(SANDBOX_MIGRATIONS, await openAsBlob(pglite.sandbox));
