/** The notice carried over a redirect (docs/requirements/public-site.md#layout): a key in a short-lived cookie, never text. */
import { describe, expect, it } from "vitest";

import { NOTICE_COOKIE, redirectWithNotice, takeNotice } from "~/lib/flash-notice.server";
import { NOTICES } from "~/lib/notices";

const withCookie = (cookie?: string) => new Request("https://www.crossroadsit.example/admin/docs", cookie ? { headers: { cookie } } : {});
const setCookieOf = (headers: HeadersInit) => new Headers(headers).get("Set-Cookie");

describe("redirectWithNotice", () => {
  it("redirects with a 60-second HttpOnly, SameSite=Lax cookie holding the key, never stored by a cache", () => {
    const response = redirectWithNotice("/admin/docs", "document-deleted");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/docs");
    expect(response.headers.get("Set-Cookie")).toBe(`${NOTICE_COOKIE}=document-deleted; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("takeNotice", () => {
  it("gives the message of a known key and clears the cookie", () => {
    const { notice, headers } = takeNotice(withCookie(`a=1; ${NOTICE_COOKIE}=document-created-draft; b=2`));
    expect(notice).toBe(NOTICES["document-created-draft"]);
    expect(notice).toBe("Draft saved. Publish it when it is ready.");
    expect(setCookieOf(headers)).toBe(`${NOTICE_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("shows nothing for a value that is not a key (free text, a prototype name), and still clears it", () => {
    for (const value of ["You%20won", "<b>hi</b>", "toString", "__proto__", ""]) {
      const { notice, headers } = takeNotice(withCookie(`${NOTICE_COOKIE}=${value}`));
      expect(notice, value).toBeNull();
      expect(setCookieOf(headers), value).toContain("Max-Age=0");
    }
  });

  it("leaves a request without the cookie alone: no notice, no Set-Cookie", () => {
    for (const cookie of [undefined, "session=abc", `x${NOTICE_COOKIE}=document-deleted`]) {
      const { notice, headers } = takeNotice(withCookie(cookie));
      expect(notice).toBeNull();
      expect(setCookieOf(headers)).toBeNull();
    }
  });
});
