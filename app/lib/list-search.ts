/**
 * Reading an admin list's filters from its URL: every list (leads, redirects, docs, blog, graphics,
 * the audit log) reads its parameters with these, so a bad value never reaches a query and each
 * list either falls back to its default or says what was wrong. Each reader takes the raw value
 * (`url.searchParams.get(...)`, null when absent).
 */
import { controlsAsSpaces, hasControlCharacter } from "./control-characters";

/** The longest search a list reads (longer is cut). */
export const SEARCH_MAX = 200;
/** The highest page number a list goes to. */
export const PAGE_MAX = 100_000;

/** A search box's text: control characters made spaces, trimmed, at most `max` characters; absent is "". */
export function searchText(value: string | null | undefined, max = SEARCH_MAX): string {
  return controlsAsSpaces(value ?? "")
    .trim()
    .slice(0, max);
}

/** A search that must be used as typed: trimmed; undefined when longer than `max` or holding a control character. */
export function plainText(value: string | null | undefined, max: number): string | undefined {
  const text = (value ?? "").trim();
  return text.length <= max && !hasControlCharacter(text) ? text : undefined;
}

/** A page number as parseInt reads it (leading digits), at most `max`; anything else, or below 1, is page 1. */
export function pageNumber(value: string | null | undefined, max = PAGE_MAX): number {
  const page = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? Math.min(page, max) : 1;
}

/** A whole number written in full ("3", not "3rd" or "3.5") from `min` to `max`; undefined otherwise. */
export function wholeNumber(value: string | null | undefined, min: number, max: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** `value` when it is one of `allowed`, else `fallback` (a default, or undefined to say it was refused). */
export function choice<T extends string, const F>(value: string | null | undefined, allowed: readonly T[], fallback: F): T | F {
  return value !== null && value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** How a calendar day is written in a URL. */
export const CALENDAR_DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD, trimmed, from the year 2000 to 9999, a day that exists); undefined otherwise, blank included. */
export function calendarDay(value: string | null | undefined): string | undefined {
  const text = (value ?? "").trim();
  if (!CALENDAR_DAY_FORMAT.test(text)) return undefined;
  const [y, m, d] = text.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const exists = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return y >= 2000 && y <= 9999 && exists ? text : undefined;
}

/** The search and page of a list in its URL (?q=&page=), as the leads and redirect rules read them. */
export function parseListSearch(url: URL): { q: string; page: number } {
  return { q: searchText(url.searchParams.get("q")), page: pageNumber(url.searchParams.get("page")) };
}
