/**
 * The dashboard's mail (invitations, security notices): through SMTP when SMTP_URL is set
 * (nodemailer), otherwise not sent: the caller shows an invitation's link to the admin who asked.
 * The console says a mail was not sent, never what it carried (an invitation link is a way in).
 */
import nodemailer, { type Transporter } from "nodemailer";

/** `messageId`: a stable Message-ID, so a mail sent twice (a retry after a crash) is one message to the reader's client. */
export type Mail = { to: string; subject: string; text: string; html?: string; messageId?: string };
export type MailResult = { delivered: true; messageId: string } | { delivered: false; reason: "no_smtp" | "failed" };

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) transports.set(smtpUrl, (t = nodemailer.createTransport(smtpUrl)));
  return t;
}

export async function sendMail(config: { smtpUrl?: string; from: string }, mail: Mail): Promise<MailResult> {
  if (!config.smtpUrl) {
    console.log(`[mail] SMTP_URL is not set: not sent to ${mail.to}: ${mail.subject}`);
    return { delivered: false, reason: "no_smtp" };
  }
  try {
    const info = await transportFor(config.smtpUrl).sendMail({ from: config.from, ...mail });
    return { delivered: true, messageId: info.messageId };
  } catch (e) {
    // The server's answer may name the server, never our secrets: the URL (with its password) is not logged.
    console.error(`[mail] could not send to ${mail.to}: ${(e as Error).message}`);
    return { delivered: false, reason: "failed" };
  }
}
