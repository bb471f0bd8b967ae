/** Runs `fn` under a lock every instance honours (lib/db/driver.ts `withLock`). */
export type WithLock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;
