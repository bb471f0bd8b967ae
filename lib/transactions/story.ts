/**
 * The story of one transaction, step by step, from what the dashboard keeps about it: the mirror's
 * row (its status, the API's dates, when a final status was first seen), the notifications received
 * for it and whether each was confirmed (webhook_inbox), the charge or payout a member made here
 * (who, when, who approved), and the disputes on it (infractions). Each step has its time (null when
 * nothing kept says when) and where we know it from, in a merchant's words: a member did it here,
 * their own system did, the payer did, the bank told us, or a later check found it. Pure: no
 * database, so every path is unit-tested (story.test.ts).
 */
import { EVENT_STATUS, statusRank } from "@/lib/events/status";

export type StepKind =
  | "chargeCreated"
  | "payoutRequested"
  | "approved"
  | "transferSent"
  | "converted"
  | "received"
  | "registered"
  | "paid"
  | "settled"
  | "disputeOpened"
  | "disputeResolved"
  | "refundedToPayer"
  | "refundedToBalance"
  | "expired"
  | "failed"
  | "cancelled"
  | "waitingForPayer"
  | "waitingForBank";

/** member: a named member, here; you: made here, by a member no longer known; integration: the merchant's own system; payer; bank: a notification, confirmed; check: found by a later check. */
export type StepSource = "member" | "you" | "integration" | "payer" | "bank" | "check";

export type StoryStep = {
  kind: StepKind;
  /** ISO time; for a waiting step, when it expires; null when nothing kept says when */
  at: string | null;
  source: StepSource;
  /** the member who did it */
  who?: string | null;
  /** the bank said so and the check that follows every notification has not answered yet */
  confirming?: boolean;
  amount?: { value: string; currency: string } | null;
  /** why it failed: the provider's code (said in words by the sheet) */
  reason?: string | null;
  dispute?: { infractionId: string; type: string | null; outcome: string | null };
};

export type StoryInput = {
  type: string | null;
  source: string | null;
  method: string | null;
  status: string;
  reportedStatus: string | null;
  reportedAt: string | null;
  createdAt: string;
  expiresAt: string | null;
  /** when the mirror first saw a final status */
  finalSince: string | null;
  /** the API's own time of its latest change (its `updated_at`), when it gives one */
  apiUpdatedAt: string | null;
  errorCode: string | null;
  /** dashboard, webhook or sync: who first told the mirror */
  origin: string;
  amount: string | null;
  currency: string | null;
  /** notifications received for it, oldest first */
  deliveries: { event: string | null; at: string; outcome: string }[];
  /** a charge or payout made here: when, and by whom (null once the member is gone) */
  madeHere: { at: string; by: string | null } | null;
  approval: { at: string; by: string | null } | null;
  registration: string | null;
  disputes: { infractionId: string; type: string | null; status: string; outcome: string | null; openedAt: string | null; resolvedAt: string | null; amount: string | null; currency: string | null }[];
};

const money = (value: string | null, currency: string | null) => (value && currency ? { value, currency } : null);

/** The first notification of `claims` (a status, or an event name) that was confirmed and applied. */
function notified(input: StoryInput, claims: (event: string) => boolean): string | null {
  return input.deliveries.find((d) => d.outcome === "applied" && d.event && claims(d.event))?.at ?? null;
}

export function transactionStory(input: StoryInput): StoryStep[] {
  const { type, source, status } = input;
  const steps: StoryStep[] = [];
  const byStatus = (s: string) => notified(input, (e) => EVENT_STATUS[e] === s);
  const lastChange = input.apiUpdatedAt ?? input.finalSince;
  const maker = (): Pick<StoryStep, "source" | "who"> =>
    input.madeHere ? (input.madeHere.by ? { source: "member", who: input.madeHere.by } : { source: "you" }) : input.origin === "dashboard" ? { source: "you" } : { source: "integration" };

  // How it began.
  const arrived = source === "wallet_deposit" || input.method === "SPLIT" || (source === "internal_transfer" && type === "cashin");
  if (arrived) {
    steps.push({ kind: "received", at: input.createdAt, source: "payer" });
  } else if (type === "conversion" || source === "conversion") {
    steps.push({ kind: "converted", at: input.createdAt, ...maker() });
  } else if (source === "internal_transfer") {
    steps.push({ kind: "transferSent", at: input.madeHere?.at ?? input.createdAt, ...maker() });
  } else if (type === "cashout") {
    steps.push({ kind: "payoutRequested", at: input.madeHere?.at ?? input.createdAt, ...maker() });
    if (input.approval) steps.push({ kind: "approved", at: input.approval.at, source: input.approval.by ? "member" : "you", who: input.approval.by });
  } else {
    // Made here: the time the dashboard wrote it, on the same clock as the notifications it received
    // (the API's created_at is on the provider's clock, which may run ahead).
    steps.push({ kind: "chargeCreated", at: input.madeHere?.at ?? input.createdAt, ...maker() });
  }

  if (input.method === "BOLETO" || input.method === "PIX_BOLETO") {
    const at = notified(input, (e) => e === "boleto.registered");
    if (at) steps.push({ kind: "registered", at, source: "bank" });
    else if (input.registration === "registered") steps.push({ kind: "registered", at: null, source: "check" });
  }

  // Paid (a charge) or delivered (a payout): a cash-in is refunded only after it was paid.
  const moved = !arrived && type !== "conversion" && source !== "conversion" && source !== "internal_transfer";
  const paidKind = type === "cashout" ? "settled" : "paid";
  if (moved && (status === "confirmed" || (status === "refunded" && type !== "cashout"))) {
    const at = byStatus("confirmed");
    const refundedAt = byStatus("refunded") ?? lastChange;
    if (at) steps.push({ kind: paidKind, at, source: "bank" });
    else if (status === "confirmed") steps.push({ kind: paidKind, at: lastChange, source: "check" });
    // Refunded, and the mirror saw it final before the refund: that first sight was the payment.
    else steps.push({ kind: paidKind, at: input.finalSince && refundedAt && input.finalSince < refundedAt ? input.finalSince : null, source: "check" });
  } else if (moved && status === "pending" && input.reportedStatus === "confirmed") {
    steps.push({ kind: paidKind, at: input.reportedAt, source: "bank", confirming: true });
  }

  for (const d of input.disputes) {
    const amount = money(d.amount, d.currency);
    const dispute = { infractionId: d.infractionId, type: d.type, outcome: d.outcome };
    steps.push({ kind: "disputeOpened", at: d.openedAt, source: "bank", amount, dispute });
    if (d.status === "resolved") steps.push({ kind: "disputeResolved", at: d.resolvedAt, source: "bank", dispute });
  }

  // How it ended, when it has.
  const ending = statusRank(status) >= 1 ? status : input.reportedStatus && input.reportedStatus !== "confirmed" ? input.reportedStatus : null;
  const confirming = ending !== status;
  const endedAt = (s: string, fallback: string | null) => (confirming ? input.reportedAt : (byStatus(s) ?? fallback));
  const endedSource = (s: string): StepSource => (confirming || byStatus(s) ? "bank" : "check");
  if (ending === "refunded") {
    const kind = type === "cashout" ? "refundedToBalance" : "refundedToPayer";
    steps.push({ kind, at: endedAt("refunded", lastChange), source: endedSource("refunded"), confirming, amount: kind === "refundedToPayer" ? money(input.amount, input.currency) : null });
  } else if (ending === "expired") {
    steps.push({ kind: "expired", at: endedAt("expired", input.expiresAt ?? lastChange), source: endedSource("expired"), confirming });
  } else if (ending === "failed") {
    steps.push({ kind: "failed", at: endedAt("failed", lastChange), source: endedSource("failed"), confirming, reason: input.errorCode });
  } else if (ending === "cancelled") {
    steps.push({ kind: "cancelled", at: endedAt("cancelled", lastChange), source: endedSource("cancelled"), confirming });
  }

  // In time order, compared as instants (the API writes "…:10Z" where the dashboard writes
  // "…:10.900Z": as text the later one sorts first); a step without a time keeps its place after the
  // one before it, and steps at the same instant keep the order they happen in.
  let last = -Infinity;
  const ordered = steps
    .map((s, i) => ({ s, i, key: (last = s.at ? Date.parse(s.at) : last) }))
    .sort((a, b) => a.key - b.key || a.i - b.i);
  const story = ordered.map((o) => o.s);

  // What it is waiting for, last.
  if (status === "pending" && !input.reportedStatus) {
    if (type === "cashin" && moved) story.push({ kind: "waitingForPayer", at: input.expiresAt, source: "check" });
    else if (type === "cashout") story.push({ kind: "waitingForBank", at: null, source: "check" });
  }
  return story;
}

/** The time the money moved, for a receipt: when it was paid, delivered or received; else when it began. */
export function movedAt(story: StoryStep[]): string | null {
  const moved = story.find((s) => s.kind === "paid" || s.kind === "settled" || s.kind === "received" || s.kind === "converted" || s.kind === "transferSent");
  return moved?.at ?? story[0]?.at ?? null;
}
