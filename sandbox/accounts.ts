/**
 * Accounts and API credentials, with an in-process cache in front of the database (the sandbox is a
 * single process, and every change goes through this module, so the cache is never stale).
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Db, Sql } from "./db/sql";
import { constraintOf, sqlState } from "./db/sql";
import type { SandboxClock } from "./clock";
import {
  CURRENCIES,
  DEFAULT_ACCOUNT_STATUS,
  DEFAULT_FEES,
  DEFAULT_KYC_LEVEL,
  DEFAULT_KYC_STATUS,
  DEFAULT_LIMITS,
  LIMIT_OPERATIONS,
  PERMISSIONS,
  type Permission,
} from "./config";
import { ApiError } from "./errors";
import { dec } from "./money";

export type Account = {
  id: string;
  username: string;
  name: string;
  document: string | null;
  kycLevel: number;
  kycStatus: string;
  status: string;
};

export type Credential = {
  clientId: string;
  accountId: string;
  secretHash: string;
  signingKey: string;
  status: "pending" | "active";
  permissions: ReadonlySet<Permission>;
};

export type IssuedCredential = { client_id: string; client_secret: string; signing_key: string; status: "pending" };

export const hex = (bytes: number): string => randomBytes(bytes).toString("hex");
/** 32 hexadecimal characters (spec "transaction_id"): a v4 UUID without dashes (122 random bits;
 * randomUUID draws from a pre-filled entropy pool, much cheaper per call than randomBytes). */
export const newId = (): string => randomUUID().replace(/-/g, "");

const sha256 = (s: string): string => createHash("sha256").update(s, "utf8").digest("hex");

/** Constant-time comparison of two strings (by their sha256, so lengths never leak). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

type AccountRow = { id: string; username: string; name: string; document: string | null; kyc_level: number; kyc_status: string; status: string };
type CredentialRow = { client_id: string; account_id: string; secret_hash: string; signing_key: string; status: string; permissions: string[] };

const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  username: r.username,
  name: r.name,
  document: r.document,
  kycLevel: Number(r.kyc_level),
  kycStatus: r.kyc_status,
  status: r.status,
});

const toCredential = (r: CredentialRow): Credential => ({
  clientId: r.client_id,
  accountId: r.account_id,
  secretHash: r.secret_hash,
  signingKey: r.signing_key,
  status: r.status === "active" ? "active" : "pending",
  permissions: new Set(r.permissions.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p))),
});

export class Directory {
  private accountsById = new Map<string, Account>();
  private accountsByUsername = new Map<string, Account>();
  private credentialsById = new Map<string, Credential | null>();

  constructor(
    private readonly db: Db,
    private readonly clock: SandboxClock,
  ) {}

  private remember(a: Account) {
    this.accountsById.set(a.id, a);
    this.accountsByUsername.set(a.username, a);
    return a;
  }

  async account(id: string): Promise<Account | undefined> {
    const hit = this.accountsById.get(id);
    if (hit) return hit;
    const rows = await this.db.query<AccountRow>("select * from accounts where id = $1", [id]);
    return rows[0] ? this.remember(toAccount(rows[0])) : undefined;
  }

  async accountByUsername(username: string): Promise<Account | undefined> {
    const hit = this.accountsByUsername.get(username);
    if (hit) return hit;
    const rows = await this.db.query<AccountRow>("select * from accounts where username = $1", [username]);
    return rows[0] ? this.remember(toAccount(rows[0])) : undefined;
  }

  async credential(clientId: string): Promise<Credential | undefined> {
    if (this.credentialsById.has(clientId)) return this.credentialsById.get(clientId) ?? undefined;
    const rows = await this.db.query<CredentialRow>("select * from credentials where client_id = $1", [clientId]);
    const c = rows[0] ? toCredential(rows[0]) : null;
    if (this.credentialsById.size > 100_000) this.credentialsById.clear();
    this.credentialsById.set(clientId, c);
    return c ?? undefined;
  }

  /** Checks a client secret against the stored sha256 (the secret has 256 bits of entropy). */
  static secretMatches(c: Credential, secret: string): boolean {
    return safeEqual(sha256(secret), c.secretHash);
  }

  /**
   * POST /sandbox/accounts: the account, its ledger rows (opening balances in `available`), its fee and
   * limit configuration (copied from the defaults), and a first, pending credential.
   */
  async createAccount(input: {
    username: string;
    name?: string;
    document?: string;
    balances?: Partial<Record<string, string>>;
    permissions?: Permission[];
  }): Promise<{ account: Account; credential: IssuedCredential }> {
    const now = this.clock.date();
    const id = newId();
    try {
      const issued = await this.db.tx(async (q) => {
        await q.query(
          "insert into accounts (id, username, name, document, kyc_level, kyc_status, status, created_at) values ($1, $2, $3, $4, $5::int, $6, $7, $8)",
          [id, input.username, input.name ?? input.username, input.document ?? null, DEFAULT_KYC_LEVEL, DEFAULT_KYC_STATUS, DEFAULT_ACCOUNT_STATUS, now],
        );
        for (const c of CURRENCIES) {
          await q.query("insert into balances (account_id, currency, available) values ($1, $2, $3::numeric)", [id, c, dec(input.balances?.[c] ?? "0")]);
        }
        const fees = DEFAULT_FEES.map(
          (f) => `(${[id, f.operation, f.method ?? "", f.currency, f.percentage, f.fixed, f.minimum].map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`,
        );
        await q.query(`insert into fee_configs (account_id, operation, method, currency, percentage, fixed, minimum) values ${fees.join(", ")}`);
        const limits: string[] = [];
        for (const c of CURRENCIES) {
          const l = DEFAULT_LIMITS[c];
          for (const op of LIMIT_OPERATIONS) limits.push(`('${id}', '${c}', '${op}', ${l.min[op]}, ${l.max}, ${l.daily}, ${l.monthly})`);
        }
        await q.query(
          `insert into limit_configs (account_id, currency, operation, per_operation_min, per_operation_max, daily_max, monthly_max) values ${limits.join(", ")}`,
        );
        return this.insertCredential(q, id, input.permissions ?? [...PERMISSIONS]);
      });
      const account = this.remember({
        id,
        username: input.username,
        name: input.name ?? input.username,
        document: input.document ?? null,
        kycLevel: DEFAULT_KYC_LEVEL,
        kycStatus: DEFAULT_KYC_STATUS,
        status: DEFAULT_ACCOUNT_STATUS,
      });
      return { account, credential: issued };
    } catch (e) {
      if (sqlState(e) === "23505" && constraintOf(e)?.includes("username")) {
        throw new ApiError("DUPLICATE_RESOURCE", `username ${input.username} is taken`, { field: "username" });
      }
      throw e;
    }
  }

  async createCredential(accountId: string, permissions: Permission[]): Promise<IssuedCredential> {
    return this.insertCredential(this.db, accountId, permissions);
  }

  private async insertCredential(q: Sql, accountId: string, permissions: Permission[]): Promise<IssuedCredential> {
    const clientId = `ci_${hex(12)}`;
    const secret = `cs_${randomBytes(32).toString("base64url")}`;
    const signingKey = `sk_${hex(32)}`;
    await q.query(
      "insert into credentials (client_id, account_id, secret_hash, signing_key, status, permissions, created_at) values ($1, $2, $3, $4, 'pending', $5::jsonb, $6)",
      [clientId, accountId, sha256(secret), signingKey, JSON.stringify([...new Set(permissions)]), this.clock.date()],
    );
    this.credentialsById.delete(clientId);
    return { client_id: clientId, client_secret: secret, signing_key: signingKey, status: "pending" };
  }

  /** Sets (or clears, with null) a credential's default webhook URL. Returns false when the client id is unknown. */
  async setPostbackUrl(clientId: string, url: string | null): Promise<boolean> {
    const rows = await this.db.query<{ client_id: string }>("update credentials set postback_url = $2 where client_id = $1 returning client_id", [clientId, url]);
    return rows.length === 1;
  }

  /** The account administrator's activation. Returns false when the client id is unknown. */
  async activate(clientId: string): Promise<boolean> {
    const rows = await this.db.query<{ client_id: string }>(
      "update credentials set status = 'active', activated_at = coalesce(activated_at, $2) where client_id = $1 returning client_id",
      [clientId, this.clock.date()],
    );
    this.credentialsById.delete(clientId);
    return rows.length === 1;
  }
}
