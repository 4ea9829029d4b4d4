import { testimonials } from "../../app/content/testimonials";
import { E2E_SITE_URL } from "./config";
import { expect, test } from "./fixtures";
import { BRAND_SUFFIX, hydrated, publicPages, seedFacts, site } from "./helpers";

test.describe("every public route", () => {
  for (const { path } of publicPages()) {
    test(`${path} answers 200 with its heading, title, description, robots and canonical`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
      const title = await page.title();
      expect(title.includes(site.brand)).toBe(true);
      if (path !== "/") expect(title.endsWith(BRAND_SUFFIX)).toBe(true);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThan(50);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL(path, E2E_SITE_URL).toString());
      // The page's own social card (tests/e2e/social-cards.spec.ts fetches each one).
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https:\/\/.+\/og\/.+\.png\?v=[0-9a-z]+$/);
    });
  }
});

test("titles and descriptions are unique across public pages", async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const { path } of publicPages()) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
    expect(titles.get(title), `title of ${path} repeats`).toBeUndefined();
    expect(descriptions.get(description), `description of ${path} repeats`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
  }
});

test("an unknown path answers 404 with the not-found page, noindex", async ({ page }) => {
  for (const path of ["/no-such-page", "/services/no-such-service", "/industries/nope", "/a/b/c"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can’t find that page");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page).toHaveTitle(`Page not found${BRAND_SUFFIX}`);
    await expect(page.getByRole("link", { name: "Get Started" }).first()).toBeVisible();
  }
});

test("/500 shows the branded server-error page, noindex", async ({ page }) => {
  const response = await page.goto("/500");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong on our side");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
});

test("an unexpected error answers 500 with the branded page and no stack trace", async ({ request }) => {
  const response = await request.get("/__test/fault");
  expect(response.status()).toBe(500);
  const body = await response.text();
  expect(body).toContain("Something went wrong on our side");
  expect(body).not.toContain("Injected fault");
  expect(body).not.toMatch(/at .+\.(js|ts):\d+/);
});

test("the home page has its sections in the required order", async ({ page }) => {
  await page.goto("/");
  const ids = await page.locator("main section[id]").evaluateAll((els) => els.map((e) => e.id));
  expect(ids).toEqual(["pain-points", "services", "industries", "locations", "stats", "testimonials", "approach", "compliance"]);
  for (const stat of seedFacts.trustStats) await expect(page.locator("#stats")).toContainText(stat.value);
  await expect(page.locator("#approach h3")).toHaveText([/Assessment/, /Strategy/, /Implementation/, /Optimization/]);
  for (const badge of seedFacts.compliance) await expect(page.locator("#compliance")).toContainText(badge);
  await expect(page.locator("#services li")).toHaveCount(12);
  // The seed's testimonials marked for the home page, each a figure of its quote and who said it.
  const figures = page.locator("#testimonials figure");
  await expect(figures).toHaveCount(testimonials.filter((t) => t.onHome).length);
  await expect(figures.first().locator("blockquote")).toBeVisible();
  await expect(figures.first().locator("figcaption")).toContainText("(sample)");
});

test("the hero video has a poster, a pause button, and does not play under reduced motion", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/");
  const video = page.locator("video");
  await expect(video).toHaveAttribute("poster", /hero-poster/);
  await hydrated(page); // the clip starts once the page has hydrated, at the first key or pointer (ADR 013)
  await page.waitForTimeout(300);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await context.close();

  const moving = await browser.newContext({ reducedMotion: "no-preference" });
  const page2 = await moving.newPage();
  await page2.goto("/");
  await hydrated(page2);
  const pause = page2.getByRole("button", { name: "Pause background video" });
  await expect(pause).toBeVisible();
  await pause.click();
  await expect(page2.getByRole("button", { name: "Play background video" })).toBeVisible();
  expect(await page2.locator("video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await moving.close();
});
