/**
 * The approval policy cannot be loosened by one admin alone (issue "Close the holes": "one admin can
 * switch approvals off, send, and switch them back"): a change that lets more through waits for
 * another admin; a stricter one applies at once; with a single admin there is nobody to wait for.
 * On PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { loosens, type ApprovalPolicy } from "@/lib/payouts/policy";
import { changeApprovalPolicy, currentPolicy, decidePolicyChange, PolicyChangeRefused } from "@/lib/payouts/policy-changes";
import { getApprovalPolicy } from "@/lib/payouts/service";
import { describeEachDatabase } from "../support/databases";

const none: ApprovalPolicy = { mode: "none", thresholds: {} };
const all: ApprovalPolicy = { mode: "all", thresholds: {} };
const above = (thresholds: Record<string, string>): ApprovalPolicy => ({ mode: "above", thresholds });

describe("which changes let more through", () => {
  it("a weaker mode, a threshold raised or removed; not a stricter mode or a lower threshold", () => {
    expect(loosens(all, none)).toBe(true);
    expect(loosens(all, above({ BRL: "1" }))).toBe(true);
    expect(loosens(above({ BRL: "100" }), none)).toBe(true);
    expect(loosens(above({ BRL: "100" }), above({ BRL: "100.01" }))).toBe(true);
    expect(loosens(above({ BRL: "100", MXN: "500" }), above({ BRL: "100" }))).toBe(true);
    expect(loosens(above({ BRL: "100" }), above({ BRL: "99.99", MXN: "10" }))).toBe(false);
    expect(loosens(above({ BRL: "100" }), all)).toBe(false);
    expect(loosens(none, above({ BRL: "100" }))).toBe(false);
    expect(loosens(none, all)).toBe(false);
    // "above" without a threshold holds nothing: it is "none".
    expect(loosens(above({}), none)).toBe(false);
    expect(loosens(above({ BRL: "5" }), above({ BRL: "" }))).toBe(true);
  });
});

describeEachDatabase("changing the approval policy", (db) => {
  async function org(admins: number) {
    const [o] = await db().insert(schema.organizations).values({ name: `Shop ${admins}` }).returning();
    const ids: string[] = [];
    for (let i = 0; i < admins; i++) {
      const [u] = await db()
        .insert(schema.users)
        .values({ email: `admin${i}-${o!.id.slice(0, 6)}@policy.test`, name: `Admin ${i}`, passwordHash: "scrypt$x" })
        .returning();
      await db().insert(schema.memberships).values({ organizationId: o!.id, userId: u!.id, role: "admin" });
      ids.push(u!.id);
    }
    return { id: o!.id, admins: ids.map((userId) => ({ userId, address: "203.0.113.1" })) };
  }
  const auditOf = async (orgId: string) => (await db().select({ action: schema.auditLog.action }).from(schema.auditLog).where(eq(schema.auditLog.organizationId, orgId))).map((r) => r.action);

  it("holds a loosening for another admin: the proposer can neither apply it nor approve it, another admin can", async () => {
    const o = await org(2);
    const [a, b] = o.admins as [(typeof o.admins)[0], (typeof o.admins)[0]];
    expect(await changeApprovalPolicy(db(), o.id, a, all)).toEqual({ applied: true });
    expect(await changeApprovalPolicy(db(), o.id, a, none)).toEqual({ applied: false });
    // Still "all": a payout waits.
    expect(await getApprovalPolicy(db(), o.id)).toEqual(all);
    const { proposal } = await currentPolicy(db(), o.id);
    expect(proposal).toMatchObject({ policy: none, proposedBy: { id: a.userId } });
    await expect(decidePolicyChange(db(), o.id, a, "approve")).rejects.toBeInstanceOf(PolicyChangeRefused);
    expect(await getApprovalPolicy(db(), o.id)).toEqual(all);
    expect(await decidePolicyChange(db(), o.id, b, "approve")).toEqual(none);
    expect(await currentPolicy(db(), o.id)).toEqual({ policy: none, proposal: null });
    // Once decided, nothing is left to approve twice.
    await expect(decidePolicyChange(db(), o.id, b, "approve")).rejects.toMatchObject({ code: "NOTHING_WAITING" });
    expect(await auditOf(o.id)).toEqual(expect.arrayContaining(["approval_policy.changed", "approval_policy.change_proposed", "approval_policy.change_approved"]));
  });

  it("applies a stricter change at once (and drops a waiting loosening); the proposer may withdraw theirs; another admin may reject it", async () => {
    const o = await org(2);
    const [a, b] = o.admins as [(typeof o.admins)[0], (typeof o.admins)[0]];
    await changeApprovalPolicy(db(), o.id, a, above({ BRL: "100" }));
    expect(await changeApprovalPolicy(db(), o.id, b, above({ BRL: "1000" }))).toEqual({ applied: false });
    expect(await changeApprovalPolicy(db(), o.id, a, above({ BRL: "50" }))).toEqual({ applied: true });
    expect(await currentPolicy(db(), o.id)).toEqual({ policy: above({ BRL: "50" }), proposal: null });
    await changeApprovalPolicy(db(), o.id, b, none);
    expect((await decidePolicyChange(db(), o.id, b, "reject")).mode).toBe("above");
    await changeApprovalPolicy(db(), o.id, b, none);
    await decidePolicyChange(db(), o.id, a, "reject");
    expect(await currentPolicy(db(), o.id)).toEqual({ policy: above({ BRL: "50" }), proposal: null });
  });

  it("with one admin there is nobody to wait for: the change applies", async () => {
    const o = await org(1);
    await changeApprovalPolicy(db(), o.id, o.admins[0]!, all);
    expect(await changeApprovalPolicy(db(), o.id, o.admins[0]!, none)).toEqual({ applied: true });
    expect(await getApprovalPolicy(db(), o.id)).toEqual(none);
  });
});
