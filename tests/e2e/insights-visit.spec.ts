/**
 * Insights from end to end (docs/requirements.md#insights, #insights-dashboard): a real visit in
 * a browser, from a campaign and a search engine's link, that reads a service page and sends the
 * contact form, is on /admin/insights as that campaign's visit with one contact request, its
 * pages and their speed; the lead's own page says where it came from. The visitor's browser
 * carries an ordinary User-Agent: the server drops headless Chromium's as a bot.
 */
import { E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { hydrated, randomClientAddress } from "./helpers";
import { fillContactForm, runMarker, VALID } from "./leads-helpers";

const DESKTOP_BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/**
 * Waits until the page's events have been taken by the server: the Web Vitals reporter and
 * Insights' sender load once the page is idle, and the sender sends when the page is hidden.
 */
async function sendEvents(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const loaded = performance.getEntriesByType("resource").map((r) => r.name);
        return [/\/web-vitals-[^/]*\.js$/, /\/insights-beacon-[^/]*\.js$/].every((module) => loaded.some((name) => module.test(name)));
      }),
    )
    .toBe(true);
  const taken = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events" && r.status() === 202);
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await taken;
}

test("a campaign's visit that reads a service page and sends the contact form is on the dashboard with its lead, and the lead says where it came from", async ({
  browser,
}) => {
  test.slow();
  const campaign = `e2e-visit-${Date.now().toString(36)}`;
  const company = runMarker("Insights Visit Co");
  const visitor = await browser.newContext({
    userAgent: DESKTOP_BROWSER,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() },
  });
  const page = await visitor.newPage();
  await page.goto(`/?utm_source=e2e-ads&utm_medium=cpc&utm_campaign=${campaign}`, { referer: "https://www.bing.com/search?q=managed+it" });
  await hydrated(page);
  await sendEvents(page);
  for (const path of ["/services/managed-it", "/contact"]) {
    await page.goto(path);
    await hydrated(page);
    await sendEvents(page);
  }
  await fillContactForm(page, { ...VALID, company });
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We have your request" })).toBeVisible();
  await sendEvents(page);
  await visitor.close();

  const admin = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const dashboard = await admin.newPage();
  await signIn(dashboard, E2E_USERS.admin, { to: `/admin/insights?period=today&campaign=${campaign}` });
  const totals = dashboard.getByRole("region", { name: "Totals" });
  const figure = (name: string) => totals.getByText(name, { exact: true }).locator("..");
  // Events are written within a second or two.
  await expect(async () => {
    await dashboard.reload();
    await expect(figure("Page views")).toContainText("3", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(figure("Visits")).toContainText("1");
  await expect(figure("Visitors")).toContainText("1");
  await expect(dashboard.getByText("Contact requests", { exact: true }).locator("..")).toContainText("1");
  await expect(dashboard.getByRole("region", { name: "Top pages" }).getByRole("link", { name: "/services/managed-it" })).toBeVisible();
  await expect(dashboard.getByRole("region", { name: "Entry pages" }).getByRole("link", { name: "/", exact: true })).toBeVisible();
  await expect(dashboard.getByRole("region", { name: "Referring sites" }).getByRole("link", { name: "www.bing.com" })).toBeVisible();
  // The pages' own speed, measured in the visitor's browser.
  await expect(
    dashboard.getByRole("region", { name: "Speed by page" }).getByRole("rowheader", { name: "/services/managed-it" }).first(),
  ).toBeVisible();

  // The lead: its page says which campaign and which site brought the visit.
  await dashboard.goto(`/admin/leads?status=all&q=${encodeURIComponent(company)}`);
  await dashboard
    .getByRole("link", { name: new RegExp(VALID.full_name) })
    .first()
    .click();
  const source = dashboard.getByRole("region", { name: "Where it came from" });
  await expect(source).toContainText(campaign);
  await expect(source).toContainText("www.bing.com");
  await expect(source).toContainText(`/?utm_source=e2e-ads&utm_medium=cpc&utm_campaign=${campaign}`);
  await admin.close();
});
