/**
 * The one axe audit of the browser tests: WCAG 2.0, 2.1 and 2.2 at levels A and AA
 * (docs/requirements/public-site.md#performance-and-accessibility), optionally with axe's best practices.
 *
 * In axe's "legacy" mode: axe.run in the page itself, instead of a run per frame finished in a
 * blank page that the builder opens for each audit. The same rules and results at half the time
 * (the suite runs about a hundred audits); what it gives up is auditing cross-origin frames, and
 * the site has no frames.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The page's violations as it is now, one line each (rule, help, its first three elements); [] when there are none. */
export async function axeViolations(page: Page, { bestPractice = false }: { bestPractice?: boolean } = {}): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(bestPractice ? [...WCAG_TAGS, "best-practice"] : WCAG_TAGS)
    .setLegacyMode()
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
}
