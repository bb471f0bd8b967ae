/**
 * A real webhook receiver for the tests: a node:http server on loopback, port 0, recording every
 * request (headers, JSON body, source address). Its answer is programmable per request: a status
 * code, or a delay before answering (to test the delivery timeout).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  remoteAddress: string;
  at: number;
};

export type Behaviour = { status?: number; delayMs?: number };

export class Receiver {
  readonly received: Received[] = [];
  /** decides the answer; default 200 at once */
  behaviour: (r: Received) => Behaviour = () => ({ status: 200 });
  private waiters: { pred: (r: Received[]) => boolean; resolve: () => void }[] = [];
  private readonly sockets = new Set<import("node:net").Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: http.Server,
    readonly host: string,
  ) {}

  static async start(host = "127.0.0.1"): Promise<Receiver> {
    const server = http.createServer();
    const r = new Receiver(server, host);
    server.on("connection", (s) => {
      r.sockets.add(s);
      s.once("close", () => r.sockets.delete(s));
    });
    server.on("request", (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = { _raw: text };
        }
        const rec: Received = { path: req.url ?? "/", method: req.method ?? "", headers: req.headers, body, remoteAddress: req.socket.remoteAddress ?? "", at: Date.now() };
        r.received.push(rec);
        const b = r.behaviour(rec);
        const answer = () => {
          if (res.destroyed) return;
          res.writeHead(b.status ?? 200, { "content-type": "application/json" });
          res.end('{"ok":true}');
        };
        if (b.delayMs) {
          const t = setTimeout(() => {
            r.timers.delete(t);
            answer();
          }, b.delayMs);
          r.timers.add(t);
        } else answer();
        r.notify();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return r;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = "/hook"): string {
    return `http://${this.host.includes(":") ? `[${this.host}]` : this.host}:${this.port}${path}`;
  }

  /** Requests to one path (each test uses its own path). */
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  private notify() {
    for (const w of [...this.waiters]) {
      if (w.pred(this.received)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  /** Waits until `pred` holds over the requests received so far (bounded). */
  waitFor(pred: (r: Received[]) => boolean, timeoutMs = 10_000, what = "webhooks"): Promise<void> {
    if (pred(this.received)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const w = { pred, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received: ${JSON.stringify(this.received.map((x) => [x.path, x.body.event]))}`));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  /** Waits for `n` requests on `path` and returns them. */
  async waitCount(path: string, n: number, timeoutMs = 10_000): Promise<Received[]> {
    await this.waitFor((rs) => rs.filter((r) => r.path === path).length >= n, timeoutMs, `${n} webhook(s) on ${path}`);
    return this.at(path);
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
