/**
 * Response compression for the dashboard's server (scripts/server.ts), in place of Next.js's.
 *
 * Next.js compresses with the `compression` middleware and flushes it after every chunk it writes:
 * a stream of small deflate calls handed to the thread pool one by one, each flush ending a block.
 * Under the page mix that cost ≈ 2.5 ms of CPU a page, twice what compressing the same bytes in one
 * call costs, and the flushes made the bodies larger. Here a response that ends within `BUFFER_MS`
 * of its first byte (nearly every page, action and file) is compressed in one call and sent with its
 * length; one still going after that (a page waiting on slow data behind a loading state) becomes a
 * stream flushed at the end of each turn of the event loop in which it was written to, so what is
 * ready still reaches the browser at once, whole.
 *
 * Brotli (quality 4: smaller than gzip's level 6 in a third less time) where the client accepts it,
 * which browsers do over HTTPS; else gzip at level 6. Only text-like types; never a body that is
 * already encoded, marked `no-transform`, or under `THRESHOLD` bytes.
 */
import type http from "node:http";
import zlib from "node:zlib";

export const BUFFER_MS = 30;
export const THRESHOLD = 1024;
const STREAM_BATCH = 16 * 1024;
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 4;

const COMPRESSIBLE = /^\s*(text\/(html|css|plain|csv|xml|javascript|x-component)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)\s*(;|$)/i;

export type Encoding = "br" | "gzip";

/** The encoding to use for an Accept-Encoding header: br, then gzip, each unless refused with q=0. */
export function negotiate(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  const q = new Map<string, number>();
  for (const part of text.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

function options(encoding: Encoding, size?: number) {
  return encoding === "br"
    ? { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, ...(size ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}) } }
    : { level: GZIP_LEVEL };
}

/**
 * The whole body in one call, on this thread: for a page's ≈ 90 KB, gzip takes ≈ 1.3 ms of CPU this
 * way and ≈ 1.6–2.2 ms through the thread pool (the hand-offs cost more than the wait they save).
 */
export function compressBuffer(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br" ? zlib.brotliCompressSync(body, options("br", body.length)) : zlib.gzipSync(body, { ...options("gzip"), chunkSize: 64 * 1024 });
}

type Callback = (err?: Error | null) => void;
type Chunk = string | Uint8Array;

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === "string" ? Buffer.from(chunk, encoding ?? "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function setHeaders(res: http.ServerResponse, headers: unknown) {
  if (!headers) return;
  if (Array.isArray(headers)) {
    // [[name, value], …] or [name, value, name, value, …]
    if (Array.isArray(headers[0])) for (const [k, v] of headers as [string, string][]) res.setHeader(k, v);
    else for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
  } else for (const [k, v] of Object.entries(headers as Record<string, string | number | string[]>)) if (v !== undefined) res.setHeader(k, v);
}

function addVary(res: http.ServerResponse) {
  const vary = String(res.getHeader("vary") ?? "");
  if (vary === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return;
  res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Compresses what `res` sends, if the request accepts it and the response turns out to be worth it.
 * Call before handing `res` to the handler; the handler uses `res` as usual (headers, write, end,
 * backpressure).
 */
export function compressResponse(req: http.IncomingMessage, res: http.ServerResponse, opts: { bufferMs?: number; cache?: StaticCache } = {}): void {
  const bufferMs = opts.bufferMs ?? BUFFER_MS;
  const encoding = negotiate(req.headers["accept-encoding"]);
  if (req.method === "HEAD") return;

  const orig = { writeHead: res.writeHead, flushHeaders: res.flushHeaders, write: res.write, end: res.end };
  let mode: "undecided" | "buffer" | "stream" | "pass" = "undecided";
  let chunks: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | null = null;
  let stream: zlib.Gzip | zlib.BrotliCompress | null = null;

  const restore = () => Object.assign(res, orig);
  const sendHeaders = () => orig.writeHead.call(res, res.statusCode);

  /** At the first header flush or byte: compress, or step aside for good. False once stepped aside. */
  const decide = (): boolean => {
    if (mode !== "undecided") return mode !== "pass";
    const type = String(res.getHeader("content-type") ?? "");
    const compressible = COMPRESSIBLE.test(type);
    if (compressible) addVary(res);
    const ok =
      compressible &&
      encoding !== null &&
      res.statusCode !== 204 &&
      res.statusCode !== 304 &&
      !res.getHeader("content-encoding") &&
      !/\bno-transform\b/i.test(String(res.getHeader("cache-control") ?? ""));
    if (!ok) {
      mode = "pass";
      restore();
      return false;
    }
    mode = "buffer";
    return true;
  };

  const toStream = () => {
    if (mode !== "buffer" || res.destroyed) return;
    mode = "stream";
    if (timer) clearTimeout(timer);
    res.setHeader("content-encoding", encoding!);
    res.removeHeader("content-length");
    sendHeaders();
    stream = encoding === "br" ? zlib.createBrotliCompress(options("br")) : zlib.createGzip(options("gzip"));
    stream.on("data", (c: Buffer) => {
      if (Reflect.apply(orig.write, res, [c]) === false) {
        stream!.pause();
        res.once("drain", () => stream!.resume());
      }
    });
    // A handler waiting for "drain" after a refused write waits on the compressor's.
    stream.on("drain", () => res.emit("drain"));
    stream.on("error", (err) => res.destroy(err));
    pushPending();
    queueFlush();
  };

  /**
   * Flushes what was written in this turn of the event loop once it ends: the browser gets each of
   * the handler's writes whole (React's chunks: never half an element) as soon as the handler
   * stops writing for a moment, as with a flush after every write, at one flush a turn.
   */
  let flushQueued = false;
  const queueFlush = () => {
    if (flushQueued) return;
    flushQueued = true;
    setImmediate(() => {
      flushQueued = false;
      if (!stream || stream.writableEnded || res.destroyed) return;
      pushPending();
      stream.flush(encoding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH);
    });
  };

  /**
   * Small writes are handed to the compressor together (each write of its own is a trip to the
   * thread pool: a CSV written row by row took seconds more).
   */
  const pushPending = (): boolean => {
    if (size === 0) return true;
    const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
    chunks = [];
    size = 0;
    return stream!.write(whole);
  };

  const startTimer = () => {
    if (timer || mode !== "buffer") return;
    timer = setTimeout(toStream, bufferMs);
  };
  res.once("close", () => {
    if (timer) clearTimeout(timer);
  });

  res.writeHead = function writeHead(this: http.ServerResponse, status: number, ...rest: unknown[]) {
    if (mode === "pass" || mode === "stream") return Reflect.apply(orig.writeHead, this, [status, ...rest]) as http.ServerResponse;
    res.statusCode = status;
    if (typeof rest[0] === "string") {
      res.statusMessage = rest[0];
      setHeaders(res, rest[1]);
    } else setHeaders(res, rest[0]);
    if (!decide()) return orig.writeHead.call(this, res.statusCode);
    startTimer();
    return this;
  } as typeof res.writeHead;

  res.flushHeaders = function flushHeaders(this: http.ServerResponse) {
    if (!decide()) return orig.flushHeaders.call(this);
    startTimer();
  };

  res.write = function write(this: http.ServerResponse, chunk: Chunk, encOrCb?: BufferEncoding | Callback, cb?: Callback) {
    const callback = typeof encOrCb === "function" ? encOrCb : cb;
    const enc = typeof encOrCb === "string" ? encOrCb : undefined;
    if (!decide()) return Reflect.apply(orig.write, this, [chunk, enc, callback]) as boolean;
    const buf = toBuffer(chunk, enc);
    if (mode === "buffer") {
      chunks.push(buf);
      size += buf.length;
      startTimer();
      if (callback) process.nextTick(callback);
      return true;
    }
    chunks.push(buf);
    size += buf.length;
    const ok = size >= STREAM_BATCH ? pushPending() : true;
    queueFlush();
    if (callback) process.nextTick(callback);
    return ok;
  } as typeof res.write;

  res.end = function end(this: http.ServerResponse, chunk?: Chunk | Callback, encOrCb?: BufferEncoding | Callback, cb?: Callback) {
    const callback = [chunk, encOrCb, cb].find((a) => typeof a === "function") as Callback | undefined;
    const body = typeof chunk === "function" ? undefined : chunk;
    const enc = typeof encOrCb === "string" ? encOrCb : undefined;
    if (!decide()) return Reflect.apply(orig.end, this, [body, enc, callback]) as http.ServerResponse;
    if (body !== undefined && body !== null && (typeof body === "string" ? body.length > 0 : body.byteLength > 0)) {
      const buf = toBuffer(body, enc);
      chunks.push(buf);
      size += buf.length;
    }
    if (mode === "stream") {
      pushPending();
      stream!.on("end", () => Reflect.apply(orig.end, res, [callback]));
      stream!.end();
      return this;
    }
    // Buffered to the end: one call, and the length known.
    if (timer) clearTimeout(timer);
    mode = "pass";
    const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
    chunks = [];
    if (whole.length < THRESHOLD) {
      restore();
      res.setHeader("content-length", whole.length);
      sendHeaders();
      Reflect.apply(orig.end, res, [whole, callback]);
      return this;
    }
    let out: Buffer;
    try {
      out = compressBuffer(whole, encoding!);
    } catch (err) {
      restore();
      res.destroy(err as Error);
      return this;
    }
    restore();
    res.setHeader("content-encoding", encoding!);
    res.setHeader("content-length", out.length);
    opts.cache?.keep(req, res, encoding!, out);
    sendHeaders();
    Reflect.apply(orig.end, res, [out, callback]);
    return this;
  } as typeof res.end;
}

/** Headers that belong to one response, never replayed from the cache. */
const PER_RESPONSE = new Set(["x-request-id", "date", "connection", "keep-alive", "set-cookie", "transfer-encoding"]);

/**
 * The build's files under /_next/static/ compressed once, not once per browser that loads them:
 * their names carry their content's hash and Next.js sends them as `immutable`, so the same name is
 * the same bytes for the life of the process. Bounded by bytes, the least recently used dropped.
 */
export class StaticCache {
  private readonly entries = new Map<string, { headers: http.OutgoingHttpHeaders; body: Buffer }>();
  private bytes = 0;
  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  private static key(encoding: Encoding, url: string) {
    return `${encoding} ${url}`;
  }

  private static cacheable(req: http.IncomingMessage) {
    return req.method === "GET" && (req.url ?? "").startsWith("/_next/static/") && !req.headers.range;
  }

  keep(req: http.IncomingMessage, res: http.ServerResponse, encoding: Encoding, body: Buffer): void {
    if (!StaticCache.cacheable(req) || res.statusCode !== 200 || !/\bimmutable\b/.test(String(res.getHeader("cache-control") ?? ""))) return;
    if (body.length > this.maxBytes / 4) return;
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(res.getHeaders())) if (!PER_RESPONSE.has(k) && v !== undefined) headers[k] = v;
    const key = StaticCache.key(encoding, req.url!);
    const old = this.entries.get(key);
    if (old) this.bytes -= old.body.length;
    this.entries.set(key, { headers, body });
    this.bytes += body.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.body.length;
    }
  }

  /** Answers from the cache if it holds this file in an encoding the client accepts; false otherwise. */
  serve(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (!StaticCache.cacheable(req)) return false;
    const encoding = negotiate(req.headers["accept-encoding"]);
    if (!encoding) return false;
    const key = StaticCache.key(encoding, req.url!);
    const hit = this.entries.get(key);
    if (!hit) return false;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    res.writeHead(200, hit.headers).end(hit.body);
    return true;
  }
}
