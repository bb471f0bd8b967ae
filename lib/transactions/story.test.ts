import { describe, expect, it } from "vitest";
import { movedAt, transactionStory, type StoryInput } from "./story";

const base: StoryInput = {
  type: "cashin",
  source: "cashin",
  method: "PIX",
  status: "pending",
  reportedStatus: null,
  reportedAt: null,
  createdAt: "2026-03-01T12:00:00.000Z",
  expiresAt: "2026-03-01T13:00:00.000Z",
  finalSince: null,
  apiUpdatedAt: null,
  errorCode: null,
  origin: "webhook",
  amount: "33.33",
  currency: "BRL",
  deliveries: [],
  madeHere: null,
  approval: null,
  registration: null,
  disputes: [],
};
const brief = (input: Partial<StoryInput>) => transactionStory({ ...base, ...input }).map((s) => [s.kind, s.at, s.source, ...(s.confirming ? ["confirming"] : [])]);

describe("transactionStory", () => {
  it("a charge made here, paid then refunded, each step with its time and who told us", () => {
    const story = transactionStory({
      ...base,
      status: "refunded",
      origin: "dashboard",
      finalSince: "2026-03-01T12:05:01.000Z",
      apiUpdatedAt: "2026-03-01T12:09:00.000Z",
      madeHere: { at: "2026-03-01T11:59:59.000Z", by: "Ana Souza" },
      deliveries: [
        { event: "cashin.confirmed", at: "2026-03-01T12:05:00.000Z", outcome: "applied" },
        { event: "cashin.confirmed", at: "2026-03-01T12:06:00.000Z", outcome: "duplicate" },
        { event: "cashin.refunded", at: "2026-03-01T12:09:01.000Z", outcome: "applied" },
      ],
    });
    expect(story).toEqual([
      { kind: "chargeCreated", at: "2026-03-01T11:59:59.000Z", source: "member", who: "Ana Souza" },
      { kind: "paid", at: "2026-03-01T12:05:00.000Z", source: "bank" },
      { kind: "refundedToPayer", at: "2026-03-01T12:09:01.000Z", source: "bank", confirming: false, amount: { value: "33.33", currency: "BRL" } },
    ]);
    expect(movedAt(story)).toBe("2026-03-01T12:05:00.000Z");
  });

  it("orders steps by instant, whatever the precision each clock writes (the API's whole seconds, the dashboard's milliseconds)", () => {
    const story = brief({
      status: "refunded",
      createdAt: "2026-03-01T12:00:00Z",
      deliveries: [
        { event: "cashin.confirmed", at: "2026-03-01T12:00:00.900Z", outcome: "applied" },
        { event: "cashin.refunded", at: "2026-03-01T12:00:01.200Z", outcome: "applied" },
      ],
    });
    expect(story.map((s) => s[0])).toEqual(["chargeCreated", "paid", "refundedToPayer"]);
  });

  it("without notifications, the steps come from later checks: the API's time of the last change, the time a final status was first seen", () => {
    expect(brief({ status: "confirmed", finalSince: "2026-03-01T12:20:00.000Z", apiUpdatedAt: "2026-03-01T12:04:00.000Z" })).toEqual([
      ["chargeCreated", base.createdAt, "integration"],
      ["paid", "2026-03-01T12:04:00.000Z", "check"],
    ]);
    // Refunded: paid when the mirror first saw it final, if that was before the refund; else no time.
    expect(brief({ status: "refunded", finalSince: "2026-03-01T12:20:00.000Z", apiUpdatedAt: "2026-03-01T14:00:00.000Z" })).toEqual([
      ["chargeCreated", base.createdAt, "integration"],
      ["paid", "2026-03-01T12:20:00.000Z", "check"],
      ["refundedToPayer", "2026-03-01T14:00:00.000Z", "check"],
    ]);
    expect(brief({ status: "refunded", finalSince: "2026-03-01T15:00:00.000Z", apiUpdatedAt: "2026-03-01T14:00:00.000Z" })).toEqual([
      ["chargeCreated", base.createdAt, "integration"],
      ["paid", null, "check"],
      ["refundedToPayer", "2026-03-01T14:00:00.000Z", "check"],
    ]);
  });

  it("a pending charge waits for the payer until it expires; expired says when", () => {
    expect(brief({ origin: "dashboard" })).toEqual([
      ["chargeCreated", base.createdAt, "you"],
      ["waitingForPayer", base.expiresAt, "check"],
    ]);
    expect(brief({ status: "expired", finalSince: "2026-03-01T13:00:05.000Z" })).toEqual([
      ["chargeCreated", base.createdAt, "integration"],
      ["expired", base.expiresAt, "check"],
    ]);
    expect(brief({ status: "expired", deliveries: [{ event: "cashin.expired", at: "2026-03-01T13:00:02.000Z", outcome: "applied" }] })).toEqual([
      ["chargeCreated", base.createdAt, "integration"],
      ["expired", "2026-03-01T13:00:02.000Z", "bank"],
    ]);
  });

  it("a notification not yet confirmed is shown as such, and one the API contradicted is not a step", () => {
    expect(brief({ reportedStatus: "confirmed", reportedAt: "2026-03-01T12:01:00.000Z" })).toEqual([
      ["chargeCreated", base.createdAt, "integration"],
      ["paid", "2026-03-01T12:01:00.000Z", "bank", "confirming"],
    ]);
    expect(brief({ status: "confirmed", apiUpdatedAt: "2026-03-01T12:03:00.000Z", deliveries: [{ event: "cashin.refunded", at: "2026-03-01T12:02:00.000Z", outcome: "contradicted" }] })).toEqual([
      ["chargeCreated", base.createdAt, "integration"],
      ["paid", "2026-03-01T12:03:00.000Z", "check"],
    ]);
  });

  it("a payout: requested, approved, failed with its reason", () => {
    const story = transactionStory({
      ...base,
      type: "cashout",
      source: "cashout",
      status: "failed",
      errorCode: "PIX_KEY_NOT_FOUND",
      madeHere: { at: "2026-03-01T11:00:00.000Z", by: "Bruno" },
      approval: { at: "2026-03-01T11:58:00.000Z", by: "Carla" },
      deliveries: [{ event: "cashout.failed", at: "2026-03-01T12:00:30.000Z", outcome: "applied" }],
    });
    expect(story.map((s) => [s.kind, s.who ?? null, s.reason ?? null, s.source])).toEqual([
      ["payoutRequested", "Bruno", null, "member"],
      ["approved", "Carla", null, "member"],
      ["failed", null, "PIX_KEY_NOT_FOUND", "bank"],
    ]);
    expect(brief({ type: "cashout", source: "cashout" }).at(-1)).toEqual(["waitingForBank", null, "check"]);
  });

  it("a boleto's registration, a wallet deposit and a dispute", () => {
    expect(
      brief({ method: "BOLETO", status: "confirmed", deliveries: [{ event: "boleto.registered", at: "2026-03-01T12:10:00.000Z", outcome: "applied" }, { event: "cashin.confirmed", at: "2026-03-02T09:00:00.000Z", outcome: "applied" }] }),
    ).toEqual([
      ["chargeCreated", base.createdAt, "integration"],
      ["registered", "2026-03-01T12:10:00.000Z", "bank"],
      ["paid", "2026-03-02T09:00:00.000Z", "bank"],
    ]);
    expect(brief({ source: "wallet_deposit", status: "confirmed", expiresAt: null })).toEqual([["received", base.createdAt, "payer"]]);
    const disputed = transactionStory({
      ...base,
      status: "confirmed",
      deliveries: [{ event: "cashin.confirmed", at: "2026-03-01T12:05:00.000Z", outcome: "applied" }],
      disputes: [{ infractionId: "inf_1", type: "FRAUD", status: "resolved", outcome: "won", openedAt: "2026-03-03T10:00:00.000Z", resolvedAt: "2026-03-05T10:00:00.000Z", amount: "33.33", currency: "BRL" }],
    });
    expect(disputed.map((s) => [s.kind, s.at])).toEqual([
      ["chargeCreated", base.createdAt],
      ["paid", "2026-03-01T12:05:00.000Z"],
      ["disputeOpened", "2026-03-03T10:00:00.000Z"],
      ["disputeResolved", "2026-03-05T10:00:00.000Z"],
    ]);
    expect(disputed[2]!.amount).toEqual({ value: "33.33", currency: "BRL" });
  });
});
