/**
 * The schemas of Payment Service API v2: the shared contract of the client (lib/payment-api) and
 * the sandbox. Request schemas are strict (the spec's validation rules); response schemas are
 * tolerant (extra fields pass, unknown statuses pass through, amounts become Decimal).
 */
export * from "./common";
export * from "./envelope";
export * from "./errors";
export * from "./validation";
export * from "./document";
export * from "./oauth";
export * from "./account";
export * from "./cashin";
export * from "./cashout";
export * from "./boleto";
export * from "./wallets";
export * from "./transfers";
export * from "./conversions";
export * from "./transactions";
export * from "./infractions";
export * from "./pix";
export * from "./webhooks";
