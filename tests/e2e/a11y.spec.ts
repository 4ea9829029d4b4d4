import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { publicPages, reactHydrated } from "./helpers";

const pages = [...publicPages().map((p) => p.path), "/500", "/no-such-page", "/auth/login"];

for (const width of [1280, 390]) {
  test.describe(`axe at ${width} px`, () => {
    for (const path of pages) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ browser }) => {
        // axe needs a page from newContext(), not browser.newPage() (STACK.md).
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
        const page = await context.newPage();
        await page.goto(path);
        // Hydrated: public pages have pushed their page view; sign-in pushes no analytics.
        if (path.startsWith("/auth/")) await reactHydrated(page);
        else await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        const summary = results.violations.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")})`,
        );
        expect(summary).toEqual([]);
        await context.close();
      });
    }
  });
}
