import "server-only";

export { env, shouldSeedDemo, type Env } from "@/lib/config/env-schema";
