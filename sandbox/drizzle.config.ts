import { defineConfig } from "drizzle-kit";

/** The sandbox's own schema and migrations (apart from the dashboard's lib/db). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./sandbox/db/schema.ts",
  out: "./sandbox/db/migrations",
});
