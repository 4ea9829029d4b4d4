import type { Page } from "@playwright/test";
import { publicPages } from "../../app/content/routes-index";
import { site } from "../../app/config/site";

export { publicPages, site };

export const BRAND_SUFFIX = ` | ${site.brand}`;

/** The analytics events pushed so far. */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => typeof e === "object"));
}

/** Wait until React has hydrated the page (the layout's effects have run). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.some((e) => e.event === "page_view"));
}

/** Stop tel: and mailto: links from leaving the page, after the site's own listeners ran. */
export async function keepContactLinksOnPage(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.addEventListener("click", (e) => {
      const a = (e.target as Element).closest("a");
      if (a && /^(tel|mailto):/.test(a.getAttribute("href") ?? "")) e.preventDefault();
    }),
  );
}
