/**
 * Insights' collection in a real browser (docs/requirements/insights.md#insights): the page's own events
 * reach POST /api/events and are taken; a browser asking not to be tracked sends nothing.
 * Playwright's Chromium says "HeadlessChrome", which the server drops as a bot: these visits
 * carry an ordinary phone browser's User-Agent.
 */
import { expect, test, type Page, type Request } from "./fixtures";
import { hydrated } from "./helpers";

const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

test.use({ userAgent: PHONE_BROWSER, viewport: { width: 390, height: 844 } });

/** Makes the page hidden, as a phone does when the visitor switches away. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });

test("a visit's page view, with its campaign, is sent when the page is hidden and the site takes it", async ({ page }) => {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") sent.push(request);
  });
  await page.goto("/services/managed-it?utm_source=newsletter&utm_medium=email&utm_campaign=fall-2026");
  await hydrated(page);
  await page.waitForTimeout(500); // the sender loads once the page is idle
  await hide(page);
  await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const body = JSON.parse(sent[0].postData() ?? "{}") as { width: number; events: Record<string, unknown>[] };
  expect(body.width).toBe(390);
  expect(body.events).toContainEqual(
    expect.objectContaining({
      kind: "page_view",
      path: "/services/managed-it",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "fall-2026",
    }),
  );
  // Nothing that identifies the visitor goes out: no query string, no cookie.
  expect(JSON.stringify(body)).not.toContain("?");
  expect((await sent[0].allHeaders()).cookie).toBeUndefined();
  expect((await sent[0].response())?.status()).toBe(202);
});

test("with Global Privacy Control, the page sends nothing", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") sent.push(request.url());
  });
  await page.goto("/services/managed-it");
  await hydrated(page);
  await page.waitForTimeout(500);
  await hide(page);
  await page.waitForTimeout(1_500);
  expect(sent).toEqual([]);
});
