import "server-only";

export { env, publicBaseUrl, sandboxUrl, shouldSeedDemo, type Env } from "@/lib/config/env-schema";
