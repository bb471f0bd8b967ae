/**
 * The sandbox's services, built once per instance by createSandbox and handed to every handler.
 */
import type { Db } from "./db/sql";
import type { SandboxClock } from "./clock";
import type { TokenService } from "./auth";
import type { Directory } from "./accounts";
import type { AbuseGuard, RateLimiter } from "./rate-limit";
import type { NonceMemory } from "./hmac";
import type { UsageTracker, AccountConfigs } from "./limits";
import type { WebhookDispatcher } from "./webhooks/dispatcher";
import { readOrInitState, writeState } from "./state";

export type Settings = {
  /** The spec leaves HMAC enforcement open: a switch, on by default. */
  hmac_required: boolean;
  /** Pending cash-outs settle by themselves (cashout.confirmed) this many sandbox seconds after creation (null: never). */
  auto_settle_cashout_seconds: number | null;
  /** Webhooks written while on are recorded as `dropped` and never sent (a webhook the provider never delivered). */
  drop_webhooks: boolean;
};

export const DEFAULT_SETTINGS: Settings = { hmac_required: true, auto_settle_cashout_seconds: null, drop_webhooks: false };

export async function loadSettings(db: Db): Promise<Settings> {
  const s = await readOrInitState<Settings>(db, "settings", () => DEFAULT_SETTINGS);
  return { ...DEFAULT_SETTINGS, ...s };
}

export async function saveSettings(db: Db, s: Settings): Promise<void> {
  await writeState(db, "settings", s);
}

export type Sandbox = {
  db: Db;
  clock: SandboxClock;
  tokens: TokenService;
  directory: Directory;
  limiter: RateLimiter;
  abuse: AbuseGuard;
  nonces: NonceMemory;
  usage: UsageTracker;
  configs: AccountConfigs;
  settings: Settings;
  webhooks: WebhookDispatcher;
};
