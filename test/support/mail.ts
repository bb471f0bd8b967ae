/**
 * Mail as a member's mail client reads it: the raw message a test SMTP server received
 * (test/support/smtp.ts), parsed with mailparser (headers decoded, parts apart).
 */
import { simpleParser } from "mailparser";
import type { ReceivedMail } from "./smtp";

export type ReadMail = { to: string[]; raw: string; subject: string; text: string; html: string; contentTypes: string[]; messageId: string | undefined };

export async function readMail(m: ReceivedMail): Promise<ReadMail> {
  const parsed = await simpleParser(m.raw);
  const contentTypes = [...m.raw.matchAll(/^content-type:\s*([^;\r\n]+)/gim)].map((x) => x[1]!.trim().toLowerCase());
  // Intl writes amounts with no-break spaces ("R$ 40,00"): compared as plain spaces.
  const plain = (v: string) => v.replace(/[\u00a0\u202f]/g, " ");
  return { to: m.to, raw: m.raw, subject: plain(parsed.subject ?? ""), text: plain(parsed.text ?? ""), html: typeof parsed.html === "string" ? parsed.html : "", contentTypes, messageId: parsed.messageId };
}
