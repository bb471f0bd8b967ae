/**
 * The demo's Convert page on first start: one conversion (R$ 500.00 into USDT) made through the same
 * service the form uses, a quote first and then its execution, so that "Recent conversions" shows what
 * left and what came in, and the conversion sits in the mirror and on Transactions. No Next.js imports.
 */
import { randomBytes } from "node:crypto";
import { ApiContext } from "@/lib/api-context/context";
import type { WithLock } from "@/lib/api-context/types";
import type { Db } from "@/lib/db/scope";
import type { Keyring } from "@/lib/security/sealing";
import { executeConversion, quote } from "@/lib/conversions/service";

type Log = (message: string) => void;

export async function seedDemoConversion(db: Db, withLock: WithLock, keyring: Keyring, o: { organizationId: string; log: Log }): Promise<void> {
  const ctx = new ApiContext({ db, withLock, keyring });
  const target = { organizationId: o.organizationId, environment: "sandbox" as const };
  // The quote is sealed and executed here at once: a key of this process's own is enough.
  const deps = { db, ctx, quoteKey: randomBytes(32).toString("hex") };
  const pair = { base: "BRL", destination: "USDT", amount: "500.00" };
  try {
    const { quote: q } = await quote(deps, target, null, pair);
    const r = await executeConversion(deps, target, null, { externalId: "demo-conversion-1", ...pair, quote: q });
    if (r.kind === "done") o.log("made a demo conversion (Convert)");
    else o.log("demo conversion not made: its quote expired before it was sent");
  } catch (e) {
    o.log(`demo conversion not made: ${(e as Error).message}`);
  } finally {
    await ctx.flush();
  }
}
