/** The request log's filters in the URL (Settings → Developers and its CSV export read the same). */
import { createLoader, createSerializer, parseAsStringLiteral } from "nuqs/server";
import { parseAsMatching, parseAsPositiveInteger } from "@/lib/search-params";
import { API_ENVIRONMENTS } from "@/lib/vocabulary";

export const requestLogSearchParams = {
  requestId: parseAsMatching(/^[\w.:-]{1,100}$/),
  outcome: parseAsStringLiteral(["ok", "errors", "held"] as const),
  environment: parseAsStringLiteral(API_ENVIRONMENTS),
  /** the page's cursor: rows older than this id */
  before: parseAsPositiveInteger,
};

export const loadRequestLogSearchParams = createLoader(requestLogSearchParams);
export const serializeRequestLogSearchParams = createSerializer(requestLogSearchParams);
