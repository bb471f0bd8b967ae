import "server-only";

export { configuredSandboxUrl, env, publicBaseUrl, sandboxUrl, shouldSeedDemo, type Env } from "@/lib/config/env-schema";
