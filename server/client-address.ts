/**
 * The address sign-in rate limits key on. Without a proxy: the socket's address. Behind a trusted
 * proxy (TRUST_PROXY=1): the right-most X-Forwarded-For entry, the one that proxy appended; the
 * entries left of it came from the client and could be anything.
 */
export function clientAddress(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const nearest = hops[hops.length - 1];
    if (nearest) return nearest;
  }
  return socketAddress ?? "unknown";
}
