/**
 * The demo's Receive page on first start: a few charges created through the same service the form
 * uses (so they carry the demo's intake URL as postback_url and sit in the mirror), one per kind of
 * code a newcomer should see: a boleto with its barcode, a SPEI CLABE and a PIX QR code. They are
 * real sandbox charges, pending until someone pays them with the sandbox tools; and two fixed
 * wallets (a PIX key and a USDT address on tron) for the Wallets page. No Next.js imports.
 */
import { ApiContext } from "@/lib/api-context/context";
import type { WithLock } from "@/lib/api-context/types";
import type { Db } from "@/lib/db/scope";
import type { Keyring } from "@/lib/security/sealing";
import { chargeFormSchema } from "@/lib/charges/form";
import { createCharge } from "@/lib/charges/service";
import { createWallet } from "@/lib/wallets/service";
import { SYSTEM_ACTOR } from "@/lib/audit/audit";

type Log = (message: string) => void;

const DEMO_CHARGES = [
  {
    method: "BOLETO",
    amount: "189.90",
    externalId: "demo-boleto-1",
    description: "Pedido 1042",
    payer: {
      name: "Marina Costa",
      document: "52998224725",
      email: "marina.costa@example.com",
      phone: "11987654321",
      address: { address: "Avenida Paulista", number: "1578", district: "Bela Vista", city: "São Paulo", zipCode: "01310200", uf: "SP" },
    },
  },
  { method: "SPEI", amount: "1250.00", externalId: "demo-spei-1", payer: { name: "Jorge Ramírez", document: "RAMJ800101HDFRRS09" } },
  { method: "PIX", amount: "49.90", externalId: "demo-pix-1", payer: { name: "Rafael Oliveira", document: "11144477735", email: "rafael@example.com" } },
] as const;

export async function seedDemoCharges(db: Db, withLock: WithLock, keyring: Keyring, o: { organizationId: string; publicBaseUrl: string; log: Log }): Promise<void> {
  const ctx = new ApiContext({ db, withLock, keyring });
  const target = { organizationId: o.organizationId, environment: "sandbox" as const };
  let made = 0;
  for (const c of DEMO_CHARGES) {
    try {
      await createCharge({ db, ctx, publicBaseUrl: o.publicBaseUrl }, target, null, chargeFormSchema.parse(c));
      made++;
    } catch (e) {
      o.log(`demo charge ${c.externalId} not created: ${(e as Error).message}`);
    }
  }
  let wallets = 0;
  for (const w of [{ currency: "BRL", label: "Loja online" }, { currency: "USDT", chain: "tron", label: "Treasury USDT" }] as const) {
    try {
      await createWallet({ db, ctx }, target, SYSTEM_ACTOR, w);
      wallets++;
    } catch (e) {
      o.log(`demo wallet ${w.currency} not created: ${(e as Error).message}`);
    }
  }
  await ctx.flush();
  if (made || wallets) o.log(`created ${made} demo charges (Receive) and ${wallets} wallets (Wallets)`);
}
