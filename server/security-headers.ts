/** Baseline security headers on every response, static or rendered. */
export const securityHeaders: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Content-Security-Policy": "frame-ancestors 'self'; base-uri 'self'; object-src 'none'; form-action 'self'",
  "X-Frame-Options": "SAMEORIGIN",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export function applySecurityHeaders(set: (name: string, value: string) => unknown): void {
  for (const [name, value] of Object.entries(securityHeaders)) set(name, value);
}

const byLowerName = new Map(Object.entries(securityHeaders).map(([name, value]) => [name.toLowerCase(), value]));

/** The baseline value of a header, if it is one of the security headers. */
export const baselineHeader = (name: string): string | undefined => byLowerName.get(name.toLowerCase());
