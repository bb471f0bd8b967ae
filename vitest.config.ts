import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/** TEST_PATIENCE, as test/support/patience.ts reads it (the config cannot import it: Node loads it untranspiled). */
const patient = (ms: number) => ms * Math.max(1, Number(process.env.TEST_PATIENCE) || 1);

export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./", import.meta.url)),
      // Modules marked `import "server-only"` are plain Node modules under test.
      "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "sandbox/**/*.test.ts", "test/**/*.test.ts", "components/**/*.test.ts"],
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
    // Migrates each program's database once; suites clone it (test/support/global-setup.ts).
    globalSetup: ["test/support/global-setup.ts"],
  },
});
