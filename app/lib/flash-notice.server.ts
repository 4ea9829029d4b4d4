/**
 * A notice carried over a redirect (docs/requirements/public-site.md#layout): the action answers
 * redirectWithNotice, which sets a short-lived cookie holding a key of app/lib/notices.ts; the
 * admin layout's loader takes it (takeNotice), clears it on the same response, and the page shows
 * the notice once, with or without JavaScript.
 */
import { redirect } from "react-router";

import { isNoticeKey, NOTICES, type NoticeKey } from "./notices";
import { PRIVATE_CACHE_CONTROL } from "./private-caching";

export const NOTICE_COOKIE = "crossroads_notice";
/** Long enough for the redirect to be followed, short enough not to greet a later visit. */
export const NOTICE_MAX_AGE_SECONDS = 60;

const setCookie = (value: string, maxAge: number) => `${NOTICE_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax`;

/**
 * A redirect to `to` after a change that worked, with the notice the next page shows; `headers`:
 * more for the same response (a replaced session's cookie).
 */
export function redirectWithNotice(to: string, key: NoticeKey, headers?: Headers, status = 302): Response {
  const out = new Headers(headers);
  out.append("Set-Cookie", setCookie(key, NOTICE_MAX_AGE_SECONDS));
  out.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return redirect(to, { status, headers: out });
}

/** The cookie's raw value in a request, or null when it has none. */
function noticeCookie(request: Request): string | null {
  for (const pair of (request.headers.get("Cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === NOTICE_COOKIE) return pair.slice(at + 1).trim();
  }
  return null;
}

/**
 * The notice a request carries (its message; null for none or a key that is not in the map) and
 * the headers of the response that shows it: they clear the cookie, when there was one.
 */
export function takeNotice(request: Request): { notice: string | null; headers: HeadersInit } {
  const value = noticeCookie(request);
  if (value === null) return { notice: null, headers: {} };
  return { notice: isNoticeKey(value) ? NOTICES[value] : null, headers: { "Set-Cookie": setCookie("", 0) } };
}
