/**
 * Where to send a user after sign-in: only a path on this site, never an absolute or
 * protocol-relative URL from the query string (docs/requirements/accounts.md#sign-in).
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters and backslashes can turn a path into a host in some parsers.
  if ([...to].some((c) => c.charCodeAt(0) < 0x20 || c === "\\")) return fallback;
  try {
    const url = new URL(to, "http://placeholder.invalid");
    if (url.origin !== "http://placeholder.invalid") return fallback;
    // Check what is returned, not what came in: dot segments ("/.//x", "/%2e%2e//x") normalise to
    // "//x", which a browser reads as another host.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}

/** /auth/login?redirectTo=<path and query of the page the visitor was sent from>. */
export function loginPath(from?: string): string {
  const target = from ? safeRedirect(from, "") : "";
  return target && target !== "/" ? `/auth/login?redirectTo=${encodeURIComponent(target)}` : "/auth/login";
}

/** /auth/two-factor, the code step after the password (docs/requirements/accounts.md#two-factor-sign-in), keeping redirectTo. */
export function codeStepPath(redirectTo?: string): string {
  const target = redirectTo ? safeRedirect(redirectTo, "") : "";
  return target && target !== "/" ? `/auth/two-factor?redirectTo=${encodeURIComponent(target)}` : "/auth/two-factor";
}

/** The page of the e-mailed password reset link (docs/requirements/accounts.md#password-reset). */
export const RESET_PASSWORD_PATH = "/auth/reset-password";

/** Where a user turns two-factor sign-in on; administrators and editors without it are sent here. */
export const TWO_FACTOR_SETUP_PATH = "/account/two-factor";
/** Where an administrator goes after setting it up when they were not on their way anywhere. */
export const ADMIN_HOME_PATH = "/admin/docs";
/** Where an editor goes then (docs/requirements/accounts.md#roles: the blog and the content studio). */
export const EDITOR_HOME_PATH = "/admin/blog";
/** Where staff who work leads go then (docs/requirements/leads.md#who-may-do-what). */
export const LEADS_HOME_PATH = "/admin/leads";

/** The setup page, telling an administrator or editor it is required, and where to go once it is done. */
export function twoFactorSetupPath(redirectTo?: string): string {
  const params = new URLSearchParams({ required: "1" });
  if (redirectTo) params.set("redirectTo", redirectTo);
  return `${TWO_FACTOR_SETUP_PATH}?${params}`;
}
