/**
 * The pages and actions the search palette offers, each with the permission it needs (lib/auth/roles),
 * found by their names in the member's language: "new PIX charge", "send", "switch to production",
 * "nova cobrança", "cambiar a producción". A member is offered only what their role may do (a viewer
 * finds no send action and no team page); the pages check again when opened.
 */
import { can, type Permission, type Role } from "@/lib/auth/roles";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { MAIN_SECTIONS, SETTINGS_SECTIONS } from "@/lib/pages/sections";
import type { ApiEnvironment } from "@/lib/vocabulary";

/** What choosing an action does besides opening a page: switching the environment the pages show. */
export type DestinationRun = { environment: ApiEnvironment };

export type Destination = {
  id: string;
  group: "pages" | "actions";
  label: MessageKey;
  /** the section a page sits in ("Settings"), shown beside it */
  parent?: MessageKey;
  /** more words it answers to, in each language */
  keywords?: MessageKey;
  href: string | null;
  run?: DestinationRun;
  permission: Permission;
};

const ACTIONS: Destination[] = [
  { id: "new-pix-charge", group: "actions", label: "search.actions.newPixCharge", keywords: "search.keywords.newPixCharge", href: "/receive", permission: "charges.create" },
  { id: "new-wallet", group: "actions", label: "search.actions.newWallet", keywords: "search.keywords.newWallet", href: "/wallets", permission: "charges.create" },
  { id: "send-money", group: "actions", label: "search.actions.sendMoney", keywords: "search.keywords.sendMoney", href: "/send", permission: "money.move" },
  { id: "transfer", group: "actions", label: "search.actions.transfer", keywords: "search.keywords.transfer", href: "/send/transfer", permission: "money.move" },
  { id: "bulk-payouts", group: "actions", label: "search.actions.bulkPayouts", keywords: "search.keywords.bulkPayouts", href: "/send/bulk", permission: "money.move" },
  { id: "convert", group: "actions", label: "search.actions.convert", keywords: "search.keywords.convert", href: "/convert", permission: "money.move" },
  { id: "approve", group: "actions", label: "search.actions.approve", keywords: "search.keywords.approve", href: "/send/approvals", permission: "money.approve" },
  { id: "reply-infraction", group: "actions", label: "search.actions.replyInfraction", keywords: "search.keywords.replyInfraction", href: "/infractions", permission: "infractions.reply" },
  { id: "invite-member", group: "actions", label: "search.actions.inviteMember", keywords: "search.keywords.inviteMember", href: "/settings/team", permission: "team.manage" },
];

/** Every page and action `role` may use, with the switch to the environment the pages do not show now. */
export function destinationsFor(role: Role, environment: ApiEnvironment): Destination[] {
  const pages: Destination[] = [
    ...MAIN_SECTIONS.map((s): Destination => ({ id: `page:${s.href}`, group: "pages", label: s.label, href: s.href, permission: s.permission })),
    { id: "page:/send/approvals", group: "pages", label: "send.tabs.approvals", parent: "nav.send", href: "/send/approvals", permission: "dashboard.view" },
    ...SETTINGS_SECTIONS.map((s): Destination => ({ id: `page:${s.href}`, group: "pages", label: s.label, parent: "nav.settings", href: s.href, permission: s.permission })),
  ];
  const other: ApiEnvironment = environment === "sandbox" ? "production" : "sandbox";
  const switchTo: Destination = {
    id: `switch-${other}`,
    group: "actions",
    label: other === "production" ? "search.actions.switchToProduction" : "search.actions.switchToSandbox",
    keywords: "search.keywords.switchEnvironment",
    href: null,
    run: { environment: other },
    permission: "dashboard.view",
  };
  return [...pages, ...ACTIONS, switchTo].filter((d) => can(role, d.permission));
}

/** Lower case without accents: "Cobrança" and "cobranca" are the same word. */
export function foldText(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The destinations whose name (or keywords) in the member's language holds every word typed, each
 * at the start of one of its words ("new pix" finds "New PIX charge", "prod" finds "Switch to
 * production"); the best first: the name starting with the text, then a name match, then keywords.
 */
export function matchDestinations(t: Translate, destinations: Destination[], text: string, limit = 6): Destination[] {
  const words = foldText(text).split(/[\s,.;:/]+/).filter(Boolean);
  if (words.length === 0) return [];
  const wordsOf = (s: string) => foldText(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const scored: { d: Destination; score: number; order: number }[] = [];
  destinations.forEach((d, order) => {
    const label = t(d.label);
    const nameWords = [...wordsOf(label), ...(d.parent ? wordsOf(t(d.parent)) : [])];
    const allWords = [...nameWords, ...(d.keywords ? wordsOf(t(d.keywords)) : [])];
    const found = (pool: string[]) => words.every((w) => pool.some((p) => p.startsWith(w)));
    if (!found(allWords)) return;
    const score = foldText(label).startsWith(words.join(" ")) ? 0 : found(nameWords) ? 1 : 2;
    scored.push({ d, score, order });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.d);
}
