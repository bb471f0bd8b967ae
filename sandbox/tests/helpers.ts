/**
 * Test helpers: start a real sandbox (in-process, port 0) on in-memory PGlite, or on a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set, and talk to it over HTTP.
 */
import { randomBytes } from "node:crypto";
import { signatureHeaders } from "@/lib/payment-api/core/signing";
import { createScratchDatabase } from "@/test/support/databases";
import { createSandbox, type RunningSandbox } from "../server";

export const ADMIN = "test-admin-token-0123456789abcdef-sandbox";

export type Backend = { name: "pglite" | "postgres" };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: Backend[] = [{ name: "pglite" }, ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" as const }] : [])];

export type TestSandbox = RunningSandbox & {
  api: Api;
  /** closes the sandbox and drops its database */
  dispose(): Promise<void>;
  /** PostgreSQL URL of this run's database (postgres backend only) */
  databaseUrl?: string;
};

/** A fresh database `sandbox_test_<random>` on the TEST_DATABASE_URL server, a copy of the run's migrated template, dropped by `drop()`. */
export function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createScratchDatabase(process.env.TEST_DATABASE_URL!, "sandbox_test", "sandbox");
}

export type StartOptions = { dataDir?: string; hmacRequired?: boolean; webhookTimeoutMs?: number; webhookConcurrency?: number; tickMs?: number };

export async function startSandbox(backend: Backend, opts: StartOptions = {}): Promise<TestSandbox> {
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (backend.name === "postgres") {
    const db = await freshPostgresDatabase();
    databaseUrl = db.url;
    drop = db.drop;
  }
  const sb = await createSandbox({
    port: 0,
    host: "127.0.0.1",
    adminToken: ADMIN,
    databaseUrl,
    dataDir: opts.dataDir,
    hmacRequired: opts.hmacRequired,
    webhookTimeoutMs: opts.webhookTimeoutMs,
    webhookConcurrency: opts.webhookConcurrency,
    tickMs: opts.tickMs,
  });
  return {
    ...sb,
    api: new Api(sb.url, () => sb.clock.now()),
    databaseUrl,
    async dispose() {
      await sb.close();
      await drop?.();
    },
  };
}

export type Answer<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  body: {
    success: boolean;
    data: T;
    error: { code: string; message: string; group: string; retryable: boolean; details?: Record<string, unknown> };
    request_id: string;
    timestamp: string;
  };
};

type Opts = { token?: string; headers?: Record<string, string>; raw?: string; contentType?: string | null; sign?: string };

export class Api {
  constructor(
    readonly base: string,
    private readonly now: () => number,
  ) {}

  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, o: Opts = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    const raw = o.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (raw !== undefined && o.contentType !== null) headers["content-type"] = o.contentType ?? "application/json";
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.sign !== undefined) Object.assign(headers, signatureHeaders(o.sign, raw ?? "", this.now()));
    const res = await fetch(this.base + path, { method, headers, body: raw });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: JSON.parse(text) as Answer<T>["body"] };
  }

  get<T = Record<string, unknown>>(path: string, o: Opts = {}) {
    return this.request<T>("GET", path, undefined, o);
  }

  post<T = Record<string, unknown>>(path: string, body?: unknown, o: Opts = {}) {
    return this.request<T>("POST", path, body, o);
  }

  admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
    return this.request<T>(method, path, body, { headers: { authorization: `Bearer ${ADMIN}` } });
  }

  advance(seconds: number) {
    return this.admin("POST", "/sandbox/clock/advance", { seconds });
  }
}

export type Credential = { client_id: string; client_secret: string; signing_key: string; status: string };

export type Client = {
  username: string;
  credential: Credential;
  token: string;
  /** POST with the HMAC headers of this credential */
  signed<T = Record<string, unknown>>(path: string, body: unknown, o?: Opts): Promise<Answer<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown, o?: Opts): Promise<Answer<T>>;
  get<T = Record<string, unknown>>(path: string, o?: Opts): Promise<Answer<T>>;
};

let seq = 0;
export const uniq = (prefix = "u") => `${prefix}_${process.pid}_${++seq}_${randomBytes(3).toString("hex")}`;

export const basic = (c: Credential) => `Basic ${Buffer.from(`${c.client_id}:${c.client_secret}`).toString("base64")}`;

/**
 * A token for the credential. The token endpoint allows 30 requests a minute per IP and every test
 * calls from 127.0.0.1: on 429 this does what a client does, waits Retry-After, by advancing the
 * sandbox clock.
 */
export async function tokenOf(api: Api, c: Credential): Promise<string> {
  for (;;) {
    const r = await api.post<{ access_token: string }>("/v2/oauth/token", { grant_type: "client_credentials" }, { headers: { authorization: basic(c) } });
    if (r.status === 429) {
      await api.advance(Number(r.headers.get("retry-after")));
      continue;
    }
    if (r.status !== 200) throw new Error(`token: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.access_token;
  }
}

/** A new account with an activated credential and a token. */
export async function newClient(
  api: Api,
  opts: { balances?: Record<string, number | string>; permissions?: string[]; username?: string; name?: string; document?: string; postbackUrl?: string } = {},
): Promise<Client> {
  const username = opts.username ?? uniq();
  const r = await api.admin<{ username: string; credential: Credential }>("POST", "/sandbox/accounts", {
    username,
    ...(opts.balances && { balances: opts.balances }),
    ...(opts.name && { name: opts.name }),
    ...(opts.document && { document: opts.document }),
    ...(opts.postbackUrl && { postback_url: opts.postbackUrl }),
  });
  if (r.status !== 201) throw new Error(`account: ${r.status} ${JSON.stringify(r.body)}`);
  let credential = r.body.data.credential;
  if (opts.permissions) {
    const c = await api.admin<{ credential: Credential }>("POST", "/sandbox/credentials", {
      username,
      permissions: opts.permissions,
      ...(opts.postbackUrl && { postback_url: opts.postbackUrl }),
    });
    credential = c.body.data.credential;
  }
  await api.admin("POST", `/sandbox/credentials/${credential.client_id}/activate`);
  const token = await tokenOf(api, credential);
  return {
    username,
    credential,
    token,
    signed: (path, body, o = {}) => api.post(path, body, { ...o, token, sign: credential.signing_key }),
    post: (path, body, o = {}) => api.post(path, body, { ...o, token }),
    get: (path, o = {}) => api.get(path, { ...o, token }),
  };
}

/** The same client with a fresh token (after the sandbox clock moved past the old one's hour). */
export async function refreshed(api: Api, c: Client): Promise<Client> {
  const token = await tokenOf(api, c.credential);
  return {
    ...c,
    token,
    signed: (path, body, o = {}) => api.post(path, body, { ...o, token, sign: c.credential.signing_key }),
    post: (path, body, o = {}) => api.post(path, body, { ...o, token }),
    get: (path, o = {}) => api.get(path, { ...o, token }),
  };
}

export const payer = { name: "Maria Silva", document: "52998224725", email: "maria@example.com" };

export const boletoBody = (overrides: Record<string, unknown> = {}) => ({
  amount: 150.25,
  method: "BOLETO",
  payer: {
    name: "Maria Silva",
    document: "52998224725",
    email: "maria@example.com",
    phone: "11987654321",
    address: { address: "Rua Augusta", number: "100", district: "Consolação", city: "São Paulo", zipCode: "01305000", uf: "SP" },
  },
  ...overrides,
});

/** Balance of one currency, as numbers. */
export async function balanceOf(c: Client, currency: string): Promise<{ available: number; blocked: number; pending: number }> {
  const r = await c.get<{ balances: { currency: string; available: number; blocked: number; pending: number }[] }>("/v2/account/balance");
  const b = r.body.data.balances.find((x) => x.currency === currency);
  if (!b) throw new Error(`no ${currency} balance`);
  return { available: b.available, blocked: b.blocked, pending: b.pending };
}
