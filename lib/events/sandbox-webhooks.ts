/**
 * Sandbox credentials send their webhooks to the organisation's intake by default: the sandbox's
 * control API sets the credential's default postback URL (the spec's "credential default"), and the
 * endpoint remembers from when transactions are expected to bring a webhook (reconciliation).
 */
import { and, eq, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Database } from "@/lib/db/driver";
import type { SandboxControl } from "@/lib/sandbox-control/client";
import { endpointFor, intakeUrl } from "./intake";

export async function routeSandboxWebhooks(
  db: Database<typeof schema>,
  control: SandboxControl,
  organizationId: string,
  clientId: string,
  publicBaseUrl: string,
): Promise<string> {
  const { token } = await endpointFor(db, organizationId, "sandbox");
  const url = intakeUrl(publicBaseUrl, token);
  await control.setPostbackUrl(clientId, url);
  const w = schema.webhookEndpoints;
  await db
    .update(w)
    .set({ registeredAt: sql`coalesce(${w.registeredAt}, now())` })
    .where(and(eq(w.organizationId, organizationId), eq(w.environment, "sandbox")));
  return url;
}
