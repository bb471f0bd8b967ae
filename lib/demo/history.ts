/**
 * The demo's living history (`npm start` on the embedded default): a sandbox account for the demo
 * organisation, with about 200 transactions over the past 60 days of every kind, created through the
 * sandbox's `/v2` API and its control API exactly as a merchant's integration and its payers would
 * have made them. Nothing is written into the dashboard's own tables here.
 *
 * How the past is reached: the sandbox clock is set 60 days back (`PUT /sandbox/clock`), and moved
 * forward event by event (`POST /sandbox/clock/advance`), so every fee, balance, limit, expiry and
 * deadline is computed by the sandbox itself at the time the event happened; at the end the clock is
 * back at real time. The client signs with the sandbox's time (its `now` follows the clock).
 *
 * Deterministic for a given seed (names, amounts, times), so the demo looks the same on every fresh
 * start. No Next.js imports: scripts/start.ts and the tests run it.
 */
import { randomUUID } from "node:crypto";
import { PaymentApiClient, type PaymentApiClientOptions } from "@/lib/payment-api";
import { generateAddress, generateClabe, generateCnpj, generateCpf } from "@/lib/payments";
import { randomInt, randomPick, seededRng, type Rng } from "@/lib/payments/rng";
import { SandboxControl, type SandboxCredential } from "@/lib/sandbox-control/client";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export type DemoHistoryResult = {
  /** transactions created (cash-ins, payouts, transfers, conversions, deposits) */
  transactions: number;
  username: string;
  name: string;
  credential: SandboxCredential;
  counts: Record<string, number>;
  /** infraction ids still open, with their deadlines */
  openInfractions: { id: string; deadlineAt: string }[];
  ms: number;
};

export type DemoHistoryOptions = {
  sandboxUrl: string;
  adminToken: string;
  /** the real "now" the history ends at (default Date.now()) */
  now?: number;
  days?: number;
  seed?: number;
  log?: (message: string) => void;
  /** suffix of the sandbox usernames (random by default, so two dashboards can share one sandbox) */
  suffix?: string;
};

const FIRST = ["Ana", "Bruno", "Camila", "Diego", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela", "João", "Larissa", "Marcos", "Natália", "Otávio", "Paula", "Rafael", "Sofia", "Tiago", "Vitória", "Yasmin"];
const LAST = ["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho"];
const MX_FIRST = ["Alejandro", "Beatriz", "Carlos", "Daniela", "Emilio", "Fernanda", "Guadalupe", "Héctor", "Jimena", "Luis", "Mariana", "Ricardo"];
const MX_LAST = ["Hernández", "García", "Martínez", "López", "González", "Pérez", "Sánchez", "Ramírez", "Torres", "Flores"];
const CITIES = [
  { city: "São Paulo", uf: "SP", district: "Pinheiros", zip: "05422010" },
  { city: "Rio de Janeiro", uf: "RJ", district: "Botafogo", zip: "22250040" },
  { city: "Belo Horizonte", uf: "MG", district: "Savassi", zip: "30140071" },
  { city: "Curitiba", uf: "PR", district: "Batel", zip: "80420090" },
  { city: "Recife", uf: "PE", district: "Boa Viagem", zip: "51020010" },
];

type Op = { at: number; label: string; run: () => Promise<void> };

/** Money with at most `decimals` places, from a range, as a number the API takes. */
function amountIn(rng: Rng, min: number, max: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round((min + rng() * (max - min)) * f) / f;
}

export async function seedDemoHistory(o: DemoHistoryOptions): Promise<DemoHistoryResult> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const rng = seededRng(o.seed ?? 20_261_123);
  const days = o.days ?? 60;
  const end = o.now ?? Date.now();
  const begin = end - days * DAY;
  const suffix = o.suffix ?? randomUUID().slice(0, 8);
  const control = new SandboxControl(o.sandboxUrl, o.adminToken);
  const counts: Record<string, number> = {};
  const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);

  // --- accounts: the merchant, and a supplier it pays and is paid by -----------------------------
  const name = "Demo Merchant Ltda";
  const merchant = await control.createAccount({
    username: `demo-${suffix}`,
    name,
    document: generateCnpj(rng),
    balances: { BRL: 18_500, MXN: 120_000, USDT: 6_000, USDC: 1_500, BTC: "0.35", ETH: "2.5" },
  });
  const supplier = await control.createAccount({ username: `demo-${suffix}-supplier`, name: "Fornecedora Exemplo Ltda", document: generateCnpj(rng), balances: { BRL: 40_000, USDT: 2_000 } });
  await control.activate(merchant.credential.client_id);
  await control.activate(supplier.credential.client_id);

  // --- the clock: 60 days back, then forward event by event ---------------------------------------
  let offsetMs = 0;
  const sandboxNow = () => Date.now() + offsetMs;
  const setOffset = async (seconds: number) => {
    const r = await control.setClock(seconds);
    offsetMs = r.offset_seconds * 1000;
  };
  const moveTo = async (at: number) => {
    const delta = Math.floor((at - sandboxNow()) / 1000);
    if (delta > 0) {
      const r = await control.advanceClock(delta);
      offsetMs = r.offset_seconds * 1000;
    }
  };
  const clientOf = (cred: SandboxCredential): PaymentApiClient => {
    const opts: PaymentApiClientOptions = {
      baseUrl: o.sandboxUrl,
      clientId: cred.client_id,
      clientSecret: cred.client_secret,
      signingKey: cred.signing_key,
      now: sandboxNow,
      maxRetries: 2,
    };
    return new PaymentApiClient(opts);
  };
  const api = clientOf(merchant.credential);
  const supplierApi = clientOf(supplier.credential);

  const ops: Op[] = [];
  const at = (t: number, label: string, run: () => Promise<void>) => {
    if (t < end - MINUTE) ops.push({ at: t, label, run });
  };
  const payer = () => {
    const n = `${randomPick(rng, FIRST)} ${randomPick(rng, LAST)}`;
    return { name: n, document: generateCpf(rng), email: `${n.toLowerCase().normalize("NFD").replace(/[^a-z ]/g, "").replace(/ /g, ".")}@example.com` };
  };
  const mxPayer = () => ({ name: `${randomPick(rng, MX_FIRST)} ${randomPick(rng, MX_LAST)}`, document: `${randomPick(rng, ["GOMA", "HERL", "PEGC"])}8${randomInt(rng, 9)}0${randomInt(rng, 9)}1${randomInt(rng, 9)}H` });
  const dayTime = (d: number) => begin + d * DAY + (12 + randomInt(rng, 11)) * HOUR + randomInt(rng, 60) * MINUTE;
  const pay = (id: string) => control.simulate(id, { event: "cashin.confirmed" });

  /** PIX cash-ins a confirmed payment of which may later carry an infraction */
  const pixPaid: { id: string; at: number }[] = [];

  // --- cash-ins --------------------------------------------------------------------------------
  for (let d = 0; d < days; d++) {
    const pixToday = rng() < 0.25 ? 2 : 1;
    for (let i = 0; i < pixToday; i++) {
      const t = dayTime(d);
      const fate = rng();
      at(t, "PIX charge", async () => {
        const c = await api.cashin.create({ amount: amountIn(rng, 35, 2_400), currency: "BRL", payer: payer() });
        count("cashin.pix");
        if (fate < 0.1) {
          count("outcome.expired"); // nobody pays: the sandbox expires it after an hour
          return;
        }
        const paidAt = t + (2 + randomInt(rng, 40)) * MINUTE;
        at(paidAt, "PIX paid", async () => {
          await pay(c.transaction_id);
          if (fate <= 0.95) pixPaid.push({ id: c.transaction_id, at: paidAt });
          else {
            at(paidAt + (1 + randomInt(rng, 3)) * DAY, "PIX refund", async () => {
              await control.simulate(c.transaction_id, { event: "cashin.refunded" });
              count("outcome.refunded");
            });
          }
        });
      });
    }
    if (d % 2 === 0) {
      const t = dayTime(d);
      at(t, "SPEI charge", async () => {
        const c = await api.cashin.create({ amount: amountIn(rng, 500, 40_000), currency: "MXN", payer: mxPayer() });
        count("cashin.spei");
        at(t + (10 + randomInt(rng, 240)) * MINUTE, "SPEI paid", () => pay(c.transaction_id).then(() => undefined));
      });
    }
    if (d % 4 === 1) {
      const t = dayTime(d);
      at(t, "boleto", async () => {
        const p = payer();
        const place = randomPick(rng, CITIES);
        const b = await api.boleto.create({
          amount: amountIn(rng, 90, 3_500),
          method: rng() < 0.5 ? "BOLETO" : "PIX_BOLETO",
          payer: {
            ...p,
            phone: `11${9}${String(10_000_000 + randomInt(rng, 89_999_999))}`,
            address: { address: "Rua Exemplo", number: String(10 + randomInt(rng, 990)), district: place.district, city: place.city, zipCode: place.zip, uf: place.uf },
          },
          description: "Pedido da loja online",
        });
        count("cashin.boleto");
        at(t + (1 + randomInt(rng, 2)) * DAY + randomInt(rng, 6) * HOUR, "boleto paid", () => pay(b.transaction_id).then(() => undefined));
      });
    }
    if (d % 5 === 2) {
      const t = dayTime(d);
      const btc = rng() < 0.35;
      at(t, "crypto charge", async () => {
        const c = btc
          ? await api.cashin.create({ amount: amountIn(rng, 0.002, 0.04, 6), currency: "BTC", chain: "bitcoin", payer: payer() })
          : await api.cashin.create({ amount: amountIn(rng, 100, 3_000), currency: "USDT", chain: "tron", payer: payer() });
        count("cashin.crypto");
        at(t + (5 + randomInt(rng, 15)) * MINUTE, "crypto paid", () => pay(c.transaction_id).then(() => undefined));
      });
    }
  }

  // --- payouts (exactly one fails) ---------------------------------------------------------------
  const failedPayoutDay = 23;
  for (let d = 1; d < days; d++) {
    if (d % 3 === 0) {
      const t = dayTime(d);
      const fail = d === failedPayoutDay + 1;
      at(t, "PIX payout", async () => {
        const kind = randomPick(rng, ["email", "cpf", "phone", "random"] as const);
        const key = kind === "email" ? "financeiro@fornecedor.example.com" : kind === "cpf" ? generateCpf(rng) : kind === "phone" ? "+5511987654321" : randomUUID();
        const c = await api.cashout.create({ amount: amountIn(rng, 150, 4_000), currency: "BRL", key, key_type: kind, description: "Pagamento a fornecedor" });
        count("cashout.pix");
        at(t + (1 + randomInt(rng, 8)) * MINUTE, "PIX payout settles", async () => {
          await control.simulate(c.transaction_id, fail ? { event: "cashout.failed", error_code: "PIX_KEY_NOT_FOUND" } : { event: "cashout.confirmed" });
          if (fail) count("outcome.payout_failed");
        });
      });
    }
    if (d % 7 === 4) {
      const t = dayTime(d);
      at(t, "SPEI payout", async () => {
        const c = await api.cashout.create({ amount: amountIn(rng, 2_000, 25_000), currency: "MXN", key: generateClabe(rng), name: `${randomPick(rng, MX_FIRST)} ${randomPick(rng, MX_LAST)}` });
        count("cashout.spei");
        at(t + (2 + randomInt(rng, 20)) * MINUTE, "SPEI payout settles", () => control.simulate(c.transaction_id, { event: "cashout.confirmed" }).then(() => undefined));
      });
    }
    if (d % 10 === 6) {
      const t = dayTime(d);
      at(t, "crypto payout", async () => {
        const c = await api.cashout.create({ amount: amountIn(rng, 50, 900), currency: "USDT", key: generateAddress("tron", rng), network: "tron" });
        count("cashout.crypto");
        at(t + (3 + randomInt(rng, 20)) * MINUTE, "crypto payout settles", () => control.simulate(c.transaction_id, { event: "cashout.confirmed" }).then(() => undefined));
      });
    }
  }

  // --- transfers, conversions, wallets -----------------------------------------------------------
  for (let d = 3; d < days; d++) {
    if (d % 9 === 3) at(dayTime(d), "transfer out", async () => {
      await api.transfers.create({ username: supplier.username, amount: amountIn(rng, 100, 1_500), currency: "BRL", description: "Acerto de contas" });
      count("transfer.sent");
    });
    if (d % 14 === 8) at(dayTime(d), "transfer in", async () => {
      await supplierApi.transfers.create({ username: merchant.username, amount: amountIn(rng, 200, 2_500), currency: "BRL", description: "Reembolso de frete" });
      count("transfer.received");
    });
    if (d % 8 === 5) at(dayTime(d), "conversion", async () => {
      if (rng() < 0.5) await api.conversions.create({ amount: amountIn(rng, 100, 800), base_currency: "USDT", destination_currency: "BRL" });
      else await api.conversions.create({ amount: amountIn(rng, 500, 3_000), base_currency: "BRL", destination_currency: "USDT" });
      count("conversion");
    });
  }
  let pixWallet = "";
  let usdtWallet = "";
  at(begin + 2 * DAY + 15 * HOUR, "wallets", async () => {
    pixWallet = (await api.wallets.create({ currency: "BRL" })).wallet_id;
    usdtWallet = (await api.wallets.create({ currency: "USDT", chain: "tron" })).wallet_id;
    count("wallets");
    count("wallets");
  });
  for (let d = 4; d < days; d += 3) {
    const brl = d % 2 === 0;
    at(dayTime(d), "wallet deposit", async () => {
      const p = payer();
      await control.deposit(brl ? pixWallet : usdtWallet, {
        amount: brl ? amountIn(rng, 40, 900) : amountIn(rng, 25, 600),
        payer: { name: p.name, document: p.document },
      });
      count("wallet.deposit");
    });
  }

  // --- infractions: two settled long ago, three open, due in about 5 days, 20 hours and 4 hours ---
  const openInfractions: { id: string; deadlineAt: string }[] = [];
  const infraction = (t: number, type: "REFUND_REQUEST" | "FRAUD", reason: string, outcome?: "won" | "lost") =>
    at(t, "infraction", async () => {
      const target = [...pixPaid].reverse().find((p) => p.at < t - HOUR);
      if (!target) return;
      pixPaid.splice(pixPaid.indexOf(target), 1);
      const inf = await control.openInfraction({ transaction_id: target.id, type, reason });
      count("infractions");
      if (outcome) at(t + 4 * DAY, "infraction resolved", () => control.resolveInfraction(inf.infraction_id, outcome).then(() => undefined));
      else openInfractions.push({ id: inf.infraction_id, deadlineAt: inf.deadline_at });
    });
  infraction(end - 41 * DAY, "REFUND_REQUEST", "Produto não entregue", "won");
  infraction(end - 28 * DAY, "FRAUD", "Transação não reconhecida pelo titular", "lost");
  infraction(end - 6 * DAY - 20 * HOUR, "FRAUD", "Pagamento feito sob golpe do falso vendedor");
  infraction(end - 6 * DAY - 4 * HOUR, "REFUND_REQUEST", "Serviço não prestado conforme combinado");
  infraction(end - 2 * DAY, "REFUND_REQUEST", "Mercadoria com defeito, loja não responde");

  // --- the last half hour: charges still waiting for their payers --------------------------------
  at(end - 25 * MINUTE, "pending PIX", async () => {
    await api.cashin.create({ amount: 129.9, currency: "BRL", payer: payer() });
    count("cashin.pix");
  });
  at(end - 12 * MINUTE, "pending SPEI", async () => {
    await api.cashin.create({ amount: 4_500, currency: "MXN", payer: mxPayer() });
    count("cashin.spei");
  });

  // --- run, in time order (ops may schedule later ops) -------------------------------------------
  log(`creating the demo's history: ${days} days of activity through the sandbox API…`);
  await setOffset(Math.floor((begin - Date.now()) / 1000));
  let done = 0;
  while (ops.length > 0) {
    ops.sort((a, b) => a.at - b.at);
    const op = ops.shift()!;
    await moveTo(op.at);
    await op.run();
    if (++done % 100 === 0) log(`  ${done} events…`);
  }
  await setOffset(0);
  const ms = Date.now() - started;
  const transactions = Object.entries(counts)
    .filter(([k]) => /^(cashin|cashout|transfer|conversion|wallet\.deposit)/.test(k))
    .reduce((a, [, n]) => a + n, 0);
  log(`the demo's history is ready: ${transactions} transactions over ${days} days, in ${(ms / 1000).toFixed(1)} s`);
  return { transactions, username: merchant.username, name, credential: merchant.credential, counts, openInfractions, ms };
}
