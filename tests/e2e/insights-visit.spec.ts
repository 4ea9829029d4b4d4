/**
 * Insights from end to end (docs/requirements/insights.md#insights, #insights-dashboard): a real visit in
 * a browser, from a campaign and a search engine's link, that reads a service page and sends the
 * contact form, is on /admin/insights as that campaign's visit with one contact request, its
 * pages and their speed; the lead's own page says where it came from. A visit with Global Privacy
 * Control and a search robot's visit leave nothing there. The visitor's browser carries an
 * ordinary User-Agent: the server drops headless Chromium's as a bot.
 */
import { E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { hydrated, randomClientAddress } from "./helpers";
import { fillContactForm, runMarker, VALID } from "./leads-helpers";

const SEARCH_ROBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/140.0.0.0 Safari/537.36";
const DESKTOP_BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/** Waits until the page's Web Vitals reporter and Insights' sender have loaded (once the page is idle). */
async function senderLoaded(page: Page, modules = [/\/web-vitals-[^/]*\.js$/, /\/insights-beacon-[^/]*\.js$/]): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (sources) => {
          const loaded = performance.getEntriesByType("resource").map((r) => r.name);
          return sources.every((source) => loaded.some((name) => new RegExp(source).test(name)));
        },
        modules.map((m) => m.source),
      ),
    )
    .toBe(true);
}

/** The page is hidden, as when its visitor leaves: the sender sends what it holds. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });

/** Waits until the page's events have been taken by the server. */
async function sendEvents(page: Page): Promise<void> {
  await senderLoaded(page);
  const taken = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events" && r.status() === 202);
  await hide(page);
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
  // The contact request is counted by the server when it stores the lead: nothing more to send.
  await visitor.close();

  const admin = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const dashboard = await admin.newPage();
  await signIn(dashboard, E2E_USERS.admin, { to: `/admin/insights?period=today&campaign=${campaign}` });
  const totals = dashboard.getByRole("region", { name: "Totals" });
  const figure = (name: string) => totals.getByText(name, { exact: true }).locator("..");
  // Events are written in batches within a second or two: the page views may be in before the
  // form's submission, so the page is reloaded until both are there.
  await expect(async () => {
    await dashboard.reload();
    await expect(figure("Page views")).toContainText("3", { timeout: 1_000 });
    await expect(dashboard.getByText("Contact requests", { exact: true }).locator("..")).toContainText("1", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(figure("Visits")).toContainText("1");
  await expect(figure("Visitors")).toContainText("1");
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

test("a visit with Global Privacy Control and a robot's visit leave nothing on the dashboard", async ({ browser }) => {
  test.slow();
  const run = Date.now().toString(36);
  const campaigns = { gpc: `e2e-gpc-${run}`, robot: `e2e-robot-${run}`, counted: `e2e-counted-${run}` };
  const sent: string[] = [];
  /** Lands on / from `campaign`, reads a service page, and leaves; each page is hidden before the next, as a tab switch would. */
  async function visit(campaign: string, options: { userAgent?: string; gpc?: boolean }) {
    const context = await browser.newContext({
      userAgent: options.userAgent,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { "x-forwarded-for": randomClientAddress(), ...(options.gpc ? { "sec-gpc": "1" } : {}) },
    });
    if (options.gpc)
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const page = await context.newPage();
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/events") sent.push(`${campaign} ${request.headers()["user-agent"] ?? ""}`);
    });
    for (const path of [`/?utm_source=e2e&utm_medium=cpc&utm_campaign=${campaign}`, "/services/managed-it"]) {
      await page.goto(path);
      await hydrated(page);
      await senderLoaded(page, [/\/insights-beacon-[^/]*\.js$/]);
      await hide(page);
    }
    return { context, page };
  }

  // Global Privacy Control: the browser sends nothing, and the server drops what a page would send anyway.
  const gpc = await visit(campaigns.gpc, { userAgent: DESKTOP_BROWSER, gpc: true });
  const forced = await gpc.page.request.post("/api/events", {
    headers: { origin: new URL(gpc.page.url()).origin, "content-type": "application/json", "sec-gpc": "1" },
    data: JSON.stringify({ width: 1280, events: [{ kind: "page_view", path: "/", utm_campaign: campaigns.gpc }] }),
  });
  expect(forced.status()).toBe(204);
  await gpc.context.close();
  expect(sent.filter((s) => s.startsWith(campaigns.gpc))).toEqual([]);
  // A robot that runs scripts (a search engine's renderer): its events are sent, and dropped by the server.
  const robot = await visit(campaigns.robot, { userAgent: SEARCH_ROBOT });
  await expect.poll(() => sent.some((s) => s.startsWith(campaigns.robot) && s.includes("Googlebot"))).toBe(true);
  await robot.context.close();
  // An ordinary visit after both: once it is on the dashboard, anything sent before it would be too.
  const counted = await visit(campaigns.counted, { userAgent: DESKTOP_BROWSER });
  await expect.poll(() => sent.some((s) => s.startsWith(campaigns.counted))).toBe(true);
  await counted.context.close();

  const admin = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const dashboard = await admin.newPage();
  /** A total's figure (the value under its name). */
  const figure = (name: string) =>
    dashboard.getByRole("region", { name: "Totals" }).getByText(name, { exact: true }).locator("..").locator("dd").first();
  await signIn(dashboard, E2E_USERS.admin, { to: `/admin/insights?period=today&campaign=${campaigns.counted}` });
  await expect(async () => {
    await dashboard.reload();
    await expect(figure("Page views")).toHaveText("2", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  for (const campaign of [campaigns.gpc, campaigns.robot]) {
    await dashboard.goto(`/admin/insights?period=today&campaign=${campaign}`);
    await expect(dashboard.getByRole("heading", { name: "Insights" })).toBeVisible();
    await expect(figure("Page views")).toHaveText("0");
    await expect(figure("Visits")).toHaveText("0");
  }
  await admin.close();
});
