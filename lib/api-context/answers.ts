/** Reading and making the API's answers for the API context: what is kept of one, and the budget's own refusal. */
import { LOCAL_ANSWER_HEADER } from "@/lib/payment-api";

/** The body of the refusal the budget answers in place of the API: the client reads it like a 429. */
export function localRefusal(retryAfterMs: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const body = {
    success: false,
    error: {
      code: "RATE_LIMIT_EXCEEDED",
      message: `held back by the dashboard's rate budget; try again in ${seconds} s`,
      group: "SECURITY",
      retryable: true,
      details: { retry_after_seconds: seconds, source: "dashboard_budget" },
    },
  };
  // Marked as made up here: the client treats it as never sent, and it tells the breaker nothing.
  return new Response(JSON.stringify(body), { status: 429, headers: { "content-type": "application/json", "retry-after": String(seconds), [LOCAL_ANSWER_HEADER]: "rate-budget" } });
}

/** request_id, error code and the provider's time of an answer; nothing else of the body is kept. */
export function summarise(text: string): { requestId: string | null; errorCode: string | null; serverTime: number | null } {
  try {
    const j = JSON.parse(text) as { request_id?: unknown; error?: { code?: unknown; details?: { server_time?: unknown } }; timestamp?: unknown };
    // The success envelope's timestamp, or the server's time an INVALID_TIMESTAMP refusal may name (Unix seconds).
    const serverSeconds = j.error?.code === "INVALID_TIMESTAMP" && typeof j.error.details?.server_time === "number" ? j.error.details.server_time * 1000 : NaN;
    const at = typeof j.timestamp === "string" ? Date.parse(j.timestamp) : serverSeconds;
    return {
      requestId: typeof j.request_id === "string" ? j.request_id : null,
      errorCode: typeof j.error?.code === "string" ? j.error.code : null,
      serverTime: Number.isFinite(at) ? at : null,
    };
  } catch {
    return { requestId: null, errorCode: null, serverTime: null };
  }
}
