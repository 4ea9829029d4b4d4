/**
 * The paths that are not the public site, in one list: the pages for signed-in staff
 * (docs/requirements.md#routes) and sign-in. Three rules read it:
 *
 * - isProtectedPath (below; app/auth/config.ts exports it): the signed-in pages, behind a guard;
 * - isPrivatePath (app/lib/private-caching.ts): all of them, sent `Cache-Control: private, no-store`;
 * - isTrackedPath (app/lib/analytics.ts): none of them is measured (docs/requirements.md#analytics).
 *
 * A prefix covers itself and what is below it ("/admin", "/admin/users"), never a longer name
 * ("/administrator").
 */
export const PRIVATE_PATHS = [
  { prefix: "/admin", signedIn: true },
  { prefix: "/mloe", signedIn: true }, // docs/requirements.md#mloe-and-ste
  { prefix: "/ste", signedIn: true },
  { prefix: "/account", signedIn: true }, // the signed-in user's own account
  { prefix: "/auth", signedIn: false }, // sign-in: open to everyone, but private and not measured
] as const;

export interface PrivatePathOptions {
  /** Only the pages for signed-in users (not sign-in). */
  signedInOnly?: boolean;
  /** Also a prefix followed by a dot: "/admin.data", the data of a client navigation to "/admin". */
  dataRequests?: boolean;
}

/** Whether `pathname` is one of the private prefixes or below one. */
export function isUnderPrivatePath(pathname: string, { signedInOnly = false, dataRequests = false }: PrivatePathOptions = {}): boolean {
  return PRIVATE_PATHS.some(({ prefix, signedIn }) => {
    if ((signedInOnly && !signedIn) || !pathname.startsWith(prefix)) return false;
    const next = pathname.charAt(prefix.length);
    return next === "" || next === "/" || (dataRequests && next === ".");
  });
}

/** Pages behind a guard: a client navigation to them shows the access check until the server answers. */
export const isProtectedPath = (pathname: string): boolean => isUnderPrivatePath(pathname, { signedInOnly: true });
