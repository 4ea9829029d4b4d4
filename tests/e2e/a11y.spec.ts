import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { publicPages, reactHydrated } from "./helpers";

const pages = [...publicPages().map((p) => p.path), "/500", "/no-such-page", "/auth/login"];

for (const width of [1280, 390]) {
  test.describe(`axe at ${width} px`, () => {
    for (const path of pages) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ browser }) => {
        // axe needs a page from newContext(), not browser.newPage().
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
        const page = await context.newPage();
        await page.goto(path);
        // Hydrated: public pages have pushed their page view; sign-in pushes no analytics.
        if (path.startsWith("/auth/")) await reactHydrated(page);
        else await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
        expect(await axeViolations(page, { bestPractice: true })).toEqual([]);
        await context.close();
      });
    }
  });
}
