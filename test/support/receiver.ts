/**
 * Where the sandbox delivers webhooks in tests: a small HTTP server that hands each delivery to the
 * same intake function as the dashboard's (receiveWebhook), with the socket's address.
 */
import http from "node:http";
import type { OpenedDatabase } from "@/lib/db/driver";
import type * as schema from "@/lib/db/schema";
import { receiveWebhook } from "@/lib/events/intake";
import { ApiContext } from "@/lib/api-context/context";
import type { TargetDatabase } from "./databases";
import { startHarness, type Harness } from "./connect";

export type Receiver = { url: string; close(): Promise<void> };

export async function startReceiver(db: () => OpenedDatabase<typeof schema>["db"], allow: readonly string[] = ["127.0.0.1"]): Promise<Receiver> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const token = req.url!.split("/").pop()!;
    const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
    const a = await receiveWebhook(db(), { token, address: req.socket.remoteAddress!.replace(/^::ffff:/, ""), headers, body: Buffer.concat(chunks).toString() }, allow);
    res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * A sandbox, a database, the dashboard's API context and a webhook receiver: what every test of the
 * webhook path starts with (`beforeAll`), and closes in reverse order (`afterAll`).
 */
export type WebhookHarness = { h: Harness; ctx: ApiContext; receiver: Receiver };

export async function openWebhookHarness(target: TargetDatabase, allow: readonly string[] = ["127.0.0.1"]): Promise<WebhookHarness> {
  const h = await startHarness(target);
  const ctx = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
  const receiver = await startReceiver(() => h.opened.db, allow);
  return { h, ctx, receiver };
}

export async function closeWebhookHarness(w: Partial<WebhookHarness>): Promise<void> {
  await w.receiver?.close();
  await w.ctx?.flush();
  await w.h?.dispose();
}
