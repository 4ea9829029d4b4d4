/** The audit log's filter in the address (docs/requirements/accounts.md#audit-log): what it accepts and what it refuses. */
import { describe, expect, it } from "vitest";

import { auditHref, parseAuditFilter, startOfDay } from "~/auth/audit-query.server";
import { browserName } from "~/lib/browser-name";

const parse = (search: string) => parseAuditFilter(new URL(`https://www.crossroadsit.example/admin/audit${search}`));

describe("parseAuditFilter", () => {
  it("takes no filter as everything, page 1", () => {
    expect(parse("")).toEqual({ ok: true, filter: { person: "", page: 1 } });
    expect(parse("?person=&event=&from=&to=&page=")).toEqual({ ok: true, filter: { person: "", page: 1 } });
  });

  it("takes a person, an event, a date range and a page", () => {
    expect(parse("?person=%20Tech%40&event=role-granted&from=2026-01-05&to=2026-01-31&page=3")).toEqual({
      ok: true,
      filter: { person: "Tech@", event: "role-granted", from: "2026-01-05", to: "2026-01-31", page: 3 },
    });
    expect(parse("?from=2026-02-01&to=2026-02-01")).toMatchObject({ ok: true });
  });

  it.each([
    ["?event=drop-table", "Event: Choose an event from the list."],
    ["?event=constructor", "Event: Choose an event from the list."],
    ["?from=yesterday", "From: Enter dates as YYYY-MM-DD."],
    ["?from=2026-02-30", "From: That date does not exist."],
    ["?to=2026-13-01", "To: That date does not exist."],
    ["?from=2026-03-02&to=2026-03-01", "To: The start date is after the end date."],
    ["?page=0", "Page: Not a page number."],
    ["?page=-2", "Page: Not a page number."],
    ["?page=1.5", "Page: Not a page number."],
    ["?page=abc", "Page: Not a page number."],
    ["?page=100001", "Page: Not a page number."],
    [`?person=${"a".repeat(255)}`, "Person: Search for at most 254 characters of an e-mail address."],
    ["?person=a%00b", "Person: That search is not valid."],
  ])("refuses %s with a clear message", (search, message) => {
    const result = parse(search);
    expect(result).toMatchObject({ ok: false, message });
  });

  it("gives back what was asked, without NUL bytes, to show in the form", () => {
    const result = parse("?person=x%00y&from=nope");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.values).toMatchObject({ person: "xy", from: "nope", event: "" });
  });
});

describe("auditHref", () => {
  it("leaves empty values and page 1 out", () => {
    expect(auditHref({ person: "", page: 1 })).toBe("/admin/audit");
    expect(auditHref({ person: "a&b", event: "sign-in", from: "2026-01-01", page: 2 }, "/admin/audit.csv")).toBe(
      "/admin/audit.csv?person=a%26b&event=sign-in&from=2026-01-01&page=2",
    );
  });
});

describe("startOfDay", () => {
  it("is midnight in the office's time zone, winter and summer", () => {
    expect(startOfDay("2026-01-15", "America/Indiana/Indianapolis").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(startOfDay("2026-07-15", "America/Indiana/Indianapolis").toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(startOfDay("2026-03-08", "America/Indiana/Indianapolis").toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });
});

describe("browserName", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36", "Chrome on Windows"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Linux"],
    ["curl/8.5.0", "curl"],
    ["", ""],
  ])("%s → %s", (ua, name) => {
    expect(browserName(ua)).toBe(name);
  });
});
