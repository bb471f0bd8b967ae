/**
 * A failed statement's error message, which ends up in logs, names the statement and the reason but
 * never the values it was given (a webhook endpoint's token, a session's).
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";

describeEachDatabase("a failed statement's message", (db) => {
  it("keeps the statement and the reason, not the parameters", async () => {
    const secret = "whk_secret_token_value_0123456789";
    const error = await db()
      .select()
      .from(schema.webhookEndpoints)
      // Not a uuid: the database refuses the statement.
      .where(eq(schema.webhookEndpoints.organizationId, secret))
      .then(
        () => null,
        (e: Error & { params?: unknown[] }) => e,
      );
    expect(error).not.toBeNull();
    expect(error!.message).toContain("webhook_endpoints");
    expect(error!.message).toMatch(/reason: .*uuid/i);
    expect(error!.message).not.toContain(secret);
    // Still there for code that needs it, never in the text.
    expect(error!.params).toContain(secret);
  });
});
