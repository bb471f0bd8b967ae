/**
 * The demo's Send page on first start: payouts made through the same service the form uses (so they
 * carry the demo's intake URL and sit in the mirror): a PIX payout the provider settled, a crypto
 * payout that failed with its error code (its balance came back), a SPEI payout still pending, and a
 * transfer to the demo's supplier account. The outcomes are driven through the sandbox's control API;
 * their webhooks arrive once the dashboard listens (the sandbox retries after a minute), and the sync
 * reads them back meanwhile. No Next.js imports.
 */
import { ApiContext } from "@/lib/api-context/context";
import type { WithLock } from "@/lib/api-context/types";
import type { Db } from "@/lib/db/scope";
import type { Keyring } from "@/lib/security/sealing";
import type { SandboxControl } from "@/lib/sandbox-control/client";
import { buildClabe } from "@/lib/payments/clabe";
import { generateAddress } from "@/lib/payments/crypto-address";
import { payoutFormSchema, toPayoutPlan, toTransferPlan, transferFormSchema } from "@/lib/payouts/form";
import { requestPayout } from "@/lib/payouts/service";

type Log = (message: string) => void;

export async function seedDemoPayouts(
  db: Db,
  withLock: WithLock,
  keyring: Keyring,
  o: { organizationId: string; publicBaseUrl: string; control: SandboxControl; log: Log },
): Promise<void> {
  const ctx = new ApiContext({ db, withLock, keyring });
  const target = { organizationId: o.organizationId, environment: "sandbox" as const };
  const deps = { db, ctx, publicBaseUrl: o.publicBaseUrl };
  const plans = [
    { plan: toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount: "350.00", externalId: "demo-payout-pix-1", keyType: "email", pixKey: "financeiro@fornecedor.example", description: "Fatura 2291" })), then: { event: "cashout.confirmed" } },
    {
      plan: toPayoutPlan(payoutFormSchema.parse({ kind: "crypto", amount: "120", externalId: "demo-payout-usdt-1", coin: "USDT", network: "tron", address: generateAddress("tron") })),
      then: { event: "cashout.failed", error_code: "TRON_ENERGY_FAIL" },
    },
    { plan: toPayoutPlan(payoutFormSchema.parse({ kind: "spei", amount: "1500.00", externalId: "demo-payout-spei-1", clabe: buildClabe("012", "180", "00123456789"), name: "Comercializadora del Norte" })), then: null },
  ];
  let made = 0;
  for (const { plan, then } of plans) {
    try {
      const r = await requestPayout(deps, target, null, plan);
      const [row] = await ctx.call(target, { userId: null }, (c) => c.transactions.list({ external_id: String(plan.request.external_id) })).then((l) => l.items);
      if (then && row && r.state === "sent") await o.control.simulate(row.transaction_id, then);
      made++;
    } catch (e) {
      o.log(`demo payout ${String(plan.request.external_id)} not sent: ${(e as Error).message}`);
    }
  }
  try {
    const profile = (await ctx.call(target, { userId: null }, (c) => c.account.profile())) as { username?: unknown };
    if (typeof profile.username === "string") {
      await requestPayout(deps, target, null, toTransferPlan(transferFormSchema.parse({ username: `${profile.username}-supplier`, currency: "BRL", amount: "780.00", externalId: "demo-transfer-1", description: "Acerto mensal" })));
      made++;
    }
  } catch (e) {
    o.log(`demo transfer not sent: ${(e as Error).message}`);
  }
  await ctx.flush();
  if (made) o.log(`sent ${made} demo payouts and transfers (Send)`);
}
