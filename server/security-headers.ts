/**
 * Security headers of every response, static or rendered, and the Content-Security-Policy of
 * each kind of page (docs/decisions/008-content-security-policy.md):
 *
 * - pages served from memory (rendered at start and after each publication, server/page-renderer.ts):
 *   their inline scripts allowed by their SHA-256 hashes, computed once when the static store takes
 *   the page (`inlineScriptHashes`);
 * - pages rendered by React Router: a fresh nonce per request (`middleware`), which reaches
 *   app/entry.server.tsx in the load context and goes on every inline script;
 * - everything else: the same policy without any inline script.
 *
 * Scripts otherwise come from this origin only, plus the tag manager's origin when GTM_ID is set
 * and the page is a public one: never on the private paths (sign-in, the admin area, the account,
 * the document viewers: app/config/private-paths.ts), where nothing is measured, nor on responses
 * that are not pages. Images, styles, fonts, media and requests: this origin only.
 * Strict-Transport-Security when the site's public origin (SITE_URL) is https;
 * Cross-Origin-Opener-Policy on the private paths' documents.
 */
import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";

import { isPrivatePath } from "../app/lib/private-caching.ts";

export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

/**
 * Sent with the private paths' documents only (sign-in, the admin area, the account, the document
 * viewers): a page opened from another site there keeps no link to its opener. Not on the public
 * pages: it puts every visit that arrives from another site into a new browser process, whose
 * cold start is the page's biggest main-thread cost on a phone (Lighthouse's TBT on a service
 * page 223-361 ms with it, 34-64 ms without; ADR 008, amended 2026-11-26).
 */
const OPENER_POLICY = "Cross-Origin-Opener-Policy";
export const HSTS = "max-age=31536000; includeSubDomains";

export interface SecurityOptions {
  /** The public origin (SITE_URL): https turns on Strict-Transport-Security. */
  siteUrl: string;
  /** The tag manager container (GTM_ID): set, its origin may serve scripts, images and requests. */
  gtmId?: string | null;
  /**
   * `npm run dev` only: Vite's hot reload needs its WebSocket (`connect-src ws:`) and inserts the
   * stylesheets as <style> elements (`style-src 'unsafe-inline'`).
   */
  development?: boolean;
}

export interface Security {
  /** Headers for every response; their Content-Security-Policy allows no inline script and no tag manager. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The Content-Security-Policy of the page at `pathname` whose inline scripts are allowed by
   * these sources: with the tag manager's origin when GTM_ID is set, unless the path is private.
   */
  policy(inlineScriptSources: readonly string[], pathname: string): string;
  /**
   * Express middleware for everything React Router answers: the headers, with a per-request
   * nonce in the policy and in `res.locals.cspNonce` (the server puts it in the load context).
   * The server's React Router handler lets a response's own value of one of these headers (a
   * stored graphic's stricter sandbox policy) replace ours (server/react-router-handler.ts).
   */
  readonly middleware: RequestHandler;
  /**
   * Called by the React Router handler once it knows the answer: an answer that is not a page
   * (JSON, CSV, XML, text) gets the policy without the tag manager, which only a page loads,
   * unless it brought a policy of its own.
   */
  readonly answered: (res: Pick<Response, "setHeader" | "locals">, answer: globalThis.Response) => void;
}

export function contentSecurityPolicy(inlineScriptSources: readonly string[], tagManager: boolean, development = false): string {
  const tm = tagManager ? [TAG_MANAGER_ORIGIN] : [];
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...inlineScriptSources, ...tm].join(" ")}`,
    // Documents may show images of this site only (the Markdown renderer enforces it too).
    `img-src ${["'self'", ...tm].join(" ")}`,
    `connect-src ${["'self'", ...tm, ...(development ? ["ws:"] : [])].join(" ")}`,
    // No page uses a style attribute or a <style> element: styles are the built stylesheet.
    // (Vite's development server inserts them as <style> elements.)
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "font-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export function createSecurity(options: SecurityOptions): Security {
  const tagManager = Boolean(options.gtmId);
  const policy = (sources: readonly string[], pathname: string) =>
    contentSecurityPolicy(sources, tagManager && !isPrivatePath(pathname), options.development);
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Content-Security-Policy": contentSecurityPolicy([], false, options.development),
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  };
  if (new URL(options.siteUrl).protocol === "https:") headers["Strict-Transport-Security"] = HSTS;
  Object.freeze(headers);

  const middleware: RequestHandler = (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of Object.entries(headers)) {
      res.setHeader(name, name === "Content-Security-Policy" ? policy([`'nonce-${nonce}'`], req.path) : value);
    }
    if (isPrivatePath(req.path)) res.setHeader(OPENER_POLICY, "same-origin");
    next();
  };

  const answered: Security["answered"] = (res, answer) => {
    if (!tagManager || answer.headers.has("content-security-policy")) return;
    if (/^text\/html\b/i.test(answer.headers.get("content-type") ?? "")) return;
    const nonce = res.locals.cspNonce;
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(typeof nonce === "string" ? [`'nonce-${nonce}'`] : [], false, options.development),
    );
  };

  return { headers, policy, middleware, answered };
}

const EXECUTABLE_TYPES = /^(|module|(text|application)\/(x-)?(javascript|ecmascript)|text\/jscript|text\/livescript)$/i;

/**
 * The CSP hash sources ('sha256-...') of the inline scripts a browser would run in this HTML:
 * not those with a src, not data blocks such as JSON-LD (they are never executed).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attrs}`);
    if (type && !EXECUTABLE_TYPES.test((type[1] ?? type[2] ?? type[3] ?? "").trim())) continue;
    // The browser hashes the text after the HTML parser turned CR LF and CR into LF.
    hashes.add(`'sha256-${createHash("sha256").update(body.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
