/**
 * A real SMTP server for the browser journeys (the smtp-server package on a local port): the demo
 * dashboard's SMTP_URL points here, and every message it sends is written to MAIL_DIR, where the
 * journeys read invitations the way a person reads their inbox.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpServer } from "../../test/support/smtp";

export const MAIL_DIR = ".data/e2e-mail";
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

export async function startMailCatcher(): Promise<() => Promise<void>> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const server = await startSmtpServer(SMTP_PORT, ({ to, raw }) => writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${++n}.json`), JSON.stringify({ to, raw })));
  return server.close;
}

export type CaughtMail = { to: string[]; raw: string; file: string };

/** The newest message to `address` (whose text has `containing`, when given), or null. Quoted-printable soft line breaks are undone. */
export function newestMailTo(address: string, containing?: string): CaughtMail | null {
  const files = readdirSync(MAIL_DIR).filter((f) => f.endsWith(".json")).sort((a, b) => Number(b.split("-")[0]) - Number(a.split("-")[0]) || b.localeCompare(a));
  for (const file of files) {
    const m = JSON.parse(readFileSync(path.join(MAIL_DIR, file), "utf8")) as { to: string[]; raw: string };
    if (!m.to.includes(address.toLowerCase())) continue;
    const raw = m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (containing === undefined || raw.includes(containing)) return { ...m, raw, file };
  }
  return null;
}
