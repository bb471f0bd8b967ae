/**
 * A local HTTP server (node:http on 127.0.0.1, port 0) standing in for Payment Service API v2 in the
 * client's unit tests. It issues tokens, checks Bearer tokens and, on signed routes, recomputes the
 * HMAC itself and remembers nonces; each test installs route handlers that inject faults.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Recorded = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Buffer;
  json: unknown;
};

export type Handler = (req: Recorded, res: ServerResponse, n: number) => unknown;

export const CLIENT_ID = "client-abc";
export const CLIENT_SECRET = "s3cr3t-client-secret-value-XYZ";
export const SIGNING_KEY = "signing-key-0123456789-abcdef-QWERTY";

export const SIGNED = new Set([
  "POST /v2/transactions/cashout",
  "POST /v2/pix/payment",
  "POST /v2/internal_transfers/payment",
  "POST /v2/conversions/new",
]);

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export const ok = (res: ServerResponse, data: unknown, status = 200, headers: Record<string, string> = {}) =>
  sendJson(res, status, { success: true, data, request_id: "req_ok_1", timestamp: new Date().toISOString() }, headers);

export const fail = (
  res: ServerResponse,
  status: number,
  code: string,
  opts: { group?: string; retryable?: boolean; details?: Record<string, unknown>; headers?: Record<string, string>; message?: string } = {},
) =>
  sendJson(
    res,
    status,
    {
      success: false,
      error: {
        code,
        message: opts.message ?? code.toLowerCase().replace(/_/g, " "),
        group: opts.group ?? "SYSTEM",
        retryable: opts.retryable ?? false,
        ...(opts.details ? { details: opts.details } : {}),
      },
      request_id: "req_err_1",
    },
    opts.headers,
  );

export type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;

export async function startFakeApi(opts: { expiresIn?: number; verifySignatures?: boolean } = {}) {
  const routes = new Map<string, Handler>();
  const counts = new Map<string, number>();
  const requests: Recorded[] = [];
  const tokenRequests: Recorded[] = [];
  const validTokens = new Set<string>();
  const seenNonces = new Set<string>();
  const signatureFailures: string[] = [];
  let tokenSeq = 0;
  let tokenHandler: Handler | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = Buffer.concat(chunks);
      let json: unknown = undefined;
      if ((req.headers["content-type"] ?? "").includes("application/json") && body.length) {
        try {
          json = JSON.parse(body.toString("utf8"));
        } catch {
          json = undefined;
        }
      }
      const rec: Recorded = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, body, json };
      const key = `${rec.method} ${rec.path}`;

      if (key === "POST /v2/oauth/token") {
        tokenRequests.push(rec);
        if (tokenHandler) return tokenHandler(rec, res, tokenRequests.length);
        const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
        if (req.headers.authorization !== expected) return fail(res, 401, "INVALID_CREDENTIALS", { group: "AUTH" });
        if ((json as { grant_type?: string } | undefined)?.grant_type !== "client_credentials") return fail(res, 400, "INVALID_PAYLOAD", { group: "VALIDATION" });
        const token = `tok-${++tokenSeq}`;
        validTokens.add(token);
        return ok(res, { access_token: token, expires_in: opts.expiresIn ?? 3600, meta: {} });
      }

      requests.push(rec);
      const auth = req.headers.authorization ?? "";
      const token = auth.startsWith("Bearer ") ? auth.slice(7) : "";
      if (!validTokens.has(token)) return fail(res, 401, "TOKEN_EXPIRED", { group: "AUTH" });

      if (SIGNED.has(key) && opts.verifySignatures !== false) {
        const sig = req.headers["x-signature"];
        const ts = req.headers["x-timestamp"];
        const nonce = req.headers["x-nonce"];
        if (typeof sig !== "string" || typeof ts !== "string" || typeof nonce !== "string") {
          signatureFailures.push("MISSING_SIGNATURE");
          return fail(res, 401, "MISSING_SIGNATURE", { group: "SIGNATURE" });
        }
        if (!/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > 300) {
          signatureFailures.push("INVALID_TIMESTAMP");
          return fail(res, 401, "INVALID_TIMESTAMP", { group: "SIGNATURE" });
        }
        if (seenNonces.has(nonce)) {
          signatureFailures.push("REPLAY_DETECTED");
          return fail(res, 401, "REPLAY_DETECTED", { group: "SIGNATURE" });
        }
        seenNonces.add(nonce);
        const expected = createHmac("sha256", SIGNING_KEY).update(Buffer.concat([Buffer.from(`${ts}.${nonce}.`), body])).digest("hex");
        if (sig !== expected) {
          signatureFailures.push("INVALID_SIGNATURE");
          return fail(res, 401, "INVALID_SIGNATURE", { group: "SIGNATURE" });
        }
      }

      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      const handler = routes.get(key);
      if (!handler) return fail(res, 404, "NOT_FOUND", { group: "BUSINESS" });
      await handler(rec, res, n);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    tokenRequests,
    signatureFailures,
    seenNonces,
    /** install a handler for "METHOD /path"; `n` counts calls that reached it (1-based) */
    on(key: string, h: Handler) {
      routes.set(key, h);
    },
    onToken(h: Handler | null) {
      tokenHandler = h;
    },
    /** make the server refuse a token it issued (TOKEN_EXPIRED) */
    expireToken(token: string) {
      validTokens.delete(token);
    },
    issueToken(token: string) {
      validTokens.add(token);
    },
    calls(key: string) {
      return requests.filter((r) => `${r.method} ${r.path}` === key);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Records the delays the client asks for instead of waiting them. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { delays, sleep };
}
