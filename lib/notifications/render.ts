/**
 * A notification in a member's words: its title, a sentence or two, and where it opens. The bell
 * and the mails are written from the same function, in the member's language and time zone, from
 * the event's params only (ids, decimal strings, times, a name and a masked document): what was
 * never stored cannot leak into a mail. No Next.js imports.
 */
import type { NotificationKind } from "@/lib/vocabulary";
import type { Locale, Translate } from "@/lib/i18n/translate";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { zoneOffset } from "@/lib/i18n/zones";
import { payoutFailureText } from "@/lib/payouts/failure-text";

export type RenderedNotification = { title: string; body: string; href: string };
export type Reader = { t: Translate; locale: Locale; timeZone: string };

type Params = Record<string, unknown>;
const str = (v: unknown, fallback = "") => (typeof v === "string" && v ? v : fallback);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function money(p: Params, r: Reader): string {
  const amount = str(p.amount);
  const currency = str(p.currency);
  return amount && currency ? formatMoney(amount, currency, r.locale) : amount || "—";
}
/** A moment on the reader's clock with its offset, as Preferences shows dates: "Dec 1, 2026, 7:16 AM (UTC−03:00)". */
function when(v: unknown, r: Reader): string {
  if (typeof v !== "string" || Number.isNaN(Date.parse(v))) return "—";
  return `${formatDateTime(v, r.locale, r.timeZone)} (${zoneOffset(r.timeZone, new Date(v))})`;
}

function infractionType(p: Params, t: Translate): string {
  const type = str(p.type);
  return type === "REFUND_REQUEST" || type === "FRAUD" ? t(`infractions.types.${type}`) : t("notifications.items.dispute");
}

/** Each kind in words (`params` as the source that made the event wrote them, lib/notifications/sources.ts). */
export function renderNotification(kind: NotificationKind, params: Params, r: Reader): RenderedNotification {
  const { t } = r;
  const p = params;
  switch (kind) {
    case "infraction_opened": {
      const payer = str(p.payer);
      const values = { type: infractionType(p, t), deadline: when(p.deadlineAt, r), payer };
      return {
        title: t("notifications.items.infraction_opened.title", { amount: money(p, r) }),
        body: t(payer ? "notifications.items.infraction_opened.bodyPayer" : "notifications.items.infraction_opened.body", values),
        href: `/infractions/${encodeURIComponent(str(p.infractionId))}`,
      };
    }
    case "infraction_deadline": {
      const internal = p.which === "internal";
      const hours = num(p.hours);
      return {
        title: t(internal ? "notifications.items.infraction_deadline.titleInternal" : "notifications.items.infraction_deadline.title", { hours, amount: money(p, r) }),
        body: internal
          ? t("notifications.items.infraction_deadline.bodyInternal", { internal: num(p.internalHours), due: when(p.dueAt, r), deadline: when(p.deadlineAt, r) })
          : t("notifications.items.infraction_deadline.body", { type: infractionType(p, t), deadline: when(p.deadlineAt, r) }),
        href: `/infractions/${encodeURIComponent(str(p.infractionId))}`,
      };
    }
    case "approval_waiting": {
      const requester = str(p.requester, t("notifications.items.someone"));
      if (p.what === "batch") {
        const totals = Object.entries((p.totals ?? {}) as Record<string, string>)
          .map(([currency, amount]) => formatMoney(amount, currency, r.locale))
          .join(" · ");
        return {
          title: t("notifications.items.approval_batch.title", { count: num(p.rowCount) }),
          body: t("notifications.items.approval_batch.body", { requester, totals: totals || "—" }),
          href: `/send/bulk/${encodeURIComponent(str(p.batchId))}`,
        };
      }
      const amount = money(p, r);
      return {
        title: t("notifications.items.approval_payout.title", { amount }),
        body: t("notifications.items.approval_payout.body", { requester, amount, method: methodName(str(p.payoutKind), t), reference: str(p.reference, "—") }),
        href: "/send/approvals",
      };
    }
    case "payout_failed":
      return {
        title: t("notifications.items.payout_failed.title", { amount: money(p, r) }),
        body: t("notifications.items.payout_failed.body", { reason: payoutFailureText(str(p.errorCode, "UNKNOWN"), t), reference: str(p.reference, "—") }),
        href: p.transactionId ? `/transactions?tx=${encodeURIComponent(str(p.transactionId))}` : "/send",
      };
    case "credential_pending":
      return {
        title: t("notifications.items.credential_pending.title"),
        body: t("notifications.items.credential_pending.body", {
          creator: str(p.creator, t("notifications.items.someone")),
          name: str(p.name, "—"),
          environment: p.environment === "production" ? t("environments.production") : t("environments.sandbox"),
        }),
        href: "/settings/credentials",
      };
    case "reconciliation_finding": {
      const finding = str(p.findingKind);
      const known = ["missed_webhook", "contradicted_webhook", "stuck_pending", "unexplained_balance"].includes(finding);
      return {
        title: t("notifications.items.reconciliation_finding.title", { finding: known ? t(`reconciliation.kinds.${finding as "missed_webhook"}`) : finding }),
        body: t("notifications.items.reconciliation_finding.body", { reference: str(p.reference, "—") }),
        href: "/settings/reconciliation",
      };
    }
    case "new_sign_in": {
      const browser = str(p.browser, "—");
      return {
        title: t("notifications.items.new_sign_in.title", { browser }),
        body: t("notifications.items.new_sign_in.body", { browser, address: str(p.address, t("securityMail.unknownAddress")), when: when(p.at, r) }),
        href: "/settings/security",
      };
    }
    case "security_change": {
      const what = securityWhat(str(p.what), t);
      return {
        title: t("securityMail.subject", { what }),
        body: t(p.byAdmin === true ? "securityMail.bodyByAdmin" : "securityMail.body", { what, when: when(p.at, r), address: str(p.address, t("securityMail.unknownAddress")) }),
        href: "/settings/security",
      };
    }
  }
}

const SECURITY_WHAT = [
  "auth_two_factor_enrolled",
  "auth_two_factor_replaced",
  "auth_two_factor_disabled",
  "auth_recovery_codes_regenerated",
  "auth_two_factor_reset",
  "auth_password_changed",
  "auth_session_revoked",
  "auth_sessions_revoked",
] as const;

function securityWhat(action: string, t: Translate): string {
  const key = action.replace(".", "_");
  return (SECURITY_WHAT as readonly string[]).includes(key) ? t(`securityMail.kinds.${key as (typeof SECURITY_WHAT)[number]}`) : t("securityMail.kinds.other");
}

function methodName(kind: string, t: Translate): string {
  return kind === "pix" || kind === "spei" || kind === "crypto" || kind === "transfer" ? t(`send.kinds.${kind}`) : kind || "—";
}

/* ─── Mail ─── */

export type MailParts = { subject: string; text: string; html: string };

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const paragraphs = (s: string) =>
  s
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
const absolute = (baseUrl: string, href: string) => `${baseUrl.replace(/\/+$/, "")}${href}`;

function frame(r: Reader, name: string, baseUrl: string, always: boolean, inner: { text: string; html: string }): { text: string; html: string } {
  const { t } = r;
  const greeting = t("notifications.mail.greeting", { name });
  const footer = always ? t("notifications.mail.footerAlways") : t("notifications.mail.footer", { url: absolute(baseUrl, "/settings/preferences") });
  return {
    text: `${greeting}\n\n${inner.text}\n\n-- \n${footer}\n`,
    html:
      `<!doctype html><html lang="${r.locale}"><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111">` +
      `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>${inner.html}` +
      `<hr style="border:none;border-top:1px solid #ddd;margin:20px 0 12px"><p style="margin:0;font-size:13px;color:#555">${escapeHtml(footer)}</p></body></html>`,
  };
}

/** One notification as a mail: its title as the subject, a plain-text part and an HTML part. */
export function notificationMail(n: RenderedNotification, r: Reader, to: { name: string }, baseUrl: string, always = false): MailParts {
  const url = absolute(baseUrl, n.href);
  const { text, html } = frame(r, to.name, baseUrl, always, {
    text: `${n.title}\n\n${n.body}\n\n${r.t("notifications.mail.open", { url })}`,
    html: `<p style="margin:0 0 12px;font-weight:600">${escapeHtml(n.title)}</p>${paragraphs(n.body)}<p style="margin:0 0 12px"><a href="${escapeHtml(url)}">${escapeHtml(r.t("notifications.mail.openButton"))}</a></p>`,
  });
  return { subject: n.title, text, html };
}

/** The daily digest: every notification the member chose to receive so, in one mail. */
export function digestMail(items: RenderedNotification[], r: Reader, to: { name: string }, baseUrl: string): MailParts {
  const { t } = r;
  const intro = t("notifications.mail.digestIntro");
  const { text, html } = frame(r, to.name, baseUrl, false, {
    text: `${intro}\n\n${items.map((n) => `* ${n.title}\n  ${n.body.replace(/\n+/g, " ")}\n  ${absolute(baseUrl, n.href)}`).join("\n\n")}`,
    html:
      `<p style="margin:0 0 12px">${escapeHtml(intro)}</p><ul style="padding-left:20px;margin:0 0 12px">` +
      items.map((n) => `<li style="margin:0 0 10px"><a href="${escapeHtml(absolute(baseUrl, n.href))}" style="font-weight:600">${escapeHtml(n.title)}</a><br>${escapeHtml(n.body)}</li>`).join("") +
      `</ul>`,
  });
  return { subject: t("notifications.mail.digestSubject", { count: items.length }), text, html };
}
