import { E2E_SITE_URL } from "./config";
import { expect, test } from "./fixtures";
import { publicPages } from "./helpers";

test("no broken internal link or asset on any public page", async ({ request }) => {
  test.setTimeout(120_000);
  const targets = new Map<string, string>();
  for (const { path } of publicPages()) {
    const html = await (await request.get(path)).text();
    for (const [, href] of html.matchAll(/(?:href|src|poster)="([^"]+)"/g)) {
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      const target = href.split("#")[0].replace(/&amp;/g, "&");
      if (target && !targets.has(target)) targets.set(target, path);
    }
  }
  expect(targets.size).toBeGreaterThan(40);
  const broken: string[] = [];
  for (const [target, from] of targets) {
    const status = (await request.get(target, { maxRedirects: 0 })).status();
    if (status !== 200) broken.push(`${target} (${status}, linked from ${from})`);
  }
  expect(broken).toEqual([]);
});

test("sitemap.xml lists exactly the public routes, and the published posts, as absolute URLs on SITE_URL", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  const all = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  // Posts other tests publish meanwhile are listed too: each one must be a page that answers.
  const post = new RegExp(`^${E2E_SITE_URL}/blog/[a-z0-9-]+$`);
  for (const loc of all.filter((l) => post.test(l))) expect((await request.get(new URL(loc).pathname)).status(), loc).toBe(200);
  const locs = all.filter((l) => !post.test(l)).sort();
  const expected = publicPages()
    .map((p) => new URL(p.path, E2E_SITE_URL).toString())
    .sort();
  expect(locs).toEqual(expected);
  for (const privatePath of ["/admin", "/auth", "/mloe", "/ste", "/500"]) expect(xml).not.toContain(`${E2E_SITE_URL}${privatePath}`);
});

test("robots.txt allows the site, keeps crawlers out of private areas and names the sitemap", async ({ request }) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).toContain("User-agent: *");
  for (const p of ["/admin/", "/auth/", "/mloe/", "/ste/"]) expect(text).toContain(`Disallow: ${p}`);
  expect(text).toContain(`Sitemap: ${E2E_SITE_URL}/sitemap.xml`);
});

test("the HTML sitemap links every public page", async ({ page }) => {
  await page.goto("/sitemap");
  const hrefs = await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  for (const { path } of publicPages()) expect(hrefs).toContain(path);
});

async function jsonLdTypes(request: import("@playwright/test").APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

test("structured data: Organization everywhere, and the right type per page family", async ({ request }) => {
  const types = async (path: string) => (await jsonLdTypes(request, path)).map((o) => o["@type"]);
  expect(await types("/")).toEqual(["Organization"]);
  expect(await types("/services/cybersecurity")).toEqual(expect.arrayContaining(["Organization", "BreadcrumbList", "Service"]));
  expect(await types("/indianapolis-it-support")).toEqual(expect.arrayContaining(["Organization", "BreadcrumbList", "LocalBusiness"]));
  expect(await types("/faq")).toEqual(expect.arrayContaining(["Organization", "BreadcrumbList", "FAQPage"]));
  expect(await types("/industries/healthcare")).toEqual(expect.arrayContaining(["Organization", "BreadcrumbList"]));

  const local = (await jsonLdTypes(request, "/clarksville-tn-it-support")).find((o) => o["@type"] === "LocalBusiness")!;
  expect(local.address).toMatchObject({ addressLocality: "Clarksville", addressRegion: "TN" });
  const crumbs = (await jsonLdTypes(request, "/services/voip")).find((o) => o["@type"] === "BreadcrumbList")!;
  expect((crumbs.itemListElement as { item: string }[]).map((i) => i.item)).toEqual([
    `${E2E_SITE_URL}/`,
    `${E2E_SITE_URL}/services`,
    `${E2E_SITE_URL}/services/voip`,
  ]);
});

test("pages that show testimonials carry no review markup, and their JSON-LD stays valid", async ({ request }) => {
  // The seed's testimonials: on the home page, a service page and an industry page they name.
  for (const path of ["/", "/services/managed-it", "/industries/healthcare"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<figure[^>]*>[\s\S]*?<blockquote/);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]);
    expect(blocks.length, path).toBeGreaterThan(0);
    for (const block of blocks) {
      const data = JSON.parse(block) as Record<string, unknown>;
      expect(data["@context"], path).toBe("https://schema.org");
      expect(typeof data["@type"], path).toBe("string");
      expect(block, path).not.toMatch(/"(Review|AggregateRating|reviewRating|ratingValue)"|"review"\s*:/);
    }
    // Nor as microdata or RDFa in the markup.
    expect(html, path).not.toMatch(/schema\.org\/(Review|AggregateRating)|itemprop="(review|aggregateRating|reviewRating)"/);
  }
});
