/** POST /v2/oauth/token (spec "POST /v2/oauth/token"). Basic auth, body { grant_type }. */
import { z } from "zod";

export const tokenRequestSchema = z.object({ grant_type: z.literal("client_credentials") });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** access_token (JWT), expires_in (3600), meta (object). Enveloped by contract; bare accepted. */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive().default(3600),
  token_type: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
