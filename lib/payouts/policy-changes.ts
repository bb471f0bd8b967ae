/**
 * Changing the approval policy. A change that holds more (a stricter mode, a lower threshold)
 * applies at once; one that lets more through waits for another admin when the organisation has
 * one, so that an admin alone cannot switch approvals off, send, and switch them back. The admin
 * who proposed it may withdraw it; any other admin approves or rejects it. No Next.js imports.
 */
import { Refusal } from "@/lib/refusal";
import { and, eq, isNotNull, ne, or, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/audit";
import { adminCount } from "@/lib/organizations/setup";
import { loosens, NO_APPROVAL, type ApprovalPolicy } from "./policy";

export type PolicyChange = { policy: ApprovalPolicy; proposedBy: { id: string; name: string } | null; proposedAt: string };

export class PolicyChangeRefused extends Refusal<"NOTHING_WAITING" | "OWN_PROPOSAL"> {
  constructor(code: PolicyChangeRefused["code"]) {
    super(code, code === "OWN_PROPOSAL" ? "send.policy.ownProposal" : "send.policy.nothingWaiting");
  }
}

const p = schema.approvalPolicies;

export async function currentPolicy(db: Db, organizationId: string): Promise<{ policy: ApprovalPolicy; proposal: PolicyChange | null }> {
  const [row] = await db
    .select({ row: p, proposerName: schema.users.name })
    .from(p)
    .leftJoin(schema.users, eq(schema.users.id, p.proposedBy))
    .where(eq(p.organizationId, organizationId))
    .limit(1);
  if (!row) return { policy: NO_APPROVAL, proposal: null };
  const r = row.row;
  const policy = { mode: r.mode, thresholds: (r.thresholds ?? {}) as Record<string, string> };
  const proposal =
    r.proposedMode && r.proposedAt
      ? {
          policy: { mode: r.proposedMode, thresholds: (r.proposedThresholds ?? {}) as Record<string, string> },
          proposedBy: r.proposedBy ? { id: r.proposedBy, name: row.proposerName ?? "" } : null,
          proposedAt: r.proposedAt.toISOString(),
        }
      : null;
  return { policy, proposal };
}

const noProposal = { proposedMode: null, proposedThresholds: null, proposedBy: null, proposedAt: null };

/** Applies `next` now, or holds it for another admin when it loosens the policy and there is one. */
export async function changeApprovalPolicy(db: Db, organizationId: string, actor: Actor, next: ApprovalPolicy): Promise<{ applied: boolean }> {
  const { policy } = await currentPolicy(db, organizationId);
  const held = loosens(policy, next) && (await adminCount(db, organizationId)) >= 2;
  await db.transaction(async (tx) => {
    if (held) {
      await tx
        .insert(p)
        .values({ organizationId, ...NO_APPROVAL, proposedMode: next.mode, proposedThresholds: next.thresholds, proposedBy: actor.userId, proposedAt: new Date() })
        .onConflictDoUpdate({ target: p.organizationId, set: { proposedMode: next.mode, proposedThresholds: next.thresholds, proposedBy: actor.userId, proposedAt: new Date() } });
    } else {
      await tx
        .insert(p)
        .values({ organizationId, mode: next.mode, thresholds: next.thresholds, updatedBy: actor.userId })
        .onConflictDoUpdate({ target: p.organizationId, set: { mode: next.mode, thresholds: next.thresholds, updatedBy: actor.userId, updatedAt: new Date(), ...noProposal } });
    }
    await recordAudit(tx, {
      organizationId,
      actor,
      action: held ? "approval_policy.change_proposed" : "approval_policy.changed",
      target: organizationId,
      details: { mode: next.mode, thresholds: next.thresholds },
    });
  });
  return { applied: !held };
}

/**
 * Another admin decides on the waiting change: `approve` applies it, `reject` drops it. The proposer
 * may only withdraw theirs (reject). Decided in the statement, so two admins cannot both apply one.
 */
export async function decidePolicyChange(db: Db, organizationId: string, actor: Actor, decision: "approve" | "reject"): Promise<ApprovalPolicy> {
  const { proposal } = await currentPolicy(db, organizationId);
  if (!proposal) throw new PolicyChangeRefused("NOTHING_WAITING");
  if (decision === "approve" && proposal.proposedBy?.id === actor.userId) throw new PolicyChangeRefused("OWN_PROPOSAL");
  return db.transaction(async (tx) => {
    const notMine = decision === "approve" ? or(isNull(p.proposedBy), ne(p.proposedBy, actor.userId!)) : undefined;
    const set =
      decision === "approve"
        ? { mode: proposal.policy.mode, thresholds: proposal.policy.thresholds, updatedBy: actor.userId, updatedAt: new Date(), ...noProposal }
        : noProposal;
    const rows = await tx
      .update(p)
      .set(set)
      .where(and(eq(p.organizationId, organizationId), isNotNull(p.proposedMode), eq(p.proposedAt, new Date(proposal.proposedAt)), notMine))
      .returning({ mode: p.mode });
    if (!rows.length) throw new PolicyChangeRefused("NOTHING_WAITING");
    await recordAudit(tx, {
      organizationId,
      actor,
      action: decision === "approve" ? "approval_policy.change_approved" : "approval_policy.change_rejected",
      target: organizationId,
      details: { mode: proposal.policy.mode, thresholds: proposal.policy.thresholds, proposedBy: proposal.proposedBy?.id ?? null },
    });
    return decision === "approve" ? proposal.policy : (await currentPolicy(tx as unknown as Db, organizationId)).policy;
  });
}
