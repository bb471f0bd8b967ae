/**
 * The palette's answer (lib/search) as what the member reads: groups of options, each a line in
 * their language, amounts and dates in their formats, and where choosing it leads. Worked out on
 * the server (app/api/search/route.ts), in the member's language and zone. Opening a
 * transaction opens its sheet on the Transactions page (`?tx=`), as a row of that page does.
 */
import { walletName } from "@/components/wallets/labels";
import { formatMoney, formatShortDateTime } from "@/lib/i18n/format";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { SearchResponse } from "@/lib/search";
import type { DestinationRun } from "@/lib/search/catalog";
import type { TransactionHit } from "@/lib/search/query";
import { serializeTransactionSearchParams } from "@/lib/transactions/filters";
import { kindLabel } from "@/lib/transactions/kind";
import type { Locale } from "@/lib/vocabulary";

export type OptionGroupId = "recent" | "transactions" | "charges" | "payouts" | "batches" | "conversions" | "wallets" | "infractions" | "members" | "pages" | "actions";

export type PaletteOption = {
  /** unique in the list; also the option's DOM id (after a prefix) */
  key: string;
  group: OptionGroupId;
  title: string;
  detail?: string;
  /** a second line saying why it was found ("End-to-end ID: E9999…") */
  why?: string;
  href?: string;
  run?: DestinationRun;
  /** a recent search: choosing it searches that text again */
  fill?: string;
  /** the "clear recent searches" line */
  clear?: true;
};

export type PaletteGroup = { id: OptionGroupId; label: string; options: PaletteOption[] };

/** What GET /api/search answers: the text it answers and its groups, already in the member's words (so the browser needs no status, kind or method names). */
export type PaletteAnswer = { query: string; groups: PaletteGroup[] };

const join = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(" · ");
const word = (t: Translate, key: string, fallback: string | null) => (t.has(key) ? t(key as MessageKey) : fallback);
const money = (amount: string | null, currency: string | null, locale: Locale) => (amount !== null && currency ? formatMoney(amount, currency, locale) : null);
export const transactionHref = (transactionId: string) => serializeTransactionSearchParams("/transactions", { tx: transactionId });

function whyFound(t: Translate, h: TransactionHit): string | undefined {
  const values: Partial<Record<NonNullable<TransactionHit["matched"]>, string | null>> = {
    transactionId: h.transactionId,
    externalId: h.externalId,
    e2eId: h.e2eId,
    txHash: h.txHash,
    payerDocument: h.payerDocument,
  };
  const value = h.matched ? values[h.matched] : null;
  return h.matched && value ? t("search.matchedValue", { field: t(`search.matched.${h.matched}`), value }) : undefined;
}

/** The answer's groups, in the order a member looks for things: their records first, then where to go and what to do. */
export function paletteGroups(answer: SearchResponse, t: Translate, locale: Locale, now: Date = new Date()): PaletteGroup[] {
  const groups: PaletteGroup[] = [];
  const add = (id: OptionGroupId, options: PaletteOption[]) => {
    if (options.length) groups.push({ id, label: t(`search.groups.${id}` as MessageKey), options });
  };
  const when = (iso: string) => formatShortDateTime(iso, locale, now);
  if (answer.recent.length) {
    groups.push({
      id: "recent",
      label: t("search.recent"),
      options: [...answer.recent.map((q): PaletteOption => ({ key: `recent:${q}`, group: "recent", title: q, fill: q })), { key: "recent:clear", group: "recent", title: t("search.clearRecent"), clear: true }],
    });
  }
  const r = answer.records;
  if (r) {
    const transactions = r.transactions.hits.map(
      (h): PaletteOption => ({
        key: `tx:${h.transactionId}`,
        group: "transactions",
        title: h.counterparty ?? kindLabel(t, h),
        detail: join(money(h.amount, h.currency, locale), h.counterparty ? kindLabel(t, h) : null, word(t, `transactions.status.${h.status}`, h.status), when(h.createdAt)),
        why: whyFound(t, h),
        href: transactionHref(h.transactionId),
      }),
    );
    if (r.transactions.more) transactions.push({ key: "tx:all", group: "transactions", title: t("search.allTransactions", { query: answer.query }), href: serializeTransactionSearchParams("/transactions", { q: answer.query }) });
    add("transactions", transactions);
    add(
      "charges",
      r.charges.map((c) => ({
        key: `charge:${c.id}`,
        group: "charges",
        title: t("search.charge", { method: t(`charges.methods.${c.method}`), amount: formatMoney(c.amount, c.currency, locale) }),
        detail: join(c.payerName, c.status ? word(t, `transactions.status.${c.status}`, c.status) : null, when(c.createdAt)),
        href: `/receive/${c.id}`,
      })),
    );
    add(
      "payouts",
      r.payouts.map((p) => ({
        key: `payout:${p.id}`,
        group: "payouts",
        title: t("search.payout", { kind: t(`send.kinds.${p.kind}`), amount: formatMoney(p.amount, p.currency, locale) }),
        detail: join(p.recipient, t(`send.state.${p.state}`), when(p.createdAt)),
        href: p.transactionId ? transactionHref(p.transactionId) : p.state === "awaiting_approval" ? "/send/approvals" : "/send",
      })),
    );
    add(
      "batches",
      r.batches.map((b) => ({
        key: `batch:${b.id}`,
        group: "batches",
        title: t("search.batch", { reference: b.reference, rows: b.rowCount }),
        detail: join(b.fileName, t(`bulk.state.${b.state}`), when(b.createdAt)),
        href: `/send/bulk/${b.id}`,
      })),
    );
    add(
      "conversions",
      r.conversions.map((c) => ({
        key: `conversion:${c.id}`,
        group: "conversions",
        title: t("search.conversion", { from: c.baseCurrency, to: c.destinationCurrency, amount: formatMoney(c.amount, c.baseCurrency, locale) }),
        detail: join(t(`convert.list.state.${c.state}`), when(c.createdAt)),
        href: c.conversionId ? transactionHref(c.conversionId) : "/convert",
      })),
    );
    add(
      "wallets",
      r.wallets.map((w) => ({
        key: `wallet:${w.id}`,
        group: "wallets",
        title: walletName(t, w),
        detail: t("search.walletId", { id: w.walletId }),
        href: `/wallets${w.page > 1 ? `?page=${w.page}` : ""}#wallet-${w.id}-name`,
      })),
    );
    add(
      "infractions",
      r.infractions.map((i) => ({
        key: `infraction:${i.infractionId}`,
        group: "infractions",
        title: t("search.infraction", { type: word(t, `infractions.types.${i.type}`, i.type ?? "MED") ?? "MED", amount: money(i.amount, i.currency, locale) ?? "—" }),
        detail: join(word(t, `infractions.statuses.${i.status}`, i.status), i.deadlineAt && i.status !== "resolved" ? t("search.infractionDue", { date: when(i.deadlineAt) }) : null),
        href: `/infractions/${encodeURIComponent(i.infractionId)}`,
      })),
    );
    add(
      "members",
      (r.members ?? []).map((m) => ({ key: `member:${m.userId}`, group: "members", title: m.name, detail: join(m.email, t(`roles.${m.role}`)), href: "/settings/team" })),
    );
  }
  for (const id of ["pages", "actions"] as const) {
    const options = answer.destinations.filter((d) => d.group === id).map((d): PaletteOption => ({ key: `${id}:${d.id}`, group: id, title: d.label, detail: d.parent ?? undefined, href: d.href ?? undefined, run: d.run ?? undefined }));
    // With nothing typed, the actions are suggestions: what this member can do from here.
    if (options.length) groups.push({ id, label: answer.query ? t(`search.groups.${id}`) : t("search.suggested"), options });
  }
  return groups;
}
