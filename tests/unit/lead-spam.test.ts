/**
 * The contact form's spam checks (docs/requirements/leads.md#spam): each rule's points and reason,
 * the threshold, and the time trap's signed token. Conservative: what a real request could meet
 * never decides alone.
 */
import { describe, expect, it } from "vitest";

import { LEAD_STATUSES as STORED_STATUSES } from "~/db/schema.server";
import { checkFormTime, formTimeKey, issueFormTime } from "~/leads/form-time.server";
import { LEAD_STATUSES, ownerAction, permission } from "~/leads/pipeline";
import { judgeSubmission, SPAM_THRESHOLD, type SpamInput } from "~/leads/spam";

const base: SpamInput = {
  full_name: "Dana Whitfield",
  company: "Whitfield Dental",
  message: "Our front-desk computers freeze every morning and the backup has not run in a week.",
  honeypot: "",
  formTime: { kind: "ok", elapsedMs: 45_000 },
  minFillSeconds: 3,
};
const judge = (over: Partial<SpamInput>) => judgeSubmission({ ...base, ...over });
const codes = (over: Partial<SpamInput>) => judge(over).reasons.map((r) => r.code);

describe("the spam score", () => {
  it("a real request, with or without JavaScript's help, is not spam", () => {
    expect(judge({})).toEqual({ spam: false, score: 0, reasons: [] });
    // A link or a bare domain in the message, an "SEO" mention without a pitch: nothing.
    expect(judge({ message: "Our site www.whitfield-dental.example is down; our SEO person left." }).spam).toBe(false);
    expect(judge({ company: "Acme.com", message: "See https://acme.example/outage for the error we get." }).score).toBe(0);
  });

  it("decides alone: the honeypot, a form sent too fast, links in every field, the same text everywhere", () => {
    expect(judge({ honeypot: "http://spam.example" })).toMatchObject({ spam: true, reasons: [{ code: "honeypot" }] });
    expect(judge({ honeypot: "   " }).spam).toBe(false); // blank is empty
    const fast = judge({ formTime: { kind: "ok", elapsedMs: 800 } });
    expect(fast).toMatchObject({
      spam: true,
      reasons: [{ code: "too-fast", text: "Sent 0.8 s after the form was shown; a person takes at least 3 s." }],
    });
    expect(judge({ formTime: { kind: "ok", elapsedMs: 3000 } }).spam).toBe(false);
    expect(judge({ formTime: { kind: "ok", elapsedMs: 100 }, minFillSeconds: 0 }).spam, "the trap turned off").toBe(false);
    expect(
      codes({ full_name: "http://a.example", company: "www.b.example", message: "Visit https://c.example today for deals" }),
    ).toContain("links-everywhere");
    expect(judge({ full_name: "asdfasdfasdf", company: "ASDFASDFASDF ", message: "asdfasdfasdf" })).toMatchObject({
      spam: true,
      reasons: [{ code: "identical-fields" }],
    });
  });

  it("adds up what a real request could meet, and only together they make spam", () => {
    // A form without its time stamp (a script that never loaded the page, or a page from before the trap): one point.
    expect(judge({ formTime: { kind: "missing" } })).toMatchObject({ spam: false, score: 1 });
    expect(judge({ formTime: { kind: "invalid" } })).toMatchObject({ spam: false, score: 1 });
    // A message in Russian: two points, not spam; with no time stamp as well: spam.
    const russian = "Здравствуйте, нам нужна помощь с компьютерами в офисе.";
    expect(judge({ message: russian })).toMatchObject({ spam: false, score: 2 });
    expect(judge({ message: russian, formTime: { kind: "missing" } }).spam).toBe(true);
    // One SEO phrase: two points; a pitch of two: spam.
    expect(judge({ message: "We offer backlinks for your business, reply for prices." })).toMatchObject({ spam: false, score: 2 });
    expect(codes({ message: "Our SEO services get your website on the first page of Google within a month." })).toEqual(["pitch"]);
    expect(judge({ message: "Our SEO services get your website on the first page of Google within a month." }).spam).toBe(true);
    // Nothing but links, many links, link markup.
    expect(codes({ message: "https://a.example https://b.example https://c.example" })).toEqual(["links-only", "many-links"]);
    expect(codes({ message: "Nice site! [url=https://pills.example]cheap[/url] thanks" })).toEqual(["link-markup"]);
    expect(judge({ message: "Cheap viagra and casino bonus here for you" })).toMatchObject({
      spam: false,
      reasons: [{ code: "known-bad" }],
    });
    expect(SPAM_THRESHOLD).toBe(3);
  });

  it("every reason is a sentence staff can read", () => {
    const all = judge({
      honeypot: "x",
      formTime: { kind: "missing" },
      message: "[url=https://a.example]a[/url] https://b.example https://c.example",
    });
    expect(all.spam).toBe(true);
    for (const reason of all.reasons) expect(reason.text).toMatch(/^[A-Z].+\.$/);
  });
});

describe("the time trap's token", () => {
  const key = formTimeKey("a-secret-for-the-unit-tests-0123456789");
  it("says how long ago the form was rendered, and refuses a token it did not make", () => {
    const token = issueFormTime(key, 1_000_000);
    expect(checkFormTime(key, token, 1_004_500)).toEqual({ kind: "ok", elapsedMs: 4500 });
    expect(checkFormTime(key, undefined)).toEqual({ kind: "missing" });
    expect(checkFormTime(key, "  ")).toEqual({ kind: "missing" });
    // Another time under the same signature, another key's token, garbage, NUL.
    expect(checkFormTime(key, token.replace(/^\d+/, "999999"), 1_004_500)).toEqual({ kind: "invalid" });
    expect(checkFormTime(formTimeKey("another-secret-0123456789abcdefghij"), token, 1_004_500)).toEqual({ kind: "invalid" });
    expect(checkFormTime(key, "1.abc", 0)).toEqual({ kind: "invalid" });
    expect(checkFormTime(key, `${token}\u0000`, 1_004_500)).toEqual({ kind: "invalid" });
    // From the future beyond another process's clock: not ours to trust; within a minute: just now.
    expect(checkFormTime(key, issueFormTime(key, 2_000_000), 1_000_000)).toEqual({ kind: "invalid" });
    expect(checkFormTime(key, issueFormTime(key, 1_030_000), 1_000_000)).toEqual({ kind: "ok", elapsedMs: 0 });
  });
});

describe("the pipeline's words and rules", () => {
  it("the statuses are the leads table's", () => {
    expect([...LEAD_STATUSES]).toEqual([...STORED_STATUSES]);
  });

  it("who may do what (docs/requirements/leads.md#who-may-do-what)", () => {
    const admin = { id: "a", isAdmin: true };
    const staff = { id: "s", isAdmin: false };
    const nobodys = { status: "new" as const, ownerId: null };
    const mine = { status: "contacted" as const, ownerId: "s" };
    const theirs = { status: "contacted" as const, ownerId: "t", ownerName: "Tess" };
    for (const action of ["note", "status", "spam", "claim", "release", "assign"] as const) {
      for (const lead of [nobodys, mine, theirs]) expect(permission(admin, lead, action).ok, `${action} admin`).toBe(true);
      expect(permission(staff, theirs, "note").ok).toBe(true);
    }
    expect(permission(staff, mine, "status").ok).toBe(true);
    expect(permission(staff, nobodys, "status")).toEqual({
      ok: false,
      message: "Assign this lead to yourself first (Assign to me), then change its status.",
    });
    expect(permission(staff, theirs, "status")).toEqual({
      ok: false,
      message: "Only Tess, who owns this lead, or an administrator can change its status.",
    });
    expect(permission(staff, nobodys, "spam").ok).toBe(true);
    expect(permission(staff, theirs, "spam").ok).toBe(false);
    expect(permission(staff, nobodys, "claim").ok).toBe(true);
    expect(permission(staff, theirs, "claim")).toEqual({
      ok: false,
      message: "Tess owns this lead. Only an administrator can reassign it.",
    });
    expect(permission(staff, mine, "release").ok).toBe(true);
    expect(permission(staff, theirs, "release").ok).toBe(false);
    expect(permission(staff, nobodys, "assign").ok).toBe(false);
    expect(ownerAction("s", null, "s")).toBe("claim");
    expect(ownerAction("s", "s", null)).toBe("release");
    expect(ownerAction("s", null, "t")).toBe("assign");
    expect(ownerAction("s", "t", "s")).toBe("claim");
    expect(ownerAction("s", "t", null)).toBe("assign");
  });
});
