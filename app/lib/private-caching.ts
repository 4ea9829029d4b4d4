import { prefixPattern, PREVIEW_PARAM, PRIVATE_PREFIXES } from "~/config/private-paths";

/**
 * Answers that carry staff or personal data (the signed-in pages: the admin area, the document
 * viewers, the account; and sign-in) are never stored by a browser or a proxy:
 * `Cache-Control: private, no-store` on every page, `.data` answer and error page under these
 * paths (app/config/private-paths.ts), whatever the route itself said.
 */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

const PRIVATE_PATH = prefixPattern(PRIVATE_PREFIXES, true);

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH.test(pathname);
}

/** Sets the private Cache-Control on `headers` when `url` is under a private path or is a staff preview of a draft. */
export function applyPrivateCaching(url: string, headers: Headers): void {
  const parsed = new URL(url);
  if (isPrivatePath(parsed.pathname) || parsed.searchParams.has(PREVIEW_PARAM)) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}
