/**
 * A small client of the sandbox's control API (`/sandbox/*`, sandbox/README.md): the dashboard's
 * "Sandbox in one click", the sandbox tools (simulate a payment, a deposit, an infraction), and the
 * demo's history use it. It only ever talks to our own emulator, never to a real provider, and needs
 * SANDBOX_ADMIN_TOKEN. No Next.js imports.
 */

export class SandboxControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "SandboxControlError";
  }
}

export type SandboxCredential = { client_id: string; client_secret: string; signing_key: string; status: string };

export class SandboxControl {
  readonly baseUrl: string;
  readonly #token: string;

  constructor(baseUrl: string, adminToken: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.#token = adminToken;
  }

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${this.#token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (e) {
      throw new SandboxControlError(0, "CONNECTION_ERROR", `the sandbox at ${this.baseUrl} does not answer (${(e as Error).name})`);
    }
    const json = (await res.json().catch(() => null)) as { success?: boolean; data?: T; error?: { code: string; message: string } } | null;
    if (!res.ok || !json?.success) {
      throw new SandboxControlError(res.status, json?.error?.code ?? "INVALID_RESPONSE", json?.error?.message ?? `HTTP ${res.status}`);
    }
    return json.data as T;
  }

  async healthy(): Promise<boolean> {
    try {
      const res = await fetch(`${this.baseUrl}/sandbox/health`, { signal: AbortSignal.timeout(2_000) });
      return res.ok;
    } catch {
      return false;
    }
  }

  createAccount(body: { username: string; name?: string; document?: string; balances?: Record<string, number | string>; permissions?: string[] }) {
    return this.#call<{ username: string; credential: SandboxCredential }>("POST", "/sandbox/accounts", body);
  }
  createCredential(body: { username: string; permissions?: string[] }) {
    return this.#call<{ username: string; credential: SandboxCredential }>("POST", "/sandbox/credentials", body);
  }
  activate(clientId: string) {
    return this.#call<{ client_id: string; status: string }>("POST", `/sandbox/credentials/${encodeURIComponent(clientId)}/activate`);
  }
  setPostbackUrl(clientId: string, postbackUrl: string | null) {
    return this.#call<{ client_id: string; postback_url: string | null }>("PUT", `/sandbox/credentials/${encodeURIComponent(clientId)}`, { postback_url: postbackUrl });
  }
  simulate(transactionId: string, body: { event: string; error_code?: string }) {
    return this.#call<Record<string, unknown>>("POST", `/sandbox/transactions/${encodeURIComponent(transactionId)}/simulate`, body);
  }
  deposit(walletId: string, body: { amount: number; payer?: { name: string; document: string } }) {
    return this.#call<{ transaction_id: string }>("POST", `/sandbox/wallets/${encodeURIComponent(walletId)}/deposit`, body);
  }
  openInfraction(body: { transaction_id: string; type: "REFUND_REQUEST" | "FRAUD"; amount?: number; reason?: string }) {
    return this.#call<{ infraction_id: string; deadline_at: string }>("POST", "/sandbox/infractions", body);
  }
  resolveInfraction(infractionId: string, outcome: "won" | "lost" | "canceled") {
    return this.#call<Record<string, unknown>>("POST", `/sandbox/infractions/${encodeURIComponent(infractionId)}/resolve`, { outcome });
  }
  advanceClock(seconds: number) {
    return this.#call<{ now: string; offset_seconds: number }>("POST", "/sandbox/clock/advance", { seconds });
  }
  /** Sets the clock's offset from real time (negative: the past), for back-dated history. */
  setClock(offsetSeconds: number) {
    return this.#call<{ now: string; offset_seconds: number }>("PUT", "/sandbox/clock", { offset_seconds: offsetSeconds });
  }
  settings(body: { hmac_required?: boolean; auto_settle_cashout_seconds?: number | null; drop_webhooks?: boolean }) {
    return this.#call<Record<string, unknown>>("PUT", "/sandbox/settings", body);
  }
}
