/**
 * Authentication (spec "Authentication"): Basic client credentials on the token endpoint, JWT
 * access tokens (HS256) valid 3600 s on the sandbox clock, Bearer on every other /v2 route.
 *
 * The HS256 secret is generated once per sandbox and persisted in sandbox_state, so tokens survive a
 * restart. Verified tokens are cached (token → claims): the hot path then costs one Map lookup and
 * an expiry comparison instead of an HMAC and a JSON parse.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Sql } from "./db/sql";
import { readOrInitState } from "./state";
import type { SandboxClock } from "./clock";
import { ACCESS_TOKEN_TTL_SECONDS } from "./config";
import { ApiError } from "./errors";

export type TokenClaims = { sub: string; acc: string; iat: number; exp: number; jti: string };

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const HEADER = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
const ISSUER = "payment-service-sandbox";

export class TokenService {
  private cache = new Map<string, TokenClaims>();

  private constructor(
    private readonly secret: Buffer,
    private readonly clock: SandboxClock,
  ) {}

  static async load(q: Sql, clock: SandboxClock): Promise<TokenService> {
    const hexSecret = await readOrInitState<string>(q, "jwt_secret", () => randomBytes(32).toString("hex"));
    return new TokenService(Buffer.from(hexSecret, "hex"), clock);
  }

  private sign(input: string): Buffer {
    return createHmac("sha256", this.secret).update(input).digest();
  }

  issue(clientId: string, accountId: string): { token: string; claims: TokenClaims } {
    const iat = this.clock.seconds();
    const claims: TokenClaims = { sub: clientId, acc: accountId, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS, jti: randomBytes(8).toString("hex") };
    const payload = b64url(JSON.stringify({ iss: ISSUER, ...claims }));
    const signingInput = `${HEADER}.${payload}`;
    const token = `${signingInput}.${b64url(this.sign(signingInput))}`;
    this.remember(token, claims);
    return { token, claims };
  }

  private remember(token: string, claims: TokenClaims) {
    if (this.cache.size >= 50_000) this.cache.clear();
    this.cache.set(token, claims);
  }

  /** Claims of a valid token; INVALID_TOKEN or TOKEN_EXPIRED otherwise. */
  verify(token: string): TokenClaims {
    let claims = this.cache.get(token);
    if (claims === undefined) {
      claims = this.decode(token);
      this.remember(token, claims);
    }
    if (this.clock.seconds() >= claims.exp) throw new ApiError("TOKEN_EXPIRED", "the access token has expired; request a new one");
    return claims;
  }

  private decode(token: string): TokenClaims {
    const invalid = () => new ApiError("INVALID_TOKEN", "the access token is not valid");
    const parts = token.split(".");
    if (parts.length !== 3 || parts[0] !== HEADER) throw invalid();
    const given = Buffer.from(parts[2]!, "base64url");
    const expected = this.sign(`${parts[0]}.${parts[1]}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
    } catch {
      throw invalid();
    }
    if (p.iss !== ISSUER || typeof p.sub !== "string" || typeof p.acc !== "string" || typeof p.iat !== "number" || typeof p.exp !== "number") {
      throw invalid();
    }
    return { sub: p.sub, acc: p.acc, iat: p.iat, exp: p.exp, jti: typeof p.jti === "string" ? p.jti : "" };
  }
}

/** `Authorization: Basic base64(client_id:client_secret)` → the pair, or INVALID_AUTH_FORMAT. */
export function parseBasic(header: string): { clientId: string; secret: string } {
  const m = /^Basic ([A-Za-z0-9+/=_-]+)$/.exec(header.trim());
  if (!m) throw new ApiError("INVALID_AUTH_FORMAT", "expected Authorization: Basic base64(client_id:client_secret)");
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const i = decoded.indexOf(":");
  if (i <= 0 || i === decoded.length - 1) throw new ApiError("INVALID_AUTH_FORMAT", "expected Authorization: Basic base64(client_id:client_secret)");
  return { clientId: decoded.slice(0, i), secret: decoded.slice(i + 1) };
}

/** `Authorization: Bearer <token>` → the token, or INVALID_AUTH_FORMAT. */
export function parseBearer(header: string): string {
  const m = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header.trim());
  if (!m) throw new ApiError("INVALID_AUTH_FORMAT", "expected Authorization: Bearer <access_token>");
  return m[1]!;
}
