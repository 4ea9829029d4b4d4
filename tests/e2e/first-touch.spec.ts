/**
 * The visitor's first touch (ADR 013, amendment of 2026-11-29; docs/requirements/public-site.md#performance-and-accessibility):
 * a tap that comes while the page hydrates is answered natively, not after the rest of
 * hydration; a page read and left untouched still gives the tag manager its page view; the
 * header's scroll state is right from the first paint.
 */
import { swipeThenTap } from "../../scripts/bench/swipe-tap.ts";
import { E2E_PORT } from "./config";
import { expect, test } from "./fixtures";
import { dataLayer } from "./helpers";

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 } as const;

/**
 * A probe of the moment hydration begins: the first time React adds its listeners to the
 * document, right after that task (a microtask), a press on the page's text, as a tap would send
 * it. Recorded: whether the press reached a listener on the document (where React listens), and
 * how long its handlers took. React used to answer such a press by doing the rest of hydration at
 * once, inside it.
 */
const PROBE = `(() => {
  let reached = false;
  document.addEventListener("pointerdown", () => (reached = true), true);
  const add = EventTarget.prototype.addEventListener;
  let probed = false;
  EventTarget.prototype.addEventListener = function (...args) {
    if (!probed && this === document && Object.keys(document).some((k) => k.startsWith("_reactListening"))) {
      probed = true;
      queueMicrotask(() => {
        reached = false;
        const start = performance.now();
        document.querySelector("main p").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, cancelable: true, composed: true, pointerType: "touch", isPrimary: true }));
        window.__probe = { ms: performance.now() - start, reachedReact: reached };
      });
    }
    return add.apply(this, args);
  };
})();`;

test.describe("on a phone", () => {
  test.use(PHONE);

  test("taps 0.4 to 0.8 s after the first swipe, on a slow phone, do none of hydration's work and open the menu", async ({ browser }) => {
    test.setTimeout(90_000);
    const url = `http://127.0.0.1:${E2E_PORT}/`;
    for (const delayMs of [400, 500, 600, 700, 800]) {
      const run = await swipeThenTap(browser, url, delayMs);
      expect(run.opened, `tap ${delayMs} ms after the swipe: the menu opened`).toBe(true);
      // Before: a tap 600-700 ms after the swipe came while the page hydrated, and React did the
      // rest of hydration inside it: 150-195 ms of handlers on Lighthouse's mobile profile, the
      // menu shown 280-370 ms after the touch. Now: a few milliseconds.
      expect(run.processingMs ?? 0, `tap ${delayMs} ms after the swipe (${run.state} hydration): its handlers' time in ms`).toBeLessThan(
        40,
      );
    }
  });

  test("a press the moment hydration begins does not reach React, so React does none of hydration inside it", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(PROBE);
    await page.goto("/");
    await page.mouse.move(100, 300); // the first input: the page hydrates
    // Hydrated: React has the page's elements (a wait that a build without `data-hydrated` knows too).
    await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactProps")));
    const probe = (await page.evaluate("window.__probe")) as { ms: number; reachedReact: boolean };
    // Before: the press reached React's listener on the document, which spent 12-21 ms on it
    // before giving up until its next task.
    expect(probe.reachedReact, `the press reached the document's listeners (its handlers took ${probe.ms} ms)`).toBe(false);
    expect(probe.ms).toBeLessThan(8);
  });

  test("the phone menu tapped while the page hydrates opens, and is React's once hydrated", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.goto("/services/managed-it");
    await page.waitForTimeout(1500);
    const button = page.getByRole("button", { name: "Open menu" });
    const box = (await button.boundingBox())!;
    // A key press starts hydration; the tap follows at once.
    await page.keyboard.press("Shift");
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchStart",
      touchPoints: [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }],
    });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
    // A link in it now navigates inside the app (no new document) and closes the menu.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "About", exact: true }).tap();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

test("a page nobody touches has its page view in the dataLayer within a second of load, once, and never hydrates", async ({ page }) => {
  await page.goto("/industries/healthcare");
  await page.waitForLoadState("load");
  await expect
    .poll(async () => (await dataLayer(page)).filter((e) => e.event === "page_view"), { timeout: 1000 })
    .toEqual([{ event: "page_view", page_title: await page.title(), page_location: page.url() }]);
  // Idle: its Web Vitals are reported, untouched.
  await expect
    .poll(async () => (await dataLayer(page)).filter((e) => e.event === "web_vitals").map((e) => e.metric_name), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(["FCP", "TTFB"]));
  expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(false);
  // Hydrating later does not count the same view twice.
  await page.mouse.move(100, 200);
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  await page.waitForTimeout(300);
  expect((await dataLayer(page)).filter((e) => e.event === "page_view")).toHaveLength(1);
});

test("a page opened already scrolled shows its header as scrolled from the first paint, untouched", async ({ page }) => {
  // A link to a place far down the page: the browser scrolls there while the page loads.
  await page.goto("/services/managed-it#cta-heading");
  await page.waitForLoadState("load");
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const marks = page.locator("html");
  await expect(marks).toHaveAttribute("data-away", "");
  await expect(marks).toHaveAttribute("data-shadow", "");
  await expect(page.getByTestId("top-bar")).toBeHidden();
  // The header slid up by the top bar's height and casts its shadow.
  expect((await page.getByTestId("site-header").boundingBox())!.y).toBeLessThan(10);
  expect(await page.getByTestId("site-header").evaluate((e) => getComputedStyle(e).boxShadow)).not.toBe("none");
  expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(false);
});
