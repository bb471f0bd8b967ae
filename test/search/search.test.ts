/**
 * Global search (lib/search) on a real database: what a member types finds the records it names,
 * inside their organisation, environment and role, and nothing else: transactions by any id, the
 * payer's name and document typed with or without its punctuation, the recipient of a payout and the
 * amount in either market's writing; charges, payouts, batches, conversions, wallets and infractions
 * by id; members for admins only; pages and actions by name in the member's language; recent
 * searches per member. The predicates are the ones the trigram indexes serve (checked with EXPLAIN).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { createTranslator, getMessages } from "@/lib/i18n";
import { search } from "@/lib/search";
import { destinationsFor, matchDestinations } from "@/lib/search/catalog";
import { searchRecords, type Searcher } from "@/lib/search/query";
import { clearRecentSearches, recentSearches, rememberSearch, RECENT_SEARCHES_KEPT } from "@/lib/search/recent";
import { amountCandidates, cleanSearchText, transactionTextMatch, unmaskedDigits, wholeSettlementId } from "@/lib/search/text";
import { listTransactions } from "@/lib/transactions/query";
import { loadTransactionSearchParams, toTransactionView } from "@/lib/transactions/filters";
import { describeEachDatabase } from "../support/databases";
import { createOrganization } from "../support/connect";
import { mirrorRow, type MirrorRow } from "../support/mirror";

const en = createTranslator(getMessages("en"), "en");
const pt = createTranslator(getMessages("pt-BR"), "pt-BR");
const es = createTranslator(getMessages("es-MX"), "es-MX");

describe("what a member types", () => {
  it("reads amounts in both markets' writing, and a bare thousands group both ways", () => {
    expect(amountCandidates("120,50")).toEqual(["120.5"]);
    expect(amountCandidates("120.50")).toEqual(["120.5"]);
    expect(amountCandidates("1.234,56")).toEqual(["1234.56"]);
    expect(amountCandidates("1,234.56")).toEqual(["1234.56"]);
    expect(amountCandidates("R$ 1.234,56")).toEqual(["1234.56"]);
    expect(amountCandidates("1.234").sort()).toEqual(["1.234", "1234"]);
    expect(amountCandidates("1.234.567")).toEqual(["1234567"]);
    expect(amountCandidates("0.0005")).toEqual(["0.0005"]);
    expect(amountCandidates("Ana")).toEqual([]);
    expect(amountCandidates("12a")).toEqual([]);
    expect(amountCandidates("1e9")).toEqual([]);
  });

  it("takes a document's or phone's punctuation off, and leaves other text alone", () => {
    expect(unmaskedDigits("529.982.247-25")).toBe("52998224725");
    expect(unmaskedDigits("12.345.678/0001-95")).toBe("12345678000195");
    expect(unmaskedDigits("(11) 99999-1234")).toBe("11999991234");
    expect(unmaskedDigits("52998224725")).toBeNull();
    expect(unmaskedDigits("order-1")).toBeNull();
    expect(unmaskedDigits("Ana Souza")).toBeNull();
    expect(cleanSearchText("  Ana\u0000  Souza\u001f ")).toBe("Ana Souza");
    expect(cleanSearchText("x".repeat(500))).toHaveLength(100);
  });

  it("knows a whole e2e id or on-chain hash when it sees one", () => {
    expect(wholeSettlementId("E9999999920261120150012345678901")).toEqual({ e2eId: "E9999999920261120150012345678901" });
    expect(wholeSettlementId("E99999999202611201500")).toBeNull();
    expect(wholeSettlementId(`0x${"AB".repeat(32)}`)).toEqual({ txHash: [`0x${"AB".repeat(32)}`, `0x${"ab".repeat(32)}`] });
    expect(wholeSettlementId("ab".repeat(31))).toBeNull();
  });
});

describe("pages and actions, by name in the member's language, for what the role may do", () => {
  const names = (t: typeof en, role: schema.Role, text: string, env: schema.ApiEnvironment = "sandbox") => matchDestinations(t, destinationsFor(role, env), text).map((d) => d.id);

  it("finds 'new PIX charge', 'send' and 'switch to production' in English, Portuguese and Spanish", () => {
    expect(names(en, "admin", "new pix")[0]).toBe("new-pix-charge");
    expect(names(pt, "admin", "nova cobranca")[0]).toBe("new-pix-charge");
    expect(names(es, "admin", "nuevo cobro")[0]).toBe("new-pix-charge");
    expect(names(en, "operator", "send")).toEqual(expect.arrayContaining(["page:/send", "send-money"]));
    expect(names(pt, "operator", "enviar dinheiro")).toContain("send-money");
    expect(names(en, "admin", "switch to production")).toEqual(["switch-production"]);
    expect(names(es, "admin", "cambiar a produccion")).toEqual(["switch-production"]);
    // In production, the switch goes the other way.
    expect(names(en, "admin", "switch to", "production")).toEqual(["switch-sandbox"]);
    expect(names(en, "admin", "team")).toEqual(expect.arrayContaining(["page:/settings/team", "invite-member"]));
  });

  it("offers a viewer no send action and no team page, and support only what support may do", () => {
    for (const text of ["send", "transfer", "bulk", "convert", "pay", "payout"]) expect(names(en, "viewer", text).filter((id) => !id.startsWith("page:"))).toEqual([]);
    expect(names(en, "viewer", "team")).toEqual([]);
    expect(names(en, "viewer", "member")).toEqual([]);
    expect(names(en, "viewer", "credentials")).toEqual([]);
    expect(names(en, "support", "answer")).toEqual(["reply-infraction"]);
    expect(names(en, "support", "send money")).toEqual([]);
  });
});

describeEachDatabase("global search", (getDb) => {
  let org: string;
  let admin: string;
  let viewer: string;
  let otherOrg: string;
  const CPF = "52998224725";
  const E2E = "E9999999920261120150012345678901";
  const sandbox = () => ({ organizationId: org, environment: "sandbox" as const });
  const asAdmin = (): Searcher => ({ scope: sandbox(), role: "admin" });
  const txIds = async (text: string, who: Searcher = asAdmin()) => (await searchRecords(getDb(), who, text)).transactions.hits.map((h) => h.transactionId).sort();

  beforeAll(async () => {
    const db = getDb();
    const a = await createOrganization(db, "Search Org", ["admin", "viewer"]);
    const b = await createOrganization(db, "Other Org", ["admin"]);
    org = a.organizationId;
    admin = a.members[0]!.userId;
    viewer = a.members[1]!.userId;
    otherOrg = b.organizationId;
    await db.execute(sql`update users set name = 'Beatriz Admin', email = 'beatriz@search.test' where id = ${admin}`);
    await db.execute(sql`update users set name = 'Vitor Viewer', email = 'vitor@search.test' where id = ${viewer}`);
    const tx = (id: string, o: Partial<MirrorRow>) => mirrorRow(org, id, o);
    await db.insert(schema.transactions).values([
      tx("tx-ana-1", { amount: "120.50", payerName: "Ana Souza", payerDocument: CPF, e2eId: E2E, externalId: "order-1001" }),
      tx("tx-ana-2", { amount: "33", payerName: "Ana Souza", payerDocument: "529.982.247-25", apiCreatedAt: new Date("2026-11-21T15:00:00Z") }),
      tx("tx-bruno", { amount: "1234.56", payerName: "Bruno Lima", payerDocument: "11144477735", externalId: "order-1002" }),
      tx("tx-hash", { amount: "0.0005", currency: "BTC", method: "CRYPTO", txHash: `0x${"ab".repeat(32)}` }),
      tx("tx-out", { amount: "75", type: "cashout", source: "cashout", status: "pending", externalId: "payout-ext-1" }),
      tx("tx-conv", { amount: "100", type: "conversion", source: "conversion", method: "CONVERSION" }),
      // The same payer in production, and in another organisation: never found from here.
      tx("tx-prod", { environment: "production", amount: "120.50", payerName: "Ana Souza", payerDocument: CPF }),
      { ...tx("tx-other", { amount: "120.50", payerName: "Ana Souza", payerDocument: CPF, e2eId: `${E2E.slice(0, -1)}9` }), organizationId: otherOrg },
    ]);
    const [batch] = await db.insert(schema.payoutBatches).values({ organizationId: org, environment: "sandbox", reference: "B-7Q2X", fileName: "march.csv", state: "done", rowCount: 3 }).returning();
    await db.insert(schema.payouts).values([
      { organizationId: org, environment: "sandbox", externalId: "payout-ext-1", kind: "spei", currency: "MXN", amount: "75", recipient: { clabe: "012180001234567891", bankCode: "012", name: "Comercializadora del Norte" }, request: {}, state: "sent", transactionId: "tx-out" },
      { organizationId: org, environment: "sandbox", externalId: "payout-ext-2", kind: "pix", currency: "BRL", amount: "10", recipient: { keyType: "cpf", key: "11144477735" }, request: {}, state: "awaiting_approval", batchId: batch!.id, rowNumber: 1 },
    ]);
    await db.insert(schema.charges).values({ organizationId: org, environment: "sandbox", externalId: "charge-ext-1", method: "PIX", currency: "BRL", amount: "120.50", payer: { name: "Ana Souza", document: CPF }, request: {}, state: "created", transactionId: "tx-ana-1", payToken: "tok-search-1" });
    await db.insert(schema.conversions).values({ organizationId: org, environment: "sandbox", externalId: "conv-ext-1", baseCurrency: "BRL", destinationCurrency: "USDT", amount: "100", request: {}, state: "done", conversionId: "tx-conv" });
    for (let i = 0; i < 14; i++) {
      await db.insert(schema.wallets).values({ organizationId: org, environment: "sandbox", walletId: `wallet-${i}`, currency: "BRL", pixKey: `key-${i}`, createdAt: new Date(Date.UTC(2026, 10, 1 + i)) });
    }
    await db.insert(schema.infractions).values({ organizationId: org, environment: "sandbox", infractionId: "inf-9001", status: "open", type: "FRAUD", amount: "120.50", currency: "BRL", transactionId: "tx-ana-1", deadlineAt: new Date("2026-11-27T15:00:00Z") });
  });

  it("finds a transaction by its e2e id, whole or in part, and only in this organisation and environment", async () => {
    expect(await txIds(E2E)).toEqual(["tx-ana-1"]);
    expect(await txIds(E2E.slice(8, 24))).toEqual(["tx-ana-1"]);
    const [hit] = (await searchRecords(getDb(), asAdmin(), E2E)).transactions.hits;
    expect(hit).toMatchObject({ transactionId: "tx-ana-1", matched: "e2eId", counterparty: "Ana Souza", amount: "120.50", status: "confirmed" });
    // The document leaves the server masked.
    expect(hit!.payerDocument).toBe("***.982.247-**");
    expect(await txIds(E2E, { scope: { organizationId: org, environment: "production" }, role: "admin" })).toEqual([]);
    expect(await txIds(`${E2E.slice(0, -1)}9`)).toEqual([]);
  });

  it("finds a payer's transactions by their CPF typed with or without dots, however it was stored", async () => {
    expect(await txIds("529.982.247-25")).toEqual(["tx-ana-1", "tx-ana-2"]);
    expect(await txIds(CPF)).toEqual(["tx-ana-1", "tx-ana-2"]);
    expect(await txIds("982.247")).toEqual(["tx-ana-1", "tx-ana-2"]);
    expect(await txIds("ana souza")).toEqual(["tx-ana-1", "tx-ana-2"]);
    // Newest first.
    expect((await searchRecords(getDb(), asAdmin(), CPF)).transactions.hits.map((h) => h.transactionId)).toEqual(["tx-ana-2", "tx-ana-1"]);
    // The Transactions page's free text reads documents the same way.
    const page = await listTransactions(getDb(), sandbox(), toTransactionView(loadTransactionSearchParams(new URLSearchParams("q=529.982.247-25"))), "America/Sao_Paulo");
    expect(page.rows.map((r) => r.transactionId).sort()).toEqual(["tx-ana-1", "tx-ana-2"]);
  });

  it("finds amounts written either way, exactly (NUMERIC), and ids, hashes and references", async () => {
    expect(await txIds("120,50")).toEqual(["tx-ana-1"]);
    expect(await txIds("120.50")).toEqual(["tx-ana-1"]);
    expect(await txIds("120.5")).toEqual(["tx-ana-1"]);
    expect(await txIds("1.234,56")).toEqual(["tx-bruno"]);
    expect(await txIds("1,234.56")).toEqual(["tx-bruno"]);
    expect(await txIds("0,0005")).toEqual(["tx-hash"]);
    expect((await searchRecords(getDb(), asAdmin(), "120,50")).transactions.hits[0]!.matched).toBe("amount");
    expect(await txIds("ab".repeat(12))).toEqual(["tx-hash"]);
    // A whole hash, pasted in capitals, is looked up whole.
    expect(await txIds(`0x${"AB".repeat(32)}`)).toEqual(["tx-hash"]);
    expect(await txIds("order-100")).toEqual(["tx-ana-1", "tx-bruno"]);
    expect(await txIds("tx-bruno")).toEqual(["tx-bruno"]);
    // Two characters are not looked for inside text (only as a whole id or an amount).
    expect(await txIds("an")).toEqual([]);
  });

  it("finds money out by its recipient, whom only the payout sent from here names", async () => {
    const { hits } = (await searchRecords(getDb(), asAdmin(), "comercializadora")).transactions;
    expect(hits.map((h) => h.transactionId)).toEqual(["tx-out"]);
    expect(hits[0]).toMatchObject({ matched: "recipient", counterparty: "Comercializadora del Norte · 012" });
  });

  it("finds charges, payouts, batches, conversions, wallets and infractions by their ids", async () => {
    const db = getDb();
    const r = await searchRecords(db, asAdmin(), "charge-ext-1");
    expect(r.charges.map((c) => [c.externalId, c.status, c.payerName])).toEqual([["charge-ext-1", "confirmed", "Ana Souza"]]);
    expect((await searchRecords(db, asAdmin(), r.charges[0]!.id)).charges).toHaveLength(1);
    expect((await searchRecords(db, asAdmin(), "tx-ana-1")).charges).toHaveLength(1);
    const payouts = (await searchRecords(db, asAdmin(), "payout-ext-2")).payouts;
    expect(payouts.map((p) => [p.kind, p.state, p.recipient, p.transactionId])).toEqual([["pix", "awaiting_approval", "11144477735", null]]);
    expect((await searchRecords(db, asAdmin(), "B-7Q2X")).batches.map((b) => [b.reference, b.rowCount])).toEqual([["B-7Q2X", 3]]);
    expect((await searchRecords(db, asAdmin(), "tx-conv")).conversions.map((c) => c.externalId)).toEqual(["conv-ext-1"]);
    // Wallets are listed newest first, 12 a page: the oldest two are on page 2.
    expect((await searchRecords(db, asAdmin(), "wallet-13")).wallets.map((w) => [w.walletId, w.kind, w.page])).toEqual([["wallet-13", "pix_key", 1]]);
    expect((await searchRecords(db, asAdmin(), "wallet-0")).wallets.map((w) => [w.walletId, w.page])).toEqual([["wallet-0", 2]]);
    expect((await searchRecords(db, asAdmin(), "key-5")).wallets.map((w) => w.walletId)).toEqual(["wallet-5"]);
    expect((await searchRecords(db, asAdmin(), "inf-9001")).infractions.map((i) => [i.infractionId, i.type, i.status])).toEqual([["inf-9001", "FRAUD", "open"]]);
    // A part of an id is not an id: records other than transactions are found whole.
    expect((await searchRecords(db, asAdmin(), "charge-ext")).charges).toEqual([]);
    // Not from another organisation or environment.
    expect((await searchRecords(db, { scope: { organizationId: otherOrg, environment: "sandbox" }, role: "admin" }, "charge-ext-1")).charges).toEqual([]);
    expect((await searchRecords(db, { scope: { organizationId: org, environment: "production" }, role: "admin" }, "inf-9001")).infractions).toEqual([]);
  });

  it("finds members by name or e-mail for admins, and gives a viewer no member list at all", async () => {
    const db = getDb();
    expect((await searchRecords(db, asAdmin(), "vitor")).members?.map((m) => [m.name, m.role])).toEqual([["Vitor Viewer", "viewer"]]);
    expect((await searchRecords(db, asAdmin(), "beatriz@search")).members?.map((m) => m.name)).toEqual(["Beatriz Admin"]);
    // Another organisation's admin (an e-mail at test.dev, as only they have) is not a member here.
    expect((await searchRecords(db, { scope: { organizationId: otherOrg, environment: "sandbox" }, role: "admin" }, "test.dev")).members).toHaveLength(1);
    expect((await searchRecords(db, asAdmin(), "test.dev")).members).toEqual([]);
    expect((await searchRecords(db, { scope: sandbox(), role: "viewer" }, "vitor")).members).toBeNull();
  });

  it("remembers each member's searches on their own, newest first, a few only", async () => {
    const db = getDb();
    const me = { userId: viewer, organizationId: org };
    await rememberSearch(db, me, "  ana  souza ");
    await rememberSearch(db, me, "order-1001");
    await rememberSearch(db, me, "a"); // too short to keep
    await rememberSearch(db, me, "ana souza"); // again: it moves up
    expect(await recentSearches(db, me)).toEqual(["ana souza", "order-1001"]);
    expect(await recentSearches(db, { userId: admin, organizationId: org })).toEqual([]);
    expect(await recentSearches(db, { userId: viewer, organizationId: otherOrg })).toEqual([]);
    for (let i = 0; i < 12; i++) await rememberSearch(db, me, `search ${i}`);
    expect(await recentSearches(db, me, 50)).toHaveLength(RECENT_SEARCHES_KEPT);
    expect((await recentSearches(db, me))[0]).toBe("search 11");
    // With nothing typed, the palette shows them, and what the member may do.
    const empty = await search(db, { userId: viewer, role: "viewer", scope: sandbox() }, "", en);
    expect(empty.recent[0]).toBe("search 11");
    expect(empty.destinations.map((d) => d.id)).toEqual(["switch-production"]);
    await clearRecentSearches(db, me);
    expect(await recentSearches(db, me)).toEqual([]);
  });

  it("answers a viewer with no member list and no send action, and an admin with both", async () => {
    const db = getDb();
    const asViewer = await search(db, { userId: viewer, role: "viewer", scope: sandbox() }, "send", en);
    expect(asViewer.records?.members).toBeNull();
    expect(asViewer.destinations.filter((d) => d.group === "actions")).toEqual([]);
    const asAdminAnswer = await search(db, { userId: admin, role: "admin", scope: sandbox() }, "send", en);
    expect(asAdminAnswer.destinations.filter((d) => d.group === "actions").map((d) => d.label)).toContain("Send money");
    expect((await search(db, { userId: admin, role: "admin", scope: sandbox() }, "vitor", pt)).records?.members?.map((m) => m.name)).toEqual(["Vitor Viewer"]);
  });

  it("reads the mirror and payouts through their indexes (each predicate is the indexed expression)", async () => {
    const db = getDb();
    const plan = async (q: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        // Only the index on the searched expression can answer then (the table is too small to need it otherwise).
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const rows = (await tx.execute(sql`explain ${q}`)) as unknown as { rows: Record<string, string>[] };
        return rows.rows.map((r) => Object.values(r)[0]).join("\n");
      });
    expect(await plan(sql`select transaction_id from transactions where ${transactionTextMatch("529.982.247-25")}`)).toContain("transactions_search_idx");
    expect(await plan(sql`select transaction_id from payouts where ${schema.PAYOUT_SEARCH_TEXT} ilike '%norte%'`)).toContain("payouts_search_idx");
    expect(await plan(sql`select transaction_id from transactions where e2e_id = ${E2E}`)).toContain("transactions_e2e_idx");
  });
});
