/**
 * Makes the templates of new embedded databases, the dashboard's and the sandbox's (lib/db/pglite-templates.ts),
 * where they are missing: `npm test` runs it before the build, so the journeys' servers and vitest
 * start their databases from them.
 */
import path from "node:path";
import { makePGliteTemplates } from "@/lib/db/driver";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const started = Date.now();
const files = await makePGliteTemplates([path.join(root, "lib/db/migrations"), path.join(root, "sandbox/db/migrations")]);
console.log(`embedded database templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${files.map((f) => path.relative(root, f)).join(", ")}`);
