/**
 * From a zod failure of a request schema to the spec's error: code, HTTP status and details.
 * Used by the sandbox to answer invalid requests and by the client to fail fast before sending.
 *
 * Spec case rule 1: "When a required field is missing or invalid, the answer is
 * MISSING_REQUIRED_FIELD (400) with details.field". Refinements tagged with a more specific spec
 * code (INVALID_SPLIT_CONFIG, INVALID_DOCUMENT, INVALID_CURRENCY ...) answer that code instead, and
 * an unknown chain/network answers UNSUPPORTED_CHAIN with details.supported.
 */
import type { z } from "zod";
import { ERROR_CODES, isApiErrorCode, type ApiErrorCode, type ErrorGroup } from "./errors";

export type SpecValidationError = {
  code: ApiErrorCode;
  status: number;
  group: ErrorGroup;
  message: string;
  details: { field: string; supported?: string[]; issues: { field: string; message: string }[] };
};

const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

export function toSpecValidationError(error: z.ZodError): SpecValidationError {
  const issues = error.issues.map((i) => ({ field: fieldOf(i.path), message: i.message }));
  const first = error.issues[0];
  let code: ApiErrorCode = "MISSING_REQUIRED_FIELD";
  let supported: string[] | undefined;
  if (first) {
    const tagged = first.code === "custom" ? (first.params as { code?: unknown } | undefined)?.code : undefined;
    const last = first.path[first.path.length - 1];
    if (typeof tagged === "string" && isApiErrorCode(tagged)) code = tagged;
    else if (first.code === "invalid_value" && (last === "chain" || last === "network")) {
      code = "UNSUPPORTED_CHAIN";
      supported = first.values.map(String);
    }
  }
  const field = first ? fieldOf(first.path) : "";
  const info = ERROR_CODES[code];
  return {
    code,
    status: info.status,
    group: info.group,
    message: first ? (field ? `${field}: ${first.message}` : first.message) : "invalid request",
    details: { field, ...(supported ? { supported } : {}), issues },
  };
}
