import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { hydrated, publicPages } from "./helpers";

const pages = [...publicPages().map((p) => p.path), "/500", "/no-such-page", "/auth/login"];
/**
 * At phone width, two pages of each template (services, industries, cities: one template each,
 * the same markup with other words) and every other page: what the narrow layout changes is the
 * template's, and the desktop pass has already read every page's own content.
 */
const family = (path: string) =>
  path.endsWith("-it-support") ? "city" : /^\/(services|industries)\/./.test(path) ? path.split("/")[1] : null;
const phonePages = pages.filter((path) => {
  const of = family(path);
  return of === null || pages.filter((p) => family(p) === of).indexOf(path) < 2;
});

for (const width of [1280, 390]) {
  test.describe(`axe at ${width} px`, () => {
    for (const path of width === 390 ? phonePages : pages) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ browser }) => {
        // axe needs a page from newContext(), not browser.newPage().
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
        const page = await context.newPage();
        await page.goto(path);
        // Hydrated (a key press starts it, ADR 013): public pages have pushed their page view; sign-in pushes no analytics.
        if (path.startsWith("/auth/")) await hydrated(page);
        else await hydrated(page);
        expect(await axeViolations(page, { bestPractice: true })).toEqual([]);
        await context.close();
      });
    }
  });
}
