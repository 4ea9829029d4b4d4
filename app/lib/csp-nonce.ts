/**
 * The Content-Security-Policy nonce of a server-rendered page. Our own server (server/
 * security-headers.ts) makes a fresh one for every request it hands to React Router, puts it in
 * the page's policy and in this request header (whatever the client sent under that name is
 * replaced); app/entry.server.tsx gives it to every inline script React Router and React write.
 * Prerendering has no such header: static pages carry no nonce (the server allows their inline
 * scripts by hash instead), see docs/decisions/008-content-security-policy.md.
 */
export const CSP_NONCE_HEADER = "x-crossroads-csp-nonce";

export const cspNonceOf = (request: Pick<Request, "headers">): string | undefined => request.headers.get(CSP_NONCE_HEADER) ?? undefined;
