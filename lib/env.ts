import "server-only";

export { env, sandboxUrl, shouldSeedDemo, type Env } from "@/lib/config/env-schema";
