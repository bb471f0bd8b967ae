/** The webhook log's search in the URL (Settings → Webhooks). */
import { createLoader, createSerializer } from "nuqs/server";
import { parseAsMatching, parseAsPositiveInteger } from "@/lib/search-params";

export const webhookLogSearchParams = {
  q: parseAsMatching(/^[\w.:-]{1,100}$/),
  /** the page's cursor: deliveries older than this id */
  before: parseAsPositiveInteger,
};

export const loadWebhookLogSearchParams = createLoader(webhookLogSearchParams);
export const serializeWebhookLogSearchParams = createSerializer(webhookLogSearchParams);
