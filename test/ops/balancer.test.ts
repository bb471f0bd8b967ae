/**
 * The local balancer of `npm run start:cluster` (scripts/balancer.ts) when an instance closes a new
 * connection before answering, as one that is shutting down does with a connection it accepted just
 * before its door closed: a GET goes to the other instance and is answered; a POST, which may have
 * run, is not sent twice and is answered 502.
 */
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startBalancer } from "@/scripts/balancer";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  closers.push(() => new Promise((r) => server.close(r)));
  return (server.address() as net.AddressInfo).port;
}

/** Two instances: the first closes every connection on its first bytes, the second answers. */
async function cluster() {
  const closing = { requests: [] as string[] };
  const first = net.createServer((socket) => {
    socket.once("data", (d: Buffer) => {
      closing.requests.push(d.toString("latin1").split("\r\n")[0]!);
      socket.destroy();
    });
  });
  const answering = { requests: [] as string[] };
  const second = http.createServer((req, res) => {
    answering.requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("from the second"));
  });
  const backends = [
    { host: "127.0.0.1", port: await listen(first) },
    { host: "127.0.0.1", port: await listen(second) },
  ];
  const balancer = await startBalancer({ port: 0, host: "127.0.0.1", backends });
  closers.push(() => balancer.close());
  return { url: balancer.url, closing, answering };
}

describe("the balancer, when an instance closes a connection before answering", () => {
  it("sends a GET to the other instance, which answers it", async () => {
    const c = await cluster();
    const res = await fetch(`${c.url}/overview`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("from the second");
    expect(c.closing.requests).toEqual(["GET /overview HTTP/1.1"]);
    expect(c.answering.requests).toEqual(["GET /overview"]);
  });

  it("answers a POST 502 and does not send it to the other instance (it may have run)", async () => {
    const c = await cluster();
    const res = await fetch(`${c.url}/send`, { method: "POST", body: "amount=10", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(502);
    expect(await res.text()).toBe("The dashboard instance failed to answer.");
    expect(c.closing.requests).toEqual(["POST /send HTTP/1.1"]);
    expect(c.answering.requests).toEqual([]);
  });
});
