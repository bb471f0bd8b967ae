/**
 * An audit entry as a merchant reads it: one sentence in their language ("Ana sent a PIX payout of
 * R$ 10,00 (reference po_…)"), then whatever else the entry holds, each under a translated label.
 * A detail without a label of its own is shown under a generic one, never under its raw key; empty
 * details (null, "") are left out.
 */
import { formatMoney, formatNumber } from "@/lib/i18n/format";
import type { Locale, MessageKey, Translate } from "@/lib/i18n";
import type { AuditEntryDto } from "./audit";

export type AuditReading = { sentence: string; details: { label: string; value: string }[] };

/** The actions told as a sentence of their own, and the details each sentence already says. */
const SENTENCES: Record<string, string[]> = {
  "payout.sent": ["kind", "amount", "currency"],
  "payout.requested": ["kind", "amount", "currency"],
  "transfer.sent": ["kind", "amount", "currency"],
  "payout.approved": ["amount", "currency"],
  "charge.created": ["method"],
  "member.role_changed": ["role"],
  "invitation.sent": ["email", "role"],
  "invitation.accepted": ["email", "role"],
  "credential.registered": ["name"],
  "credential.activated": ["name"],
  "credential.rotated": ["name"],
  "credential.revoked": ["name"],
};

/** The details whose values are words of the product's vocabulary, and where their translations are. */
const VOCABULARIES: Record<string, string> = { role: "roles", environment: "environments", kind: "audit.values", method: "audit.values", state: "audit.values", was: "audit.values" };

const key = (k: string) => k.replace(/\./g, "_");

function has(t: Translate, k: string): k is MessageKey {
  return t.has(k);
}

/** A detail's value in the reader's words, or null when there is nothing to say. */
function valueOf(name: string, v: unknown, details: Record<string, unknown>, t: Translate, locale: Locale): string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "boolean") return t(v ? "common.yes" : "common.no");
  if (typeof v === "number") return formatNumber(String(v), locale);
  if (typeof v === "object") {
    const parts = Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => (/^[A-Z]{3,4}$/.test(k) && typeof x === "string" ? formatMoney(x, k, locale) : valueOf(k, x, details, t, locale)))
      .filter((x): x is string => !!x);
    return parts.length ? parts.join(" · ") : null;
  }
  const s = String(v);
  if (name === "amount" && typeof details.currency === "string") return formatMoney(s, details.currency, locale);
  // A webhook's event and its outcome (a replayed delivery) in the words the Webhooks page uses.
  const webhookWord = name === "event" ? `webhooks.eventNames.${s.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase())}` : name === "previousOutcome" ? `webhooks.outcomes.${s}` : null;
  if (webhookWord && has(t, webhookWord)) return t(webhookWord);
  const vocabulary = VOCABULARIES[name];
  const k = vocabulary && `${vocabulary}.${s.toLowerCase()}`;
  return k && has(t, k) ? t(k) : s;
}

export function readAudit(e: AuditEntryDto, t: Translate, locale: Locale): AuditReading {
  const details = e.details as Record<string, unknown>;
  const who = e.user?.name ?? t("credentials.system");
  const actionKey = `audit.actions.${key(e.action)}`;
  const action = has(t, actionKey) ? t(actionKey) : t("audit.unknownAction");
  const told = SENTENCES[e.action];
  const sentenceKey = `audit.sentences.${key(e.action)}`;
  let sentence: string;
  if (told && has(t, sentenceKey)) {
    const values: Record<string, string> = { who, reference: e.target ?? "—" };
    for (const name of told) values[name] = valueOf(name, details[name], details, t, locale) ?? "—";
    sentence = t(sentenceKey, values);
  } else {
    sentence = t("audit.sentences.generic", { who, action });
  }
  const rest = Object.entries(details).filter(([k]) => !(told ?? []).includes(k));
  const out: AuditReading["details"] = [];
  for (const [name, v] of rest) {
    if (name === "currency" && "amount" in details) continue;
    const value = valueOf(name, v, details, t, locale);
    if (value === null) continue;
    const labelKey = `audit.fields.${name}`;
    out.push({ label: has(t, labelKey) ? t(labelKey) : t("audit.fields.other"), value });
  }
  if (e.target && !told) out.push({ label: t("audit.fields.reference"), value: e.target });
  return { sentence, details: out };
}
