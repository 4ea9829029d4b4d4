/**
 * The paths that are not the public site, in one list: the pages for signed-in users
 * (docs/requirements/README.md#routes) and sign-in. Three rules read it:
 *
 * - isProtectedPath (below; app/auth/config.ts exports it): the signed-in pages, behind a guard;
 * - isPrivatePath (app/lib/private-caching.ts): all of them, sent `Cache-Control: private, no-store`;
 * - isTrackedPath (app/analytics/analytics.ts): none of them is measured (docs/requirements/public-site.md#analytics).
 */

/** The pages for signed-in users: the admin area, the document viewers (docs/requirements/blog-and-documents.md#mloe-and-ste), the user's own account. */
export const SIGNED_IN_PREFIXES = ["/admin", "/mloe", "/ste", "/account"] as const;

/** Every private path: the signed-in pages, and sign-in (open to everyone, but private and not measured). */
export const PRIVATE_PREFIXES = [...SIGNED_IN_PREFIXES, "/auth"] as const;

/**
 * A test for "one of these prefixes or below one": "/admin" and "/admin/users", never
 * "/administrator". With `dataRequests`, also "/admin.data", the data of a client navigation to
 * "/admin". (The prefixes are plain path segments: letters and slashes.)
 */
export function prefixPattern(prefixes: readonly string[], dataRequests = false): RegExp {
  return new RegExp(`^(${prefixes.join("|")})(/${dataRequests ? "|\\." : ""}|$)`);
}

const SIGNED_IN_PATH = prefixPattern(SIGNED_IN_PREFIXES);

/** Pages behind a guard: a client navigation to them shows the access check until the server answers. */
export const isProtectedPath = (pathname: string): boolean => SIGNED_IN_PATH.test(pathname);

/**
 * The query parameter of a staff preview of a draft (`/contact?preview=facts`, app/studio): such a
 * page is rendered per request for signed-in staff, private, never stored, never measured.
 */
export const PREVIEW_PARAM = "preview";
