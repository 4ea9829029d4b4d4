/**
 * The server-rendered pages (the staff area, sign-in, the contact form) meet the same bar as the
 * public pages served from memory (html-validity.spec.ts): no axe WCAG 2.2 AA violations at
 * desktop and phone widths, and valid HTML.
 */
import { axeViolations } from "./axe";
import { E2E_USERS } from "./config";
import { expect, signIn, test } from "./fixtures";
import { adminScreens, nuErrors, ownClientAddressPerTest } from "./helpers";

ownClientAddressPerTest(test);

/** The admin area's screens (from its menu and the route table) and the signed-in user's own pages. */
const STAFF_PAGES = [...adminScreens(), "/account", "/account/two-factor"];
const PUBLIC_SERVER_PAGES = [
  "/auth/login",
  "/auth/two-factor",
  "/auth/forgot-password",
  "/auth/reset-password",
  "/contact",
  "/contact?service=cybersecurity",
];

for (const width of [1280, 390]) {
  test(`staff pages have no WCAG 2.2 AA violations at ${width} px and are no wider than the screen`, async ({ browser }) => {
    test.setTimeout(120_000); // every admin screen, each scanned by axe
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await signIn(page, E2E_USERS.admin);
    for (const path of STAFF_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await axeViolations(page, { bestPractice: true }), path).toEqual([]);
      // Wide tables scroll inside their own region; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} is wider than the screen`).toBe(
        0,
      );
    }
    await context.close();
  });
}

test("server-rendered pages pass the W3C Nu HTML checker", async ({ page }) => {
  const documents: Record<string, string> = {};
  for (const path of PUBLIC_SERVER_PAGES) documents[path] = await (await page.request.get(path)).text();
  await signIn(page, E2E_USERS.admin);
  for (const path of STAFF_PAGES) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    documents[path] = await response.text();
  }
  expect(await nuErrors(documents)).toEqual([]);
});
