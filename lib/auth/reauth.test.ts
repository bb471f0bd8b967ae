import { describe, expect, it } from "vitest";
import { REAUTH_REQUIRED, REAUTH_REQUIRED_CODE, REAUTH_WINDOW_MINUTES, reauthNeeded } from "./reauth";

const now = new Date("2026-11-24T12:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("re-authentication before sensitive changes", () => {
  it(`lets an action run within ${REAUTH_WINDOW_MINUTES} minutes of the last proof, and asks for the password after`, () => {
    expect(reauthNeeded({ twoFactorEnabled: false, session: { id: "s", twoFactor: false, authenticatedAt: ago(REAUTH_WINDOW_MINUTES) } }, now)).toBeNull();
    expect(reauthNeeded({ twoFactorEnabled: false, session: { id: "s", twoFactor: false, authenticatedAt: ago(REAUTH_WINDOW_MINUTES + 0.1) } }, now)).toBe(REAUTH_REQUIRED);
  });

  it("asks a member with two-factor for a code too, also when their recent sign-in had none", () => {
    expect(reauthNeeded({ twoFactorEnabled: true, session: { id: "s", twoFactor: true, authenticatedAt: ago(1) } }, now)).toBeNull();
    expect(reauthNeeded({ twoFactorEnabled: true, session: { id: "s", twoFactor: false, authenticatedAt: ago(1) } }, now)).toBe(REAUTH_REQUIRED_CODE);
    expect(reauthNeeded({ twoFactorEnabled: true, session: { id: "s", twoFactor: true, authenticatedAt: ago(30) } }, now)).toBe(REAUTH_REQUIRED_CODE);
  });

  it("asks when the request has no session record at all", () => {
    expect(reauthNeeded({ twoFactorEnabled: false, session: undefined }, now)).toBe(REAUTH_REQUIRED);
  });
});
