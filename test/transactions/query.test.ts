/**
 * The Transactions view over the mirror: every filter narrows to exactly the rows it names, sorts
 * are by value (NUMERIC, not text), pages neither overlap nor skip, the export's keyset stream gives
 * the same rows in the same order, CSV lines carry the exact amounts, saved views are private, and
 * each row names who paid or was paid.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { isFiltered, loadTransactionSearchParams, toTransactionView, type TransactionView } from "@/lib/transactions/filters";
import { listTransactions, mirrorCurrencies, streamTransactions } from "@/lib/transactions/query";
import { csvLine, isoInZone } from "@/lib/transactions/csv";
import { deleteView, listSavedViews, saveView, SavedViewRefused } from "@/lib/transactions/saved-views";
import { createTranslator, getMessages } from "@/lib/i18n";
import { describeEachDatabase } from "../support/databases";
import { createOrganization } from "../support/connect";
import { mirrorRow } from "../support/mirror";

const SP = "America/Sao_Paulo";
const view = (query: string): TransactionView => toTransactionView(loadTransactionSearchParams(new URLSearchParams(query)));
const t = createTranslator(getMessages("en"), "en");

type NewRow = typeof schema.transactions.$inferInsert;

describe("the URL's state", () => {
  it("accepts both status vocabularies, drops malformed values instead of failing, and bounds the page size", () => {
    const v = view("status=paid,canceled,pending&min=abc&max=12,5&size=33&page=-4&currency=brl&from=2026-13-45&sort=amount.asc");
    expect(v.statuses.sort()).toEqual(["cancelled", "confirmed", "pending"]);
    expect(v.minAmount).toBeUndefined();
    expect(v.maxAmount).toBe("12.5");
    expect(v.pageSize).toBe(25);
    expect(v.page).toBe(1);
    expect(v.currency).toBe("BRL");
    expect(v.from).toBeUndefined();
    expect(v.sort).toBe("amount.asc");
    expect(view("sort=nonsense").sort).toBe("date.desc");
  });
});

describe("CSV cells", () => {
  it("writes instants in the market's wall time with its offset", () => {
    expect(isoInZone(new Date("2026-11-23T02:30:00.123Z"), SP)).toBe("2026-11-22T23:30:00.123-03:00");
    expect(isoInZone(new Date("2026-11-23T02:30:00Z"), "UTC")).toBe("2026-11-23T02:30:00.000Z");
    expect(isoInZone(new Date("2026-11-23T18:00:00Z"), "America/Mexico_City")).toBe("2026-11-23T12:00:00.000-06:00");
  });
});

describeEachDatabase("transactions view", (getDb) => {
  let org: string;
  let other: string;
  let member: string;
  let otherMember: string;
  const target = () => ({ organizationId: org, environment: "sandbox" as const });
  const ids = (rows: { transactionId: string }[]) => rows.map((r) => r.transactionId);
  const list = async (q: string) => (await listTransactions(getDb(), target(), view(q), SP)).rows;

  beforeAll(async () => {
    const db = getDb();
    const a = await createOrganization(db, "Org A", ["admin", "viewer"]);
    const b = await createOrganization(db, "Org B", ["admin"]);
    org = a.organizationId;
    member = a.members[0]!.userId;
    otherMember = a.members[1]!.userId;
    other = b.organizationId;
    const base = (id: string, o: Partial<NewRow>): NewRow => mirrorRow(org, id, o);
    await db.insert(schema.transactions).values([
      base("tx-a", { amount: "9.99", fee: "0.10", amountNet: "9.89", payerName: "Ana Souza", payerDocument: "52998224725", e2eId: "E123ABC", externalId: "order-1" }),
      base("tx-b", { amount: "100", status: "pending", payerName: "Bruno Lima", externalId: "order-2" }),
      base("tx-c", { amount: "10.5", type: "cashout", source: "cashout", status: "failed", apiCreatedAt: new Date("2026-11-21T02:30:00Z") }), // 20 Nov in São Paulo
      base("tx-d", { amount: "1000.01", method: "SPEI", currency: "MXN", apiCreatedAt: new Date("2026-11-21T03:30:00Z") }), // 21 Nov in São Paulo
      base("tx-e", { amount: "0.00050000", method: "CRYPTO", currency: "BTC", source: "wallet_deposit", txHash: "ab".repeat(32), payerName: "100%_Real" }),
      base("tx-f", { amount: "5", payerName: "=HYPERLINK(\"x\")", status: "refunded" }),
    ]);
    await db.insert(schema.transactions).values({ ...base("tx-other", { amount: "9.99", payerName: "Ana Souza" }), organizationId: other });
  });

  it("each filter narrows to exactly the rows it names, in this organisation only", async () => {
    expect(ids(await list("status=paid")).sort()).toEqual(["tx-a", "tx-d", "tx-e"]);
    expect(ids(await list("status=pending,failed")).sort()).toEqual(["tx-b", "tx-c"]);
    expect(ids(await list("type=cashout"))).toEqual(["tx-c"]);
    expect(ids(await list("source=wallet_deposit"))).toEqual(["tx-e"]);
    expect(ids(await list("method=spei"))).toEqual(["tx-d"]);
    expect(ids(await list("currency=BTC"))).toEqual(["tx-e"]);
    expect(ids(await list("id=tx-b"))).toEqual(["tx-b"]);
    expect(ids(await list("ext=order-1"))).toEqual(["tx-a"]);
    expect(ids(await list("payer=souza"))).toEqual(["tx-a"]);
    expect(ids(await list("payer=529.982.247-25"))).toEqual(["tx-a"]);
    expect(ids(await list("q=e123"))).toEqual(["tx-a"]);
    // % and _ are literal, not wildcards
    expect(ids(await list("q=100%25_"))).toEqual(["tx-e"]);
    expect(ids(await list("min=10&max=100")).sort()).toEqual(["tx-b", "tx-c"]);
    expect(ids(await list("min=9.99&max=9.99"))).toEqual(["tx-a"]);
    // Days are the market's: 02:30 UTC on the 21st is still the 20th in São Paulo.
    expect(ids(await list("from=2026-11-21"))).toEqual(["tx-d"]);
    expect(ids(await list("to=2026-11-20")).sort()).toEqual(["tx-a", "tx-b", "tx-c", "tx-e", "tx-f"]);
    expect(ids(await list("q=tx-other"))).toEqual([]);
    // Free text searches every searched column, case aside, but a match never spans two of them.
    expect(ids(await list("q=ANA%20SOUZA"))).toEqual(["tx-a"]);
    expect(ids(await list("q=2998224725"))).toEqual(["tx-a"]);
    expect(ids(await list(`q=${"ab".repeat(10)}`))).toEqual(["tx-e"]);
    expect(ids(await list("q=Souza52998"))).toEqual([]);
    expect(ids(await list("q=order-1E123"))).toEqual([]);
  });

  it("lists the currencies the organisation's mirror holds, for the filter's choices", async () => {
    expect(await mirrorCurrencies(getDb(), target())).toEqual(["BRL", "BTC", "MXN"]);
    expect(await mirrorCurrencies(getDb(), { organizationId: other, environment: "sandbox" })).toEqual(["BRL"]);
  });

  it("sorts amounts by value, not as text", async () => {
    expect(ids(await list("sort=amount.desc&currency=BRL"))).toEqual(["tx-b", "tx-c", "tx-a", "tx-f"]);
    expect(ids(await list("sort=amount.asc&type=cashin&currency=BRL"))).toEqual(["tx-f", "tx-a", "tx-b"]);
  });

  it("pages do not overlap or skip, and the export's keyset stream gives the same rows in the same order", async () => {
    const db = getDb();
    const many: NewRow[] = Array.from({ length: 130 }, (_, i) => ({
      organizationId: org,
      environment: "production",
      transactionId: `p-${String(i).padStart(3, "0")}`,
      status: "confirmed",
      currency: "BRL",
      origin: "sync",
      // ties on purpose: ten rows share each instant, and amounts repeat
      amount: String((i % 7) + 0.5),
      apiCreatedAt: new Date(Date.UTC(2026, 10, 1, 12, Math.floor(i / 10))),
    }));
    await db.insert(schema.transactions).values(many);
    const prod = { organizationId: org, environment: "production" as const };
    for (const sort of ["date.desc", "date.asc", "amount.desc", "amount.asc"]) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const p = await listTransactions(db, prod, view(`sort=${sort}&size=50&page=${page}`), SP);
        expect(p.total).toBe(130);
        expect(p.pages).toBe(3);
        seen.push(...ids(p.rows));
      }
      expect(new Set(seen).size).toBe(130);
      const streamed: string[] = [];
      for await (const batch of streamTransactions(db, prod, view(""), sort as TransactionView["sort"], SP, 7)) streamed.push(...batch.map((r) => r.transactionId));
      expect(streamed).toEqual(seen);
    }
  });

  it("a CSV line carries the exact amounts and cannot smuggle a formula into a spreadsheet", async () => {
    const rows: (typeof schema.transactions.$inferSelect)[] = [];
    for await (const b of streamTransactions(getDb(), target(), view("sort=amount.asc"), "amount.asc", SP)) rows.push(...b);
    const line = (id: string) => csvLine(rows.find((r) => r.transactionId === id)!, t, SP).split(",");
    expect(line("tx-a").slice(9, 12)).toEqual(["9.99", "0.10", "9.89"]);
    expect(line("tx-e")[9]).toBe("0.00050000");
    expect(line("tx-a")[0]).toBe("2026-11-20T12:00:00.000-03:00");
    const f = csvLine(rows.find((r) => r.transactionId === "tx-f")!, t, SP);
    expect(f).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("saved views belong to their member: named once, not empty, deleted only by their owner", async () => {
    const db = getDb();
    const saved = await saveView(db, org, member, "Paid PIX", "status=paid&method=PIX&page=3&tx=tx-a");
    expect(saved.query).toBe("status=paid&method=PIX");
    // The columns a member added are part of a view, even a view of everything.
    const columns = await saveView(db, org, member, "With fees", "cols=fee,net&page=2");
    expect(columns.query).toBe("cols=fee,net");
    await deleteView(db, org, member, columns.id);
    await expect(saveView(db, org, member, "Paid PIX", "status=pending")).rejects.toEqual(new SavedViewRefused("DUPLICATE_NAME"));
    await expect(saveView(db, org, member, "Nothing", "page=2&tx=x")).rejects.toEqual(new SavedViewRefused("NOTHING_TO_SAVE"));
    expect(await listSavedViews(db, org, otherMember)).toEqual([]);
    await expect(deleteView(db, org, otherMember, saved.id)).rejects.toEqual(new SavedViewRefused("NOT_FOUND"));
    await expect(deleteView(db, other, member, saved.id)).rejects.toEqual(new SavedViewRefused("NOT_FOUND"));
    expect((await listSavedViews(db, org, member)).map((v) => v.name)).toEqual(["Paid PIX"]);
    await deleteView(db, org, member, saved.id);
    expect(await listSavedViews(db, org, member)).toEqual([]);
  });

  it("a row names who is on the other side: a charge's payer, a payout's recipient (from this organisation's payouts), a transfer's user", async () => {
    // Last of the block: its rows would change the counts and orders checked above.
    const db = getDb();
    const env = "sandbox" as const;
    const row = (id: string, o: Partial<NewRow>): NewRow => ({ organizationId: org, environment: env, transactionId: id, status: "confirmed", currency: "BRL", origin: "sync", amount: "1", apiCreatedAt: new Date("2026-11-20T15:00:00Z"), ...o });
    await db.insert(schema.transactions).values([
      row("cp-in", { type: "cashin", source: "cashin", payerName: "Ana Souza" }),
      row("cp-spei", { type: "cashout", source: "cashout", method: "SPEI", description: "Fatura 7" }),
      row("cp-api", { type: "cashout", source: "cashout", method: "PIX", description: "Pagamento a fornecedor" }),
      row("cp-sent", { type: "cashout", source: "internal_transfer", raw: { to_user: "supplier", from_user: "shop" } }),
      row("cp-received", { type: "cashin", source: "internal_transfer", raw: { to_user: "shop", from_user: "client" } }),
      row("cp-conv", { type: "conversion", source: "conversion" }),
    ]);
    const payout = { environment: env, kind: "spei" as const, currency: "MXN", amount: "1", request: {}, state: "sent" as const };
    await db.insert(schema.payouts).values([
      { ...payout, organizationId: org, externalId: "cp-1", transactionId: "cp-spei", recipient: { clabe: "012180001234567897", bankCode: "012", bankName: "BBVA México", name: "Comercializadora del Norte" } },
      // Another organisation's payout under the same transaction id names nobody here.
      { ...payout, organizationId: other, externalId: "cp-2", transactionId: "cp-api", recipient: { name: "Someone Else", clabe: "x", bankCode: "999" } },
    ]);
    const page = await listTransactions(db, { organizationId: org, environment: env }, view("q=cp-&size=100"), SP);
    const by = Object.fromEntries(page.rows.map((r) => [r.transactionId, { flow: r.flow, counterparty: r.counterparty, description: r.description }]));
    expect(by).toEqual({
      "cp-in": { flow: "in", counterparty: "Ana Souza", description: null },
      "cp-spei": { flow: "out", counterparty: "Comercializadora del Norte · BBVA México", description: "Fatura 7" },
      "cp-api": { flow: "out", counterparty: null, description: "Pagamento a fornecedor" },
      "cp-sent": { flow: "out", counterparty: "@supplier", description: null },
      "cp-received": { flow: "in", counterparty: "@client", description: null },
      "cp-conv": { flow: null, counterparty: null, description: null },
    });
  });
});

describe("isFiltered", () => {
  it("a view that only sorts, pages or sizes selects everything; any filter narrows it", () => {
    const view = (q: string) => toTransactionView(loadTransactionSearchParams(new URLSearchParams(q)));
    expect(isFiltered(view(""))).toBe(false);
    expect(isFiltered(view("size=100&sort=amount.desc&page=3"))).toBe(false);
    expect(isFiltered(view("status=confirmed"))).toBe(true);
    expect(isFiltered(view("q=Ana"))).toBe(true);
    expect(isFiltered(view("min=10"))).toBe(true);
  });
});
