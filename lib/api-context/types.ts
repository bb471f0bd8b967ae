import type { Database } from "@/lib/db/driver";
import type * as schema from "@/lib/db/schema";

export type AppDb = Database<typeof schema>;
/** Runs `fn` under a lock every instance honours (lib/db/driver.ts `withLock`). */
export type WithLock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;
