import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponse, negotiate, StaticCache, THRESHOLD } from "./compression";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const servers: http.Server[] = [];

async function serve(handler: Handler, cache?: StaticCache): Promise<string> {
  const server = http.createServer((req, res) => {
    if (cache?.serve(req, res)) return;
    compressResponse(req, res, { cache });
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

type Got = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; chunks: { at: number; bytes: number }[] };

/** A raw request (no decoding by the client): the bytes as sent, and when each arrived. */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Got> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .request(url, { method, headers }, (res) => {
        const parts: Buffer[] = [];
        const chunks: Got["chunks"] = [];
        res.on("data", (c: Buffer) => {
          parts.push(c);
          chunks.push({ at: performance.now() - t0, bytes: c.length });
        });
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts), chunks }));
      })
      .on("error", reject)
      .end();
  });
}

const decode = (got: Got) =>
  got.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(got.body) : got.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(got.body) : got.body;

const page = "<!DOCTYPE html><html><body>" + Array.from({ length: 400 }, (_, i) => `<p class="row">Pagamento ${i} de R$ ${i},00</p>`).join("") + "</body></html>";

describe("negotiate", () => {
  it("prefers br, then gzip, and honours q=0", () => {
    expect(negotiate("gzip, deflate, br")).toBe("br");
    expect(negotiate("gzip, deflate")).toBe("gzip");
    expect(negotiate("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiate("*")).toBe("br");
    expect(negotiate("*, br;q=0")).toBe("gzip");
    expect(negotiate("identity")).toBeNull();
    expect(negotiate(undefined)).toBeNull();
  });
});

describe("compressResponse", () => {
  it("compresses a page that ends at once in one piece, with its length and Vary", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.flushHeaders();
      res.write(page.slice(0, 5000));
      res.write(page.slice(5000));
      res.end();
    });
    const got = await get(url, { "accept-encoding": "gzip, deflate" });
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(Number(got.headers["content-length"])).toBe(got.body.length);
    expect(got.headers.vary).toMatch(/Accept-Encoding/);
    expect(got.body.length).toBeLessThan(page.length / 4);
    expect(decode(got).toString()).toBe(page);

    const br = await get(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(decode(br).toString()).toBe(page);
  });

  it("keeps headers given to writeHead, and its status", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(404, { "Content-Type": "text/x-component", "x-kept": "yes" }).end(page);
    });
    const got = await get(url, { "accept-encoding": "gzip" });
    expect(got.status).toBe(404);
    expect(got.headers["x-kept"]).toBe("yes");
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(decode(got).toString()).toBe(page);
  });

  it("sends a small body, another type, an encoded body, HEAD and a refusal as they are", async () => {
    const small = "x".repeat(THRESHOLD - 1);
    const url = await serve((req, res) => {
      if (req.url === "/small") return res.writeHead(200, { "content-type": "text/plain" }).end(small);
      if (req.url === "/png") return res.writeHead(200, { "content-type": "image/png" }).end(page);
      if (req.url === "/encoded") return res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(zlib.gzipSync(page));
      if (req.url === "/no-transform") return res.writeHead(200, { "content-type": "text/html", "cache-control": "no-transform" }).end(page);
      res.writeHead(200, { "content-type": "text/html", "content-length": Buffer.byteLength(page) }).end(req.method === "HEAD" ? undefined : page);
    });
    const s = await get(url + "/small", { "accept-encoding": "gzip" });
    expect(s.headers["content-encoding"]).toBeUndefined();
    expect(s.headers["content-length"]).toBe(String(small.length));
    expect(s.body.toString()).toBe(small);
    const png = await get(url + "/png", { "accept-encoding": "gzip" });
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.toString()).toBe(page);
    const encoded = await get(url + "/encoded", { "accept-encoding": "br" });
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(decode(encoded).toString()).toBe(page);
    const kept = await get(url + "/no-transform", { "accept-encoding": "gzip" });
    expect(kept.headers["content-encoding"]).toBeUndefined();
    const head = await get(url + "/", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(page)));
    const refused = await get(url + "/", { "accept-encoding": "identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(page);
  });

  it("streams a response still going after the buffering window: the first part arrives before the rest exists", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const url = await serve((_req, res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.write(page.slice(0, 8000));
      void gate.then(() => res.end(page.slice(8000)));
    });
    const pending = new Promise<Got>((resolve, reject) => {
      http
        .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
          const parts: Buffer[] = [];
          const inflate = zlib.createGunzip();
          let seen = "";
          inflate.on("data", (c: Buffer) => {
            seen += c.toString();
            // The first part decodes in full while the handler has not written the rest.
            if (seen.length >= 8000 && parts.length > 0) release();
          });
          res.on("data", (c: Buffer) => {
            parts.push(c);
            inflate.write(c);
          });
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts), chunks: [] }));
        })
        .on("error", reject);
    });
    const got = await pending;
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(got.headers["content-length"]).toBeUndefined();
    expect(decode(got).toString()).toBe(page);
  });

  it("keeps the handler's backpressure on a long streamed body", async () => {
    const row = "2026-11-27,PIX,R$ 1.234,56,Ana Souza,529.982.247-25\n";
    const rows = 100_000;
    let refused = 0;
    const url = await serve((_req, res) => {
      res.setHeader("content-type", "text/csv; charset=utf-8");
      let i = 1;
      res.write(row);
      const pump = () => {
        while (i < rows) {
          i++;
          if (!res.write(row)) {
            refused++;
            res.once("drain", pump);
            return;
          }
        }
        res.end();
      };
      // The rest once the response has become a stream.
      setTimeout(pump, 100);
    });
    const got = await get(url, { "accept-encoding": "gzip" });
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(got.headers["content-length"]).toBeUndefined();
    const text = decode(got).toString();
    expect(text.length).toBe(row.length * rows);
    expect(text.startsWith(row)).toBe(true);
    // The handler was told to wait, and was let go again each time.
    expect(refused).toBeGreaterThan(0);
  });

  it("compresses a build file once and answers it from memory after, per encoding", async () => {
    const cache = new StaticCache();
    const calls: string[] = [];
    let n = 0;
    const url = await serve((req, res) => {
      calls.push(req.url!);
      res.setHeader("x-request-id", `r${++n}`);
      const immutable = req.url!.startsWith("/_next/static/");
      res.writeHead(200, { "content-type": "application/javascript; charset=UTF-8", "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-store" });
      res.end(page);
    }, cache);
    const js = "/_next/static/chunks/abc123.js";
    const first = await get(url + js, { "accept-encoding": "gzip" });
    const second = await get(url + js, { "accept-encoding": "gzip" });
    expect(calls).toEqual([js]);
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(second.headers["cache-control"]).toContain("immutable");
    expect(second.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(first.headers["x-request-id"]).toBe("r1");
    expect(second.headers["x-request-id"]).toBeUndefined();
    expect(decode(second).toString()).toBe(page);
    // Another encoding is compressed once too; what is not immutable every time.
    const br = await get(url + js, { "accept-encoding": "br" });
    await get(url + js, { "accept-encoding": "br" });
    expect(decode(br).toString()).toBe(page);
    await get(url + "/app.js", { "accept-encoding": "gzip" });
    await get(url + "/app.js", { "accept-encoding": "gzip" });
    expect(calls).toEqual([js, js, "/app.js", "/app.js"]);
    // A client that takes no encoding gets the file from the handler, as it is.
    const plain = await get(url + js);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});
