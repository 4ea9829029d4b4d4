/** How admin lists read their filters from the URL: bad values fall back or are refused, never reach a query. */
import { describe, expect, it } from "vitest";

import { calendarDay, choice, pageNumber, parseListSearch, plainText, searchText, wholeNumber } from "~/lib/list-search";

describe("searchText", () => {
  it("is what was typed, trimmed; nothing when absent", () => {
    expect(searchText("  acme corp ")).toBe("acme corp");
    expect(searchText(null)).toBe("");
    expect(searchText(undefined)).toBe("");
  });

  it("turns NUL bytes and other control characters into spaces", () => {
    expect(searchText("a\0b")).toBe("a b");
    expect(searchText("a\u0000\u0001\u001fb\u007f")).toBe("a b");
    expect(searchText("\0acme\0")).toBe("acme");
  });

  it("keeps at most 200 characters, or the limit given", () => {
    expect(searchText("x".repeat(1_000_000))).toBe("x".repeat(200));
    expect(searchText("abcdef", 3)).toBe("abc");
  });
});

describe("plainText", () => {
  it("is the trimmed text when it is short enough and has no control character", () => {
    expect(plainText("  logo.png ", 100)).toBe("logo.png");
    expect(plainText(null, 100)).toBe("");
    expect(plainText("logo\n", 100)).toBe("logo");
  });

  it("refuses NUL bytes, control characters inside and anything too long", () => {
    expect(plainText("lo\0go", 100)).toBeUndefined();
    expect(plainText("lo\tgo", 100)).toBeUndefined();
    expect(plainText("x".repeat(101), 100)).toBeUndefined();
    expect(plainText("x".repeat(100), 100)).toBe("x".repeat(100));
  });
});

describe("pageNumber", () => {
  it("reads a page from 1; absent is page 1", () => {
    expect(pageNumber("3")).toBe(3);
    expect(pageNumber(null)).toBe(1);
    expect(pageNumber("")).toBe(1);
  });

  it("makes negative, zero and not-a-number pages page 1", () => {
    expect(pageNumber("-1")).toBe(1);
    expect(pageNumber("0")).toBe(1);
    expect(pageNumber("NaN")).toBe(1);
    expect(pageNumber("abc")).toBe(1);
    expect(pageNumber("\0")).toBe(1);
  });

  it("reads the leading digits and stops at the last page it goes to", () => {
    expect(pageNumber("2abc")).toBe(2);
    expect(pageNumber("2.9")).toBe(2);
    expect(pageNumber("9".repeat(50))).toBe(100_000);
    // More digits than a number holds read as no number at all: page 1.
    expect(pageNumber("9".repeat(400))).toBe(1);
    expect(pageNumber("250", 10)).toBe(10);
  });
});

describe("wholeNumber", () => {
  it("takes a whole number written in full within the range", () => {
    expect(wholeNumber("0", 0, 10)).toBe(0);
    expect(wholeNumber("10", 0, 10)).toBe(10);
    expect(wholeNumber(" 7 ", 0, 10)).toBe(7);
  });

  it("refuses absent, negative, fractional, NaN, huge and partly numeric values", () => {
    for (const value of [null, undefined, "-1", "1.5", "NaN", "abc", "2abc", "Infinity", "11", "9".repeat(400), "\0"]) {
      expect(wholeNumber(value, 0, 10), String(value)).toBeUndefined();
    }
  });
});

describe("choice", () => {
  const SORTS = ["updated", "title"] as const;

  it("is the value when it is allowed", () => {
    expect(choice("title", SORTS, "updated")).toBe("title");
  });

  it("is the fallback for unknown, absent, differently cased or NUL-bearing values", () => {
    expect(choice("drop-table", SORTS, "updated")).toBe("updated");
    expect(choice(null, SORTS, "updated")).toBe("updated");
    expect(choice("Title", SORTS, "updated")).toBe("updated");
    expect(choice("title\0", SORTS, "updated")).toBe("updated");
    expect(choice("constructor", SORTS, undefined)).toBeUndefined();
    expect(choice("x".repeat(100_000), SORTS, undefined)).toBeUndefined();
  });
});

describe("calendarDay", () => {
  it("takes a day that exists, trimmed", () => {
    expect(calendarDay("2026-02-28")).toBe("2026-02-28");
    expect(calendarDay(" 2028-02-29 ")).toBe("2028-02-29");
  });

  it("refuses blanks, other formats, days that do not exist and years out of range", () => {
    for (const value of [
      null,
      "",
      "  ",
      "yesterday",
      "2026-2-1",
      "2026-02-30",
      "2026-13-01",
      "1999-12-31",
      "2026-01-01\0",
      "2026-01-01T00:00",
    ]) {
      expect(calendarDay(value), String(value)).toBeUndefined();
    }
  });
});

describe("parseListSearch", () => {
  const parse = (search: string) => parseListSearch(new URL(`https://www.crossroadsit.example/admin/leads${search}`));

  it("reads ?q= and ?page=", () => {
    expect(parse("?q=+acme+&page=3")).toEqual({ q: "acme", page: 3 });
    expect(parse("")).toEqual({ q: "", page: 1 });
  });

  it("falls back on bad input instead of failing", () => {
    expect(parse(`?q=a%00b&page=-5`)).toEqual({ q: "a b", page: 1 });
    expect(parse(`?q=${"y".repeat(5000)}&page=${"9".repeat(50)}`)).toEqual({ q: "y".repeat(200), page: 100_000 });
  });
});
