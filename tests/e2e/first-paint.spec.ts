/**
 * First paint before hydration (ADR 013, docs/requirements.md#performance-and-accessibility):
 * the JS and CSS budgets of the built pages, and the order a browser loads things in. Lighthouse
 * itself stays in the bench (`BENCH_ONLY=paint npm run bench`).
 */
import { BUDGETS } from "../../scripts/bench/budgets.ts";
import { measureHtml, measurePage } from "../../scripts/bench/sizes.ts";
import { expect, test } from "./fixtures";
import { hydrated, reactHydrated } from "./helpers";

test("every page with a budget loads no more gzipped JS and CSS than its budget", async ({ request }) => {
  const over: string[] = [];
  for (const [path, budget] of Object.entries(BUDGETS)) {
    // Prerendered pages from build/client; the others (a form, the sign-in) as the server renders them.
    let sizes;
    try {
      sizes = measurePage(path);
    } catch {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      sizes = measureHtml(path, await response.text(), `GET ${path}`);
    }
    expect(sizes.missing, `${path}: files it names that the build lacks`).toEqual([]);
    expect(sizes.jsFiles.length, `${path}: its modules are found`).toBeGreaterThan(3);
    if (sizes.jsKb > budget.jsKb) over.push(`${path} JS ${sizes.jsKb} KB > ${budget.jsKb} KB`);
    if (sizes.cssKb > budget.cssKb) over.push(`${path} CSS ${sizes.cssKb} KB > ${budget.cssKb} KB`);
  }
  expect(over, "over budget (scripts/bench/budgets.ts)").toEqual([]);
});

for (const path of ["/services/managed-it", "/contact"]) {
  test(`${path} paints before any script or web font downloads, then hydrates`, async ({ page }) => {
    const response = await page.goto(path);
    expect(await response?.text()).not.toMatch(/<link[^>]*rel="modulepreload"/);
    await hydrated(page); // its page_view: React's effects ran
    await reactHydrated(page);
    const { fcp, late } = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const watched = resources.filter((r) => /\/assets\/.+\.(js|woff2)$/.test(new URL(r.name).pathname));
      return {
        fcp: paint?.startTime ?? null,
        late: watched.map((r) => ({ url: new URL(r.name).pathname, start: r.startTime })),
      };
    });
    expect(fcp, "a first contentful paint was recorded").not.toBeNull();
    expect(
      late.some((r) => r.url.endsWith(".js")),
      "its modules were loaded",
    ).toBe(true);
    expect(
      late.some((r) => r.url.endsWith(".woff2")),
      "the web font was loaded",
    ).toBe(true);
    expect(
      late.filter((r) => r.start < fcp!),
      "requested before the first contentful paint",
    ).toEqual([]);
    // Once loaded, the text is in Inter, not in its fallback.
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family.includes("Inter Variable") && f.status === "loaded")))
      .toBe(true);
  });
}
