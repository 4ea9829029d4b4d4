import { createHash } from "node:crypto";

import { E2E_USERS } from "./config";
import { expect, signIn, test } from "./fixtures";
import { hydrated, ownClientAddressPerTest } from "./helpers";

ownClientAddressPerTest(test);

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** The inline scripts the browser would run (not JSON-LD, not external), with their attributes. */
function inlineScripts(html: string): { attrs: string; body: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map((m) => ({ attrs: m[1]!, body: m[2]! }))
    .filter((s) => !/\bsrc\s*=/i.test(s.attrs) && !/type\s*=\s*"application\/ld\+json"/i.test(s.attrs));
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("a page served from memory limits scripts to its own files, the hashes of its inline scripts and the tag manager, and sends HSTS", async ({
  request,
}) => {
  for (const path of ["/", "/services/voip", "/about"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    const csp = directives(headers["content-security-policy"]);
    expect(csp.get("default-src"), path).toEqual(["'self'"]);
    const scriptSrc = csp.get("script-src") ?? [];
    expect(scriptSrc, path).toContain("'self'");
    expect(scriptSrc, path).toContain("https://www.googletagmanager.com"); // the test server sets GTM_ID
    expect(scriptSrc.join(" "), path).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'nonce-/);
    const scripts = inlineScripts(await response.text());
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) expect(scriptSrc, `${path}: ${script.body.slice(0, 60)}`).toContain(sha256(script.body));
    expect(csp.get("img-src"), path).toEqual(["'self'", "https://www.googletagmanager.com"]);
    for (const name of ["connect-src", "style-src", "font-src", "object-src", "base-uri", "frame-ancestors", "form-action"])
      expect(csp.has(name), `${path} ${name}`).toBe(true);
    expect(headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
  }
});

test("a server-rendered page carries a fresh nonce in its policy and on every inline script", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/contact", "/no-such-page", "/auth/login", "/contact"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const scriptSrc = directives(headers["content-security-policy"]).get("script-src") ?? [];
    const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
    expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22,}={0,2}$/);
    expect(scriptSrc.join(" "), path).not.toContain("'unsafe-inline'");
    nonces.add(nonce!);
    const scripts = inlineScripts(await response.text());
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) expect(script.attrs, `${path}: ${script.body.slice(0, 60)}`).toContain(`nonce="${nonce}"`);
    expect(headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
  }
  expect(nonces.size).toBe(4);
});

test("the policy blocks an injected script, and the guard of every browser test sees it", async ({ page, cspViolations }) => {
  await page.goto("/services/voip");
  await hydrated(page);
  await page.evaluate(() => {
    const inline = document.createElement("script");
    inline.textContent = "window.__injected = true;";
    document.body.append(inline);
    const external = document.createElement("script");
    external.src = "https://evil.example/steal.js";
    document.body.append(external);
  });
  await expect.poll(() => cspViolations.length).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(cspViolations.join("\n")).toContain("script-src-elem blocked https://evil.example/steal.js");
  expect(cspViolations.join("\n")).toContain("script-src-elem blocked inline");
  cspViolations.length = 0; // provoked on purpose: not a failure of this test
});

test("a test whose page breaks the policy fails without asking (the guard is automatic)", async ({ page }) => {
  test.fail(true, "the injected image must be reported by the CSP guard, which then fails this test");
  await page.goto("/about");
  await hydrated(page);
  await page.evaluate(() => {
    const img = new Image();
    img.src = "https://tracker.example/pixel.png";
    document.body.append(img);
  });
  await page.waitForTimeout(300);
});

test("the admin area works under the policy (editor preview, graphics uploader) with a nonce", async ({ page }) => {
  await signIn(page, E2E_USERS.admin, { to: "/admin/graphics" });
  await expect(page.getByText("Drop images here, or choose files.")).toBeVisible(); // hydrated, so its scripts ran
  await page.goto("/admin/docs/new");
  await page.getByLabel("Body (Markdown)").fill("# Heading\n\nSome *text* and ![Our logo](/logo.png)");
  const preview = page.getByRole("region", { name: "Rendered document" });
  await expect(preview.getByRole("heading", { level: 2, name: "Heading" })).toBeVisible();
  await expect(preview.getByRole("img", { name: "Our logo" })).toHaveJSProperty("complete", true);
});

test("the policy of sign-in, the admin area, the account and the document viewers leaves out the tag manager; a public page reached from there never tries to load it", async ({
  page,
}) => {
  const tagManager = "https://www.googletagmanager.com";
  const policyOf = async (path: string) => (await page.request.get(path, { maxRedirects: 0 })).headers()["content-security-policy"] ?? "";
  expect(await policyOf("/auth/login")).not.toContain(tagManager);
  await signIn(page, E2E_USERS.admin);
  for (const path of [
    "/admin",
    "/admin/leads",
    "/account",
    "/mloe/no-such-document",
    "/ste/no-such-document",
    "/auth/login",
    "/admin/no-such-page",
  ]) {
    const policy = await policyOf(path);
    expect(directives(policy).get("script-src")?.[0], path).toBe("'self'");
    expect(policy, path).not.toContain(tagManager);
  }
  // Public pages, from memory and rendered per request, still allow it (the test server sets GTM_ID).
  for (const path of ["/", "/contact"]) expect(await policyOf(path), path).toContain(tagManager);
  // Answers that are not pages never do: JSON, the events endpoint's refusals, XML, a page's data.
  for (const path of ["/api/session", "/api/auth/get-session", "/api/events", "/sitemap.xml", "/blog/rss.xml", "/about.data"])
    expect(await policyOf(path), path).not.toContain(tagManager);

  // A document opened on /admin keeps its policy when a link leads to the home page inside it:
  // the tag manager is not requested there (the guard of every browser test fails on a violation).
  const requested: string[] = [];
  await page.route(`${tagManager}/**`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  await page.goto("/admin");
  await hydrated(page);
  await page.locator('header a[href="/"]').first().click();
  await expect(page).toHaveURL(/\/$/);
  await hydrated(page);
  await page.waitForTimeout(3500); // the tag manager would start when the browser is idle (at most 3 s)
  expect(requested).toEqual([]);
});
