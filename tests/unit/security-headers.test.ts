/** The Content-Security-Policy and HSTS of each kind of response (docs/decisions/008-content-security-policy.md). */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { applyHeaders, requestScheme } from "../../server/react-router-handler";
import { createSecurity, HSTS, inlineScriptHashes, TAG_MANAGER_ORIGIN } from "../../server/security-headers";
import { StaticStore } from "../../server/static-store";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("answers that are not pages", () => {
  it("leave out the tag manager: JSON of /api/session, /api/auth/get-session and /api/events, CSV, XML; a page keeps it; an answer's own policy stays", () => {
    const security = createSecurity({ siteUrl: "https://www.crossroadsit.example", gtmId: "GTM-ABC123" });
    const answer = (path: string, headers: Record<string, string>) => {
      const set = new Map<string, string>();
      const res = {
        locals: {} as Record<string, string>,
        setHeader: (n: string, v: string) => set.set(n.toLowerCase(), v),
        append: (n: string, v: string) => set.set(n.toLowerCase(), v),
      };
      security.middleware({ path, headers: {} } as never, res as never, () => {});
      const response = new Response(null, { headers });
      security.answered(res as never, response);
      applyHeaders(res as never, response.headers, new Set(Object.keys(security.headers).map((name) => name.toLowerCase())));
      return set.get("content-security-policy")!;
    };
    for (const [path, type] of [
      ["/api/session", "application/json"],
      ["/api/auth/get-session", "application/json; charset=utf-8"],
      ["/api/events", "text/plain; charset=utf-8"],
      ["/sitemap.xml", "application/xml"],
      ["/blog/rss.xml", "application/rss+xml"],
      ["/about.data", "text/x-script"],
    ]) {
      const policy = answer(path, { "Content-Type": type });
      expect(policy, path).not.toContain(TAG_MANAGER_ORIGIN);
      expect(directive(policy, "script-src"), path).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
    }
    expect(answer("/api/events", {}), "no type at all").not.toContain(TAG_MANAGER_ORIGIN);
    expect(answer("/contact", { "Content-Type": "text/html" })).toContain(TAG_MANAGER_ORIGIN);
    // A stored graphic's own sandbox policy is what it gets.
    expect(
      answer("/storage/v1/object/public/graphics/a.svg", { "Content-Type": "image/svg+xml", "Content-Security-Policy": "sandbox" }),
    ).toBe("sandbox");
  });
});

describe("the policy limits scripts, and HSTS is sent for an https site", () => {
  it("allows scripts from this origin, plus the tag manager only when GTM_ID is set, and nothing inline by default", () => {
    const withGtm = createSecurity({ siteUrl: "https://www.crossroadsit.example", gtmId: "GTM-ABC123" }).policy([], "/");
    expect(directive(withGtm, "default-src")).toBe("default-src 'self'");
    expect(directive(withGtm, "script-src")).toBe(`script-src 'self' ${TAG_MANAGER_ORIGIN}`);
    expect(directive(withGtm, "img-src")).toBe(`img-src 'self' ${TAG_MANAGER_ORIGIN}`);
    expect(directive(withGtm, "style-src")).toBe("style-src 'self'");
    for (const d of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
      "font-src 'self'",
      "connect-src 'self'",
    ])
      expect(withGtm).toContain(d);
    const withoutGtm = createSecurity({ siteUrl: "https://www.crossroadsit.example" }).headers["Content-Security-Policy"]!;
    expect(withoutGtm).not.toContain("googletagmanager");
    expect(directive(withoutGtm, "script-src")).toBe("script-src 'self'");
  });

  it("allows the tag manager on public pages only: never on sign-in, the admin area, the account or the document viewers", () => {
    const security = createSecurity({ siteUrl: "https://www.crossroadsit.example", gtmId: "GTM-ABC123" });
    const rendered = (page: string) => {
      const headers = new Map<string, string>();
      const res = { locals: {} as Record<string, string>, setHeader: (n: string, v: string) => headers.set(n.toLowerCase(), v) };
      security.middleware({ path: page, headers: {} } as never, res as never, () => {});
      return headers.get("content-security-policy")!;
    };
    for (const page of ["/admin", "/admin/users", "/admin.data", "/account", "/account/two-factor", "/auth/login", "/mloe/x", "/ste/x"]) {
      expect(rendered(page), page).not.toContain(TAG_MANAGER_ORIGIN);
      expect(security.policy(["'sha256-abc'"], page), page).not.toContain(TAG_MANAGER_ORIGIN);
      expect(directive(rendered(page), "script-src"), page).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
    }
    for (const page of ["/", "/contact", "/services/voip", "/blog/a-post", "/administrator", "/authors"]) {
      expect(directive(rendered(page), "script-src"), page).toMatch(new RegExp(`^script-src 'self' 'nonce-[^']+' ${TAG_MANAGER_ORIGIN}$`));
      expect(directive(rendered(page), "img-src"), page).toBe(`img-src 'self' ${TAG_MANAGER_ORIGIN}`);
      expect(directive(rendered(page), "connect-src"), page).toBe(`connect-src 'self' ${TAG_MANAGER_ORIGIN}`);
    }
    // Answers that are not pages (refusals, JSON, files) never need it.
    expect(security.headers["Content-Security-Policy"]).not.toContain(TAG_MANAGER_ORIGIN);

    // A page the server rendered at start, and the /500 page sent for a failure on a private path.
    const dir = mkdtempSync(path.join(tmpdir(), "csp-private-"));
    try {
      const store = new StaticStore(dir, security);
      store.setRendered(new Map([["/500", Buffer.from("<!doctype html><title>Error</title><script>window.b = 2;</script>")]]));
      expect(directive(store.policy("/500")!, "script-src")).toBe(`script-src 'self' ${sha("window.b = 2;")} ${TAG_MANAGER_ORIGIN}`);
      expect(directive(store.policy("/500", "/contact")!, "script-src")).toBe(
        `script-src 'self' ${sha("window.b = 2;")} ${TAG_MANAGER_ORIGIN}`,
      );
      expect(directive(store.policy("/500", "/admin/leads")!, "script-src")).toBe(`script-src 'self' ${sha("window.b = 2;")}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("isolates the private paths' documents from their opener, and leaves the public pages in the visitor's browser process", () => {
    const security = createSecurity({ siteUrl: "https://www.crossroadsit.example" });
    const opener = (page: string) => {
      const headers = new Map<string, string>();
      const res = { locals: {} as Record<string, string>, setHeader: (n: string, v: string) => headers.set(n.toLowerCase(), v) };
      security.middleware({ path: page, headers: {} } as never, res as never, () => {});
      return headers.get("cross-origin-opener-policy");
    };
    for (const page of ["/admin", "/admin/leads", "/account", "/auth/login", "/auth/two-factor", "/mloe/x", "/ste/x"])
      expect(opener(page), page).toBe("same-origin");
    for (const page of ["/", "/contact", "/blog", "/services/voip", "/administrator"]) expect(opener(page), page).toBeUndefined();
    // The pages served from memory and the build's files are public: their headers are these.
    expect(security.headers).not.toHaveProperty("Cross-Origin-Opener-Policy");
  });

  it("sends Strict-Transport-Security only when SITE_URL is https", () => {
    expect(createSecurity({ siteUrl: "https://www.crossroadsit.example" }).headers["Strict-Transport-Security"]).toBe(HSTS);
    expect(HSTS).toBe("max-age=31536000; includeSubDomains");
    expect(createSecurity({ siteUrl: "http://localhost:3000" }).headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("hashes the inline scripts a browser runs, not external scripts or data blocks such as JSON-LD", () => {
    const html = [
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script>window.__reactRouterContext = {};</script>",
      '<script type="module" async="">import "/assets/a.js";</script>',
      '<script id="_R_">requestAnimationFrame(function(){})</script>',
      '<script src="/assets/b.js"></script>',
      '<script type="text/plain">not code</script>',
      "<script>a\r\nb</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha("window.__reactRouterContext = {};"),
      sha('import "/assets/a.js";'),
      sha("requestAnimationFrame(function(){})"),
      sha("a\nb"),
    ]);
  });

  it("gives each page rendered into memory a policy with the hashes of its own inline scripts", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "csp-store-"));
    try {
      writeFileSync(path.join(dir, "robots.txt"), "User-agent: *");
      const store = new StaticStore(dir, createSecurity({ siteUrl: "https://www.crossroadsit.example", gtmId: "GTM-ABC123" }));
      store.setRendered(new Map([["/", Buffer.from("<!doctype html><title>Home</title><script>window.a = 1;</script>")]]));
      const headersOf = (pathname: string) => {
        const headers: Record<string, string> = {};
        const res = {
          writeHead(_status: number, raw: string[]) {
            for (let i = 0; i < raw.length; i += 2) headers[raw[i]!.toLowerCase()] = raw[i + 1]!;
          },
          end() {},
        } as unknown as ServerResponse;
        store.serve({ method: "GET", headers: {} } as IncomingMessage, res, pathname);
        return headers;
      };
      const home = headersOf("/");
      expect(directive(home["content-security-policy"]!, "script-src")).toBe(
        `script-src 'self' ${sha("window.a = 1;")} ${TAG_MANAGER_ORIGIN}`,
      );
      expect(store.policy("/")).toBe(home["content-security-policy"]);
      expect(home["strict-transport-security"]).toBe(HSTS);
      // A file that is not a page never loads the tag manager.
      expect(directive(headersOf("/robots.txt")["content-security-policy"]!, "script-src")).toBe("script-src 'self'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives every rendered response a fresh nonce, in its policy and for the load context; a response's own policy replaces it", () => {
    const security = createSecurity({ siteUrl: "https://www.crossroadsit.example" });
    const run = () => {
      const headers = new Map<string, string>();
      const res = {
        locals: {} as Record<string, string>,
        setHeader: (n: string, v: string) => headers.set(n.toLowerCase(), v),
        append(n: string, v: string) {
          const old = headers.get(n.toLowerCase());
          headers.set(n.toLowerCase(), old ? `${old}, ${v}` : v);
          return this;
        },
      };
      security.middleware({ headers: {} } as never, res as never, () => {});
      return { nonce: res.locals.cspNonce!, headers, res };
    };
    const a = run();
    const b = run();
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directive(a.headers.get("content-security-policy")!, "script-src")).toBe(`script-src 'self' 'nonce-${a.nonce}'`);
    // How the server writes React Router's answer: the security headers are replaced, others added to.
    const replace = new Set(Object.keys(security.headers).map((n) => n.toLowerCase()));
    applyHeaders(a.res as never, new Headers({ "Content-Security-Policy": "default-src 'none'; sandbox", Vary: "Accept" }), replace);
    applyHeaders(a.res as never, new Headers({ Vary: "Cookie" }), replace);
    expect(a.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(a.headers.get("vary")).toBe("Accept, Cookie");
  });

  it("in development (npm run dev) also allows Vite's hot-reload WebSocket and its <style> elements", () => {
    const dev = createSecurity({ siteUrl: "http://localhost:5173", development: true }).policy(["'nonce-abc'"], "/");
    expect(directive(dev, "connect-src")).toBe("connect-src 'self' ws:");
    expect(directive(dev, "style-src")).toBe("style-src 'self' 'unsafe-inline'");
    const prod = createSecurity({ siteUrl: "http://localhost:5173" }).policy([], "/");
    expect(directive(prod, "connect-src")).toBe("connect-src 'self'");
    expect(directive(prod, "style-src")).toBe("style-src 'self'");
  });
});

describe("the request React Router sees behind a proxy (server/react-router-handler.ts)", () => {
  const req = (protocol: string, headers: Record<string, string>) => ({ protocol, get: (name: string) => headers[name.toLowerCase()] });
  it("takes the scheme from X-Forwarded-Proto when the proxy is trusted: a form posted from the https site is its own origin", () => {
    expect(requestScheme(req("http", { "x-forwarded-proto": "https" }), true)).toBe("https");
    expect(requestScheme(req("http", { "x-forwarded-proto": "http, https" }), true)).toBe("https");
  });
  it("ignores the header from an untrusted client, and anything but http or https", () => {
    expect(requestScheme(req("http", { "x-forwarded-proto": "https" }), false)).toBe("http");
    expect(requestScheme(req("http", { "x-forwarded-proto": "javascript" }), true)).toBe("http");
    expect(requestScheme(req("http", {}), true)).toBe("http");
  });
});
