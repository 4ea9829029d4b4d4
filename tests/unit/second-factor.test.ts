/**
 * Which new session counts as having passed the second factor (docs/requirements/accounts.md#two-factor-sign-in):
 * decided by the endpoint that makes it, never by the data an older session row copied into it.
 */
import { describe, expect, it } from "vitest";

import { passedSecondFactor, secondFactorOfNewSession } from "~/auth/second-factor.server";

const now = new Date("2026-11-25T12:00:00Z");
const earlier = new Date("2026-11-25T09:00:00Z");

describe("the second factor of a new session", () => {
  it("is now for the code step and for the first code of setup", () => {
    expect(secondFactorOfNewSession({ path: "/two-factor/verify-totp" }, now)).toEqual(now);
    expect(secondFactorOfNewSession({ path: "/two-factor/verify-backup-code" }, now)).toEqual(now);
  });

  it("is none for a password sign-in, turning the factor off, or no endpoint at all", () => {
    for (const path of ["/sign-in/email", "/two-factor/disable", "/two-factor/enable", "/reset-password", "/admin/impersonate-user"])
      expect(secondFactorOfNewSession({ path, context: { session: { session: { twoFactorVerifiedAt: earlier } } } }, now)).toBeNull();
    expect(secondFactorOfNewSession(null, now)).toBeNull();
  });

  it("a password change keeps the current session's own mark, and only that", () => {
    const changing = (value: unknown) =>
      secondFactorOfNewSession({ path: "/change-password", context: { session: { session: { twoFactorVerifiedAt: value } } } }, now);
    expect(changing(earlier)).toEqual(earlier);
    expect(changing(earlier.toISOString())).toEqual(earlier);
    expect(changing(null)).toBeNull();
    expect(changing("not a date")).toBeNull();
    expect(secondFactorOfNewSession({ path: "/change-password" }, now)).toBeNull();
  });

  it("reads a session's mark", () => {
    expect(passedSecondFactor({ twoFactorVerifiedAt: earlier })).toBe(true);
    expect(passedSecondFactor({ twoFactorVerifiedAt: earlier.toISOString() })).toBe(true);
    for (const value of [null, undefined, "", "x", 1, true]) expect(passedSecondFactor({ twoFactorVerifiedAt: value })).toBe(false);
  });
});
