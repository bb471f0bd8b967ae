/**
 * A real SMTP server on a local port (the smtp-server package, not a mock) for tests that need to
 * receive the dashboard's mail: every message is handed to `onMail` as it arrives.
 */
import { once } from "node:events";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** Listens on 127.0.0.1:`port` (0: any free port); answers the URL to put in SMTP_URL and a close function. */
export async function startSmtpServer(port: number, onMail: (mail: ReceivedMail) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        onMail({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.listen(port, "127.0.0.1");
  await once(server.server, "listening");
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
