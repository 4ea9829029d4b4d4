/** Origins allowed to POST to this site: SITE_URL, plus its own loopback origins when bound to loopback. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

export function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

export function trustedOrigins(config: { SITE_URL: string; HOST: string; PORT: number }): string[] {
  const origins = [new URL(config.SITE_URL).origin];
  // A server bound to loopback can only be reached from this machine: trust its own origins.
  if (isLoopback(config.HOST)) origins.push(`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`);
  return origins;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request check for state-changing requests: a foreign Origin, or (without Origin)
 * a browser's Sec-Fetch-Site of cross-site, is refused. Blocks login CSRF and form posts from
 * other sites; SameSite=Lax cookies already keep sessions out of them.
 */
export function isCrossSiteWrite(method: string, headers: { origin?: string; secFetchSite?: string }, allowed: readonly string[]): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  if (headers.origin) return headers.origin === "null" || !allowed.includes(headers.origin);
  return headers.secFetchSite === "cross-site";
}
