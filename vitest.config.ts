import { defineConfig } from "vitest/config";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** TEST_PATIENCE, as test/support/patience.ts reads it (the config cannot import it: Node loads it untranspiled). */
const patient = (ms: number) => ms * Math.max(1, Number(process.env.TEST_PATIENCE) || 1);

const ROOTS = ["lib", "sandbox", "test", "components"];
const INCLUDE = ROOTS.map((root) => `${root}/**/*.test.ts`);

/** Every test file under the roots, relative to the project. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : testFiles(full);
    return e.name.endsWith(".test.ts") ? [full] : [];
  });
}

/**
 * What a test file may not touch to share a process with other files: module mocks, stubbed
 * globals, fake timers, the environment, hooks (servers, databases, processes kept across tests),
 * sockets, child processes and databases.
 */
const SHARES_STATE = /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|useFakeTimers|spyOn|hoisted|resetModules|setConfig)\b|process\.env|globalThis|\b(before|after)(All|Each)\b|child_process|node:(net|http|https|worker_threads)|support\/databases|openDatabase|PGlite/;

/**
 * Files of pure functions (formats, parsers, validators, money, messages): about half of the files
 * and a few seconds of their tests, but each isolated file paid a process and its imports (the 54
 * shortest files, measured: 23 s and 42 s of CPU isolated, 8 s and 13 s together on 2 cores). They run without
 * isolation, in the same worker processes one after another; every other file keeps a process of its
 * own. A file that starts to use any of `SHARES_STATE` moves back by itself.
 */
const UNIT = ROOTS.flatMap((root) => testFiles(root)).filter((file) => !SHARES_STATE.test(readFileSync(file, "utf8")));

export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./", import.meta.url)),
      // Modules marked `import "server-only"` are plain Node modules under test.
      "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // Nets against a hang, stretched where vitest shares the machine (test/support/patience.ts).
    testTimeout: patient(30_000),
    hookTimeout: patient(60_000),
    pool: "forks",
    // One file per core, not vitest's cores − 1: integration files spend much of their time waiting
    // on the sandbox, PostgreSQL and child processes (on 2 cores: 1 worker took 463 s, 2 took 324 s, 3
    // timed out under load; measured on a subset, README "Test speed").
    maxWorkers: availableParallelism(),
    // scrypt at N=2^10 instead of 2^17 (lib/auth/password.ts; OWASP's are asserted in test/auth/sign-in.test.ts).
    // LOG_LEVEL: the code under test logs each request, API call and webhook (lib/observability/log.ts);
    // the tests' output keeps warnings and errors. (Tests that read a program's log set its level.)
    env: { TEST_SCRYPT_N: String(2 ** 10), LOG_LEVEL: "warn" },
    projects: [
      // No database and no isolation: see UNIT above.
      { extends: true, test: { name: "unit", include: UNIT, isolate: false } },
      // Migrates each program's database once; suites clone it (test/support/global-setup.ts). Only
      // here: a global setup of the root config runs once more per project.
      { extends: true, test: { name: "integration", include: INCLUDE, exclude: UNIT, globalSetup: ["test/support/global-setup.ts"] } },
    ],
  },
});
