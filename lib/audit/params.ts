/** The audit log's filters in the URL (Settings → Audit log). */
import { createLoader, createSerializer } from "nuqs/server";
import { parseAsDay, parseAsMatching, parseAsPositiveInteger } from "@/lib/search-params";

export const auditSearchParams = {
  action: parseAsMatching(/^[a-z_.]{1,64}$/),
  member: parseAsMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  from: parseAsDay,
  to: parseAsDay,
  /** the page's cursor: entries older than this id */
  before: parseAsPositiveInteger,
};

export const loadAuditSearchParams = createLoader(auditSearchParams);
export const serializeAuditSearchParams = createSerializer(auditSearchParams);
