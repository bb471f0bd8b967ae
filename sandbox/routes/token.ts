/**
 * POST /v2/oauth/token (spec "POST /v2/oauth/token"): Basic client credentials, body
 * { grant_type: "client_credentials" } → { access_token, token_type, expires_in: 3600, meta }.
 * Rate limit 30/min per IP; failures count towards the IP block.
 */
import type { Context } from "hono";
import { tokenRequestSchema } from "@/lib/payment-api/schemas/oauth";
import type { Sandbox } from "../context";
import { Directory } from "../accounts";
import { parseBasic } from "../auth";
import { ACCESS_TOKEN_TTL_SECONDS, RATE_LIMITS } from "../config";
import { ApiError } from "../errors";
import { checkIpBlock, newState, noteAuthFailure, parseJsonObject, parseWith, rateLimited, readBody, renderError, renderSuccess } from "../pipeline";

export function tokenHandler(sb: Sandbox) {
  const limit = RATE_LIMITS["POST /v2/oauth/token"];
  return async (c: Context): Promise<Response> => {
    const rs = newState(c);
    try {
      checkIpBlock(sb, rs);
      rs.rate = sb.limiter.hit(`ip:${rs.ip}|POST /v2/oauth/token`, limit);
      if (!rs.rate.allowed) throw rateLimited(rs.rate.retryAfter, "rate_limit");
      let credential;
      try {
        const header = c.req.header("authorization");
        if (!header) throw new ApiError("MISSING_AUTH_HEADER", "Authorization: Basic base64(client_id:client_secret) is required");
        const { clientId, secret } = parseBasic(header);
        credential = await sb.directory.credential(clientId);
        if (!credential || !Directory.secretMatches(credential, secret)) throw new ApiError("INVALID_CREDENTIALS", "client_id or client_secret is wrong");
      } catch (e) {
        noteAuthFailure(sb, rs, e);
        throw e;
      }
      sb.abuse.ip.reset(rs.ip);
      if (credential.status !== "active") {
        throw new ApiError("CREDENTIAL_PENDING_ADMIN_ACTIVATION", "the credential must be activated by the account administrator");
      }
      parseWith(tokenRequestSchema, parseJsonObject(await readBody(c)));
      const account = await sb.directory.account(credential.accountId);
      const { token, claims } = sb.tokens.issue(credential.clientId, credential.accountId);
      return renderSuccess(sb, rs, {
        status: 200,
        data: {
          access_token: token,
          token_type: "Bearer",
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
          meta: {
            client_id: credential.clientId,
            username: account?.username ?? null,
            permissions: [...credential.permissions],
            issued_at: new Date(claims.iat * 1000).toISOString(),
            expires_at: new Date(claims.exp * 1000).toISOString(),
          },
        },
      });
    } catch (e) {
      if (rs.rate === undefined) rs.rate = sb.limiter.hit(`ip:${rs.ip}|POST /v2/oauth/token`, limit);
      return renderError(sb, rs, e);
    }
  };
}
