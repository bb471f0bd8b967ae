/**
 * The envelope of every JSON response (spec "What the service does"):
 *   success: { success: true, data, request_id, timestamp }
 *   error:   { success: false, error: { code, message, group, retryable, details? } }
 * Envelopes are tolerant: extra fields pass (a `request_id` on an error envelope is read when present).
 */
import { z } from "zod";

export const successEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.looseObject({
    success: z.literal(true),
    data,
    request_id: z.string().optional(),
    timestamp: z.string().optional(),
  });

/** The envelope around `data` without checking `data` (the client parses `data` on its own). */
export const anySuccessEnvelopeSchema = successEnvelopeSchema(z.unknown());
export type SuccessEnvelope<T = unknown> = { success: true; data: T; request_id?: string; timestamp?: string };

export const errorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  group: z.string(),
  retryable: z.boolean(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorEnvelopeSchema = z.looseObject({
  success: z.literal(false),
  error: errorBodySchema,
  request_id: z.string().optional(),
  timestamp: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
