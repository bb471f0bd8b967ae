/**
 * Templates of new embedded (PGlite) databases: a dump of a database that ran every migration of a
 * folder and holds nothing else. A new database (in memory, or in a directory that holds none yet)
 * loads the template instead of running PostgreSQL's initdb and every migration: measured on 2 cores,
 * ≈ 1.2 s of CPU instead of ≈ 8.5 s for initdb alone. The migrations still run on it, and find
 * nothing left to do.
 *
 * Kept in node_modules/.cache/pglite-templates, named by what a template depends on (PGlite's
 * version and the migration files' names and contents), so a template never outlives either.
 * Only `makePGliteTemplates` (lib/db/driver.ts) writes one: `npm test` before its checks, and
 * vitest's global setup. A database opened without one runs initdb as before, so `npm start` on a
 * fresh clone does what it did; after a test run, a new data folder starts from the template.
 * `PGLITE_TEMPLATES=off` ignores them.
 *
 * What a template leaves out: the `template0` and `template1` databases (PGlite works in `postgres`
 * and never creates a database), ≈ 15 MB and 600 files of the 42 MB dump, which made loading it
 * ≈ 20 % cheaper.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The folder of templates. Hidden from the build's file tracing (`turbopackIgnore`): `next build`
 * would list it as an asset of the server and fail when a template is written beside it (npm test
 * makes them while it builds); the server reads it at run time, from the working folder.
 */
function cacheDir(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), "node_modules", ".cache", "pglite-templates");
}

/** The template's file for a migrations folder (whether it exists or not); null when PGlite's package is not where `npm install` puts it. */
export function pgliteTemplateFile(migrationsFolder: string): string | null {
  try {
    const folder = path.resolve(migrationsFolder);
    const hash = createHash("sha256");
    hash.update(readFileSync(path.join(process.cwd(), "node_modules", "@electric-sql", "pglite", "package.json")));
    for (const name of readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
      const file = path.join(folder, name);
      if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
    }
    return path.join(cacheDir(), `${slug(folder)}-${hash.digest("hex").slice(0, 16)}.tar`);
  } catch {
    return null;
  }
}

function slug(folder: string): string {
  return path.relative(process.cwd(), folder).replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
}

/** The template a new database of this folder starts from, if one was made. */
export function pgliteTemplate(migrationsFolder: string): Blob | undefined {
  if (process.env.PGLITE_TEMPLATES === "off") return undefined;
  const file = pgliteTemplateFile(migrationsFolder);
  if (!file || !existsSync(file)) return undefined;
  // Read whole now: a file-backed blob would fail to read if another run replaced the file meanwhile.
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/**
 * Stores `dump` as the template of `folder` (lib/db/driver.ts `makePGliteTemplates` makes it). Older
 * templates of the same folder go; the new one appears whole (another process may be reading).
 */
export function storePGliteTemplate(folder: string, file: string, dump: Buffer): void {
  mkdirSync(cacheDir(), { recursive: true });
  const prefix = `${slug(path.resolve(folder))}-`;
  for (const old of readdirSync(cacheDir())) if (old.startsWith(prefix) && old.endsWith(".tar")) rmSync(path.join(cacheDir(), old), { force: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
}
