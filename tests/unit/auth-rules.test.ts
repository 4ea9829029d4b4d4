import { describe, expect, it } from "vitest";

import { passwordWeaknesses } from "~/auth/password";
import { loginPath, safeRedirect } from "~/auth/redirect";
import { isCrossSiteWrite, trustedOrigins } from "~/lib/origins";

describe("safeRedirect: only same-site paths are honoured", () => {
  it.each(["/admin/docs", "/admin/docs?filter=mloe", "/faq#pricing"])("keeps %s", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/\tevil",
    "evil.example/path",
    "",
    null,
    42,
  ])("refuses %s", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });
  // The check must hold for the normalised path that is returned, not only for the text given.
  it.each(["/.//evil.example/x", "/..//evil.example", "/%2e%2e/%2e%2e//evil.example", "/a/../..//evil.example", "/.%2e//evil.example"])(
    "refuses an open redirect through dot segments: %s",
    (to) => {
      expect(safeRedirect(to)).toBe("/");
    },
  );
  it("still keeps a path whose dot segments normalise to a same-site path", () => {
    expect(safeRedirect("/admin/./docs/../users")).toBe("/admin/users");
  });
  it("builds the sign-in link with the original path and query", () => {
    expect(loginPath("/admin/docs?x=1")).toBe("/auth/login?redirectTo=%2Fadmin%2Fdocs%3Fx%3D1");
    expect(loginPath("//evil.example")).toBe("/auth/login");
  });
});

describe("password rules", () => {
  it("accepts a long mixed password", () => {
    expect(passwordWeaknesses("Blue-Harbor-Lantern-42", "admin@crossroadsit.example")).toEqual([]);
  });
  it("gives every reason a password is weak", () => {
    expect(passwordWeaknesses("short")).toContain("Use at least 12 characters.");
    expect(passwordWeaknesses("alllowercaseletters")).toContain("Mix at least two of: lower case, upper case, digits, symbols.");
    expect(passwordWeaknesses("Password123")).toEqual(expect.arrayContaining(["This password is too common."]));
    expect(passwordWeaknesses("Jordan-Secure-2026", "jordan@crossroadsit.example")).toContain(
      "Do not use your e-mail address in the password.",
    );
  });
});

describe("cross-site writes", () => {
  const allowed = trustedOrigins({ SITE_URL: "https://www.crossroadsit.example", HOST: "127.0.0.1", PORT: 3000 });
  it("trusts the site and, on loopback, its own local origins", () => {
    expect(allowed).toEqual(["https://www.crossroadsit.example", "http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(trustedOrigins({ SITE_URL: "https://www.crossroadsit.example", HOST: "0.0.0.0", PORT: 3000 })).toEqual([
      "https://www.crossroadsit.example",
    ]);
  });
  it("refuses a POST from another origin or marked cross-site, allows reads and same-site posts", () => {
    expect(isCrossSiteWrite("POST", { origin: "https://evil.example" }, allowed)).toBe(true);
    expect(isCrossSiteWrite("POST", { origin: "null" }, allowed)).toBe(true);
    expect(isCrossSiteWrite("POST", { secFetchSite: "cross-site" }, allowed)).toBe(true);
    expect(isCrossSiteWrite("POST", { origin: "https://www.crossroadsit.example" }, allowed)).toBe(false);
    expect(isCrossSiteWrite("POST", { secFetchSite: "same-origin" }, allowed)).toBe(false);
    expect(isCrossSiteWrite("GET", { origin: "https://evil.example" }, allowed)).toBe(false);
  });
});
