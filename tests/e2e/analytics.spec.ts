import { E2E_GTM_ID, E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { dataLayer, hydrated, keepContactLinksOnPage, ownClientAddressPerTest, seedFacts } from "./helpers";

ownClientAddressPerTest(test);

const events = async (page: Page, name: string) => (await dataLayer(page)).filter((e) => e.event === name);

test("page_view on the first load and on every navigation, with title and location", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  let views = await events(page, "page_view");
  expect(views).toHaveLength(1);
  expect(views[0]).toEqual({ event: "page_view", page_title: await page.title(), page_location: page.url() });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(async () => (await events(page, "page_view")).length).toBe(2);
  views = await events(page, "page_view");
  expect(views[1]).toEqual({ event: "page_view", page_title: await page.title(), page_location: page.url() });
  expect(views[1].page_title).toMatch(/ \| Crossroads IT$/);
});

test("phone_call names where on the page the number was tapped", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await keepContactLinksOnPage(page);
  await page.getByTestId("top-bar").getByRole("link", { name: seedFacts.phones.support.display }).click();
  await page.locator("footer").getByRole("link", { name: seedFacts.phones.sales.display }).click();
  await page
    .locator("#hero-heading")
    .locator("..")
    .getByRole("link", { name: `Call ${seedFacts.phones.sales.display}` })
    .click();
  const calls = await events(page, "phone_call");
  expect(calls).toEqual([
    { event: "phone_call", click_location: "top_bar", phone_number: seedFacts.phones.support.e164, page_url: page.url() },
    { event: "phone_call", click_location: "footer", phone_number: seedFacts.phones.sales.e164, page_url: page.url() },
    { event: "phone_call", click_location: "hero", phone_number: seedFacts.phones.sales.e164, page_url: page.url() },
  ]);
});

test("email_click carries its location and page, never the address", async ({ page }) => {
  await page.goto("/contact");
  await hydrated(page);
  await keepContactLinksOnPage(page);
  await page.locator("footer").getByRole("link", { name: seedFacts.emails.general }).click();
  const clicks = await events(page, "email_click");
  expect(clicks).toEqual([{ event: "email_click", click_location: "footer", page_url: page.url() }]);
  expect(JSON.stringify(clicks)).not.toContain("@");
});

test("Web Vitals are reported to the dataLayer", async ({ page }) => {
  await page.goto("/services/managed-it");
  await hydrated(page);
  await expect
    .poll(async () => (await events(page, "web_vitals")).map((e) => e.metric_name), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(["FCP", "TTFB"]));
  const fcp = (await events(page, "web_vitals")).find((e) => e.metric_name === "FCP")!;
  expect(fcp.metric_value).toBeGreaterThan(0);
  expect(["good", "needs-improvement", "poor"]).toContain(fcp.metric_rating);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a real tap on the menu is measured: INP is reported when the page is hidden", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    // The reporter is loaded once the page is idle: it has run when FCP is in.
    await expect.poll(async () => (await events(page, "web_vitals")).map((e) => e.metric_name), { timeout: 10_000 }).toContain("FCP");
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.waitForTimeout(300); // the interaction's entry arrives after its next paint
    // What a phone does when the visitor switches away: the page becomes hidden.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    const inp = () => events(page, "web_vitals").then((all) => all.find((e) => e.metric_name === "INP"));
    await expect.poll(inp, { timeout: 5_000 }).toBeTruthy();
    // INP is only reported after an interaction. Event Timing counts in steps of 8 ms: a menu that
    // opens within about 4 ms of the tap (laid out ahead while the page was idle) reads 0.
    const reported = (await inp())!;
    expect(Number.isFinite(reported.metric_value)).toBe(true);
    expect(reported.metric_value).toBeGreaterThanOrEqual(0);
    expect(["good", "needs-improvement", "poor"]).toContain(reported.metric_rating);
  });
});

test.describe("the tag manager", () => {
  async function gtmRequested(page: Page, path = "/") {
    let requested = "";
    await page.route("https://www.googletagmanager.com/**", (route) => {
      requested = route.request().url();
      return route.fulfill({ contentType: "text/javascript", body: "window.__gtmLoaded = true;" });
    });
    await page.goto(path);
    // No touch: the page's gate loads it once the page is idle after load (at most 2 s), hydrated or not.
    await page.waitForTimeout(3500);
    return requested;
  }

  test("loads with the configured container when the browser sends no privacy signal, on a page nobody touches", async ({ page }) => {
    expect(await gtmRequested(page)).toContain(`id=${E2E_GTM_ID}`);
    expect((await dataLayer(page)).some((e) => e.event === "gtm.js")).toBe(true);
    expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(false);
  });

  test("does not load under Global Privacy Control", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    expect(await gtmRequested(page)).toBe("");
    // Events still stay on the page only: nothing sends them anywhere.
    expect((await dataLayer(page)).some((e) => e.event === "page_view")).toBe(true);
  });

  test("does not load under Do Not Track", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" }));
    expect(await gtmRequested(page)).toBe("");
  });
});

test("no analytics on /admin, /mloe, /ste and /auth, also after a client-side navigation from a public page", async ({ page }) => {
  test.setTimeout(90_000); // seven pages, each watched for the tag manager's idle-time start
  const gtmRequests: string[] = [];
  await page.route("https://www.googletagmanager.com/**", (route) => {
    gtmRequests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "window.__gtmLoaded = true;" });
  });
  const quiet = async (where: string) => {
    await hydrated(page);
    await page.waitForTimeout(3500); // the tag manager and Web Vitals start when the browser is idle (at most 3 s)
    expect(await dataLayer(page), where).toEqual([]);
    expect(await page.locator("#gtm-script").count(), where).toBe(0);
    expect(gtmRequests, where).toEqual([]);
  };

  // Loaded directly.
  await page.goto("/auth/login?redirectTo=%2Fadmin%2Fdocs");
  await quiet("sign-in page");
  await signIn(page, E2E_USERS.admin, { to: "/admin/docs" });
  await quiet("/admin/docs after signing in");
  for (const path of ["/admin/graphics", "/mloe/no-such-document", "/ste/no-such-document"]) {
    await page.goto(path);
    await quiet(path);
  }

  // From a public page, where the tag manager has loaded, into the admin area through the Admin menu.
  await page.goto("/about");
  await hydrated(page);
  await expect.poll(() => gtmRequests.length, { timeout: 5000 }).toBe(1);
  gtmRequests.length = 0;
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Admin" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leads" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await quiet("/admin/leads reached from /about");

  // And into sign-in from the footer's Login link, signed out.
  await page.context().clearCookies();
  await page.goto("/faq");
  await hydrated(page);
  await expect.poll(() => gtmRequests.length, { timeout: 5000 }).toBe(1);
  gtmRequests.length = 0;
  await page.locator("footer").getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await quiet("/auth/login reached from /faq");
});
