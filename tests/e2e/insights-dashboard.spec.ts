/**
 * /admin/insights in a real browser (docs/requirements/insights.md#insights-dashboard): a visit sent to
 * POST /api/events shows up, a campaign's row filters the whole page (in the address), a table
 * downloads as CSV, and a staff member without the admin role is refused. Events carry an
 * ordinary browser's User-Agent: the server drops headless Chromium's as a bot.
 */
import { readFile } from "node:fs/promises";

import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test, type APIRequestContext } from "./fixtures";
import { ownClientAddressPerTest, randomClientAddress } from "./helpers";

const DESKTOP_BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

ownClientAddressPerTest(test);

/**
 * One visit from a fresh address: a page view from a campaign, a Web Vital, a phone tap, and the
 * contact form sent from the same address (the site counts the contact request from the lead it
 * stores, not from what a browser says: a browser's own form_submit is not taken).
 */
async function sendVisit(request: APIRequestContext, campaign: string) {
  const utm = { utm_source: "e2e-newsletter", utm_medium: "email", utm_campaign: campaign };
  const headers = { origin: E2E_ORIGIN, "user-agent": DESKTOP_BROWSER, "x-forwarded-for": randomClientAddress() };
  const response = await request.post("/api/events", {
    headers,
    data: {
      width: 1280,
      events: [
        { kind: "page_view", path: "/services/managed-it", referrer: "https://www.bing.com/search?q=it", ...utm },
        { kind: "web_vital", path: "/services/managed-it", metric: "LCP", value: 1800, rating: "good", ...utm },
        { kind: "page_view", path: "/contact", ...utm },
        { kind: "form_submit", path: "/contact", ...utm },
        { kind: "phone_call", path: "/contact", click_location: "header", ...utm },
      ],
    },
  });
  expect(response.status()).toBe(202);
  const lead = await request.post("/contact", {
    headers,
    form: {
      full_name: "Dana Whitfield",
      email: "dana@whitfield-dental.example",
      company: `Insights ${campaign}`,
      message: "Our computers freeze.",
    },
  });
  expect(lead.status()).toBe(200);
}

test("an administrator sees a visit, filters the page by its campaign with one click, and downloads a table", async ({ page }) => {
  test.slow();
  const campaign = `e2e-spring-${Date.now().toString(36)}`;
  await sendVisit(page.request, campaign);
  await signIn(page, E2E_USERS.admin, { to: "/admin/insights" });
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  // Events are written within a second or two.
  const campaignLink = page.getByRole("region", { name: "Campaigns that bring contact" }).getByRole("link", { name: `“${campaign}”` });
  await expect(async () => {
    await page.reload();
    await expect(campaignLink).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/insights-1280.png", fullPage: true });

  await campaignLink.click();
  await expect(page).toHaveURL((url) => url.searchParams.get("campaign") === campaign);
  const filters = page.getByRole("group", { name: "Filters" });
  await expect(filters.getByRole("link", { name: new RegExp(`Campaign: ${campaign}`) })).toBeVisible();
  // Every figure is this one visit's now.
  const totals = page.getByRole("region", { name: "Totals" });
  await expect(totals.getByText("Visits", { exact: true }).locator("..")).toContainText("1");
  await expect(totals.getByText("Page views", { exact: true }).locator("..")).toContainText("2");
  await expect(totals.getByText("Conversion rate", { exact: true }).locator("..")).toContainText("100%");
  const pages = page.getByRole("region", { name: "Top pages" });
  await expect(pages.getByRole("row")).toHaveCount(3); // the heading row and two pages
  await expect(page.getByRole("region", { name: "Referring sites" }).getByRole("link", { name: "“www.bing.com”" })).toBeVisible();
  // One visitor brought it: marked, as anyone's words.
  await expect(page.getByRole("region", { name: "Referring sites" }).getByText("(1 visitor only)")).toBeVisible();
  await expect(page.getByText(/Largest Contentful Paint/)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Where phone and e-mail taps happen", exact: true }).getByRole("row", { name: "Phone: header 1" }),
  ).toBeVisible();

  // The CSV of the top pages, with the same filter.
  const [download] = await Promise.all([page.waitForEvent("download"), pages.getByRole("link", { name: /CSV/ }).click()]);
  expect(download.url()).toContain(`campaign=${campaign}`);
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toContain('"page","visitors","visits","pageviews"');
  expect(text).toContain("/services/managed-it");
  expect(text.split("\r\n").filter(Boolean)).toHaveLength(3);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/insights-390.png", fullPage: true });

  // Removing the chip shows every visit again.
  await filters.getByRole("link", { name: new RegExp(`Campaign: ${campaign}`) }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has("campaign"));
});

test("bad parameters get a message, not an error", async ({ page }) => {
  await signIn(page, E2E_USERS.admin, { to: "/admin/insights" });
  const response = await page.goto("/admin/insights?from=2026-05-10&to=2026-05-01&device=toaster");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("alert")).toContainText("The start date is after the end date");
  await expect(page.getByRole("alert")).toContainText("device filter must be mobile, tablet or desktop");
  const csv = await page.request.get("/admin/insights.csv?table=nope");
  expect(csv.status()).toBe(400);
  expect(await csv.text()).toContain("Unknown table");
  for (const query of ["?campaign=%00", `?page=${"x".repeat(5000)}`, "?from=99999-01-01", "?period=%E0%A4%A"]) {
    const answer = await page.request.get(`/admin/insights${query}`);
    expect(answer.status(), query).toBeLessThan(500);
  }
});

test("without the admin role the dashboard and its CSV are refused", async ({ browser, request }) => {
  const anonymous = await request.get("/admin/insights.csv?table=pages", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.staff, { to: "/" });
  const response = await page.goto("/admin/insights");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  const csv = await page.request.get("/admin/insights.csv?table=pages");
  expect(csv.status()).toBe(403);
  await context.close();
});
