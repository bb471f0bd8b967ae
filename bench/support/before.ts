/**
 * The "before" of a before-and-after benchmark (issue 31's `npm run bench -- dashboard` and
 * `cluster`), chosen by the environment:
 *
 * - `BENCH_BEFORE_REF=<commit>` (e.g. `fbb8991`, main just before issue 31's first merge): that
 *   commit itself, checked out in a git worktree of its own under the system's temporary folder
 *   (`bench-before-<sha>`), with this checkout's node_modules hard-linked in, and each package it
 *   depends on that this checkout no longer has (next-themes, since the fourteenth session) unpacked
 *   there from the registry at the version its lock file names; built there once; later runs reuse the worktree and its build. Its
 *   dictionary, JavaScript, pages and server are the ones it had: the honest "before".
 * - otherwise, this build with `PERF_BASELINE=1` (lib/perf-baseline.ts): what issue 31 keeps in
 *   process turned off and the whole dictionary in every page, but the markup, the JavaScript
 *   and the server's other changes as they are now. Cheaper to run, and flattering to "before".
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type BeforeStack = {
  /** how the report names it */
  label: string;
  /** the checkout to run (undefined: this one) */
  root?: string;
  env: Record<string, string>;
};

export function beforeStack(): BeforeStack {
  const ref = process.env.BENCH_BEFORE_REF;
  if (!ref) return { label: "PERF_BASELINE=1", env: { PERF_BASELINE: "1" } };
  const here = process.cwd();
  const sha = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: here, encoding: "utf8" }).trim();
  const root = path.join(tmpdir(), `bench-before-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(root, "package.json"))) {
    execFileSync("git", ["worktree", "add", "--detach", "--force", root, sha], { cwd: here, stdio: "ignore" });
  }
  if (!existsSync(path.join(root, "node_modules"))) {
    // Hard links (a copy would take minutes and gigabytes); a symbolic link where they cannot be made.
    const r = spawnSync("cp", ["-al", path.join(here, "node_modules"), path.join(root, "node_modules")], { stdio: "ignore" });
    if (r.status !== 0) symlinkSync(path.join(here, "node_modules"), path.join(root, "node_modules"), "dir");
  }
  restoreRemovedPackages(root);
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { cwd: root, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (r.status !== 0) throw new Error(`next build of ${ref} (${sha}) in ${root} failed`);
  }
  return { label: `${ref} (${sha.slice(0, 7)})`, root, env: {} };
}

/**
 * The packages the before's package.json names that its node_modules (this checkout's, linked) lacks:
 * each unpacked from the registry at its lock file's version (`npm pack`), with those of its
 * dependencies (by the before's lock file, transitively) that are missing too: @tanstack/react-table,
 * removed in the sixteenth session, needs @tanstack/table-core.
 */
function restoreRemovedPackages(root: string) {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string; dependencies?: Record<string, string> }> };
  const absent = (name: string) => !existsSync(path.join(root, "node_modules", name, "package.json"));
  const missing = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(absent);
  for (let i = 0; i < missing.length; i++) {
    for (const dependency of Object.keys(lock.packages[`node_modules/${missing[i]}`]?.dependencies ?? {})) {
      if (!missing.includes(dependency) && absent(dependency)) missing.push(dependency);
    }
  }
  if (missing.length === 0) return;
  const modules = path.join(root, "node_modules");
  // A symbolic link (where hard links could not be made) is this checkout's own node_modules: not written into.
  if (lstatSync(modules).isSymbolicLink()) throw new Error(`the before needs ${missing.join(", ")}, which this checkout no longer has; its node_modules is a link to this one's`);
  console.log(`  the before's packages missing here, unpacked from the registry: ${missing.join(", ")}`);
  const packs = mkdtempSync(path.join(tmpdir(), "bench-before-packs-"));
  try {
    for (const name of missing) {
      const version = lock.packages[`node_modules/${name}`]?.version;
      if (!version) throw new Error(`${name}: no version in the before's package-lock.json`);
      execFileSync("npm", ["pack", `${name}@${version}`, "--pack-destination", packs, "--silent"], { cwd: packs, stdio: "ignore" });
      const tarball = readdirSync(packs).find((f) => f.endsWith(`-${version}.tgz`) && f.startsWith(name.replace(/^@/, "").replace("/", "-")));
      if (!tarball) throw new Error(`npm pack ${name}@${version} left no tarball`);
      const into = path.join(modules, name);
      mkdirSync(into, { recursive: true });
      execFileSync("tar", ["-xzf", path.join(packs, tarball), "-C", into, "--strip-components=1"]);
    }
  } finally {
    rmSync(packs, { recursive: true, force: true });
  }
}
