/**
 * One log line and the metrics of each HTTP attempt the dashboard makes to the Payment API (what
 * the request log keeps, lib/api-context/request-log.ts): the endpoint's name, the status, how long
 * it took, the provider's request_id and the error code. Written in the context of the request that
 * caused it, so the line carries that request's id. Never a path's values, a body or a header.
 */
import { endpointBudget } from "@/lib/api-context/endpoints";
import { log } from "./log";
import { metrics, toSeconds } from "./metrics";

export type ApiCallRecord = {
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  requestId?: string | null;
  errorCode?: string | null;
  /** refused here, before sending (the rate budget, the circuit breaker) */
  local?: boolean | null;
  organizationId: string;
  environment: string;
  credentialId?: string | null;
};

export function recordApiCall(call: ApiCallRecord): void {
  const endpoint = endpointBudget(call.method, call.path).name;
  const m = metrics();
  if (!call.local) m.apiDuration.observe({ endpoint, status: String(call.status) }, toSeconds(call.latencyMs));
  const failed = call.local || call.status === 0 || call.status >= 400;
  if (failed) m.apiErrors.inc({ endpoint, code: call.errorCode ?? `HTTP_${call.status}` });
  if (call.local && call.errorCode === "RATE_LIMIT_EXCEEDED") m.budgetRefused.inc({ endpoint });
  const line = {
    endpoint,
    method: call.method,
    status: call.status,
    durationMs: call.latencyMs,
    providerRequestId: call.requestId ?? null,
    ...(call.errorCode ? { errorCode: call.errorCode } : {}),
    ...(call.local ? { local: true } : {}),
    organizationId: call.organizationId,
    environment: call.environment,
    credentialId: call.credentialId,
  };
  if (failed) log("api").warn(line, "api call");
  else log("api").info(line, "api call");
}
