/**
 * The three rules over the one list of private paths (app/config/private-paths.ts): which pages are
 * behind a guard (docs/requirements/README.md#routes), never cached, and never measured
 * (docs/requirements/public-site.md#analytics).
 */
import { describe, expect, it } from "vitest";

import { isTrackedPath } from "~/analytics/analytics";
import { isProtectedPath } from "~/auth/config";
import { isPrivatePath } from "~/lib/private-caching";

// path: [protected (guarded), private (no-store), tracked (analytics)]
const ANSWERS: Record<string, [boolean, boolean, boolean]> = {
  "/": [false, false, true],
  "/admin": [true, true, false],
  "/admin/x": [true, true, false],
  "/administrator": [false, false, true],
  "/mloe": [true, true, false],
  "/mloe/x": [true, true, false],
  "/ste": [true, true, false],
  "/ste/x": [true, true, false],
  "/stella": [false, false, true],
  "/account": [true, true, false],
  "/account/x": [true, true, false],
  "/accounts": [false, false, true],
  "/auth/login": [false, true, false],
  "/authors": [false, false, true],
  "/contact": [false, false, true],
  "/services/admin": [false, false, true],
};

describe("isProtectedPath, isPrivatePath and isTrackedPath", () => {
  for (const [path, [guarded, noStore, tracked]] of Object.entries(ANSWERS)) {
    it(`${path}: ${guarded ? "" : "not "}protected, ${noStore ? "" : "not "}private, ${tracked ? "" : "not "}tracked`, () => {
      expect(isProtectedPath(path)).toBe(guarded);
      expect(isPrivatePath(path)).toBe(noStore);
      expect(isTrackedPath(path)).toBe(tracked);
    });
  }

  it("the data of a client navigation to a private page is private too", () => {
    for (const path of ["/admin.data", "/admin/users.data", "/mloe/guide.data", "/account.data", "/auth/login.data"]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ["/administrator.data", "/contact.data", "/_root.data"]) expect(isPrivatePath(path), path).toBe(false);
  });
});
