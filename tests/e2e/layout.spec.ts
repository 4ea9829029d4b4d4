import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { holdRequests, hydrated, PAGE_SCRIPTS, seedFacts, site } from "./helpers";

test.describe("desktop layout", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the skip link is the first focusable element and moves focus to main", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("the top bar shows only at scroll 0, and hiding it shifts nothing", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const topBar = page.getByTestId("top-bar");
    await expect(topBar).toBeVisible();
    await expect(topBar.getByRole("link", { name: seedFacts.phones.support.display })).toHaveAttribute(
      "href",
      `tel:${seedFacts.phones.support.e164}`,
    );
    await expect(topBar.getByRole("link", { name: /Payment Portal/ })).toHaveAttribute("href", seedFacts.portals.payment.href);
    await expect(topBar.getByRole("link", { name: /Client Portal/ })).toHaveAttribute("href", seedFacts.portals.client.href);
    const h2Top = () => page.locator("#pain-points h2").evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const before = await h2Top();
    await page.evaluate(() => window.scrollTo(0, 1));
    await expect(topBar).toBeHidden();
    expect(await h2Top()).toBe(before);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(topBar).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(topBar).toBeVisible();
  });

  test("the header casts a shadow only when scrolled more than 50 px", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const header = page.getByTestId("site-header");
    // A shadow is visible when some layer of box-shadow has a colour that is not fully transparent.
    const hasShadow = () =>
      header.evaluate((el) => {
        const value = getComputedStyle(el).boxShadow;
        return value !== "none" && (value.match(/rgba?\([^)]*\)/g) ?? []).some((c) => !/rgba\([^)]*,\s*0\)$/.test(c));
      });
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(350);
    expect(await hasShadow()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect.poll(hasShadow).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect.poll(hasShadow).toBe(false);
  });

  test("the Services dropdown has 12 links, opens on hover and closes 150 ms after the pointer leaves", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" });
    const panel = page.locator(`#${await button.getAttribute("aria-controls")}`.replace(/:/g, "\\:"));
    await expect(panel).toBeHidden();
    await button.hover();
    await expect(panel).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link")).toHaveCount(13); // 12 services + "All services"
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.mouse.move(640, 600);
    await page.clock.runFor(100);
    await expect(panel).toBeVisible();
    await page.clock.runFor(200);
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("the Industries dropdown lists 7 industries, without Non-Profits; a click toggles it and a click outside closes it", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Industries" });
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    // The pointer arriving opens it; the click on a panel the hover opened keeps it open.
    await button.click();
    await expect(panel).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link")).toHaveCount(8); // 7 industries + "All industries"
    await expect(panel.getByRole("link", { name: "Non-Profits" })).toHaveCount(0);
    await button.click();
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(10, 700);
    await expect(panel).toBeHidden();
    // Opened by the pointer, Escape dismisses it though focus is elsewhere (WCAG 1.4.13).
    await button.hover();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  });

  test("keyboard (disclosure pattern): focus never opens a dropdown, Enter and Space toggle, Escape returns focus, leaving closes", async ({
    page,
  }) => {
    await page.goto("/about");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const services = nav.getByRole("button", { name: "Services" });
    const industries = nav.getByRole("button", { name: "Industries" });
    const panel = page.locator(`[id="${await services.getAttribute("aria-controls")}"]`);
    const links = panel.getByRole("link");

    // Tab from a closed trigger goes to the next header item, past the 12 services and 7 industries.
    await page.getByRole("link", { name: site.brand }).first().focus();
    await page.keyboard.press("Tab");
    await expect(services).toBeFocused();
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(industries).toBeFocused();
    await expect(industries).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "About" })).toBeFocused();

    // Enter and Space toggle; Tab then walks the open panel's links.
    await services.focus();
    await page.keyboard.press("Enter");
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await page.keyboard.press("Space");
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(links.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(links.nth(1)).toBeFocused();

    // Escape closes and returns focus to the trigger.
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(services).toBeFocused();
    await expect(services).toHaveAttribute("aria-expanded", "false");

    // Tabbing past the last link closes it and goes on to the next header item.
    await page.keyboard.press("Enter");
    await expect(links).toHaveCount(13);
    for (let i = 0; i < 13; i++) await page.keyboard.press("Tab");
    await expect(links.last()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(industries).toBeFocused();
    await expect(panel).toBeHidden();
    await expect(services).toHaveAttribute("aria-expanded", "false");

    // Shift+Tab out before the trigger closes it too.
    await services.focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("link", { name: site.brand }).first()).toBeFocused();
    await expect(panel).toBeHidden();
  });

  test("without JavaScript a dropdown is a button the browser opens: hover shows its links, Enter and a click open it, Escape and a click outside close it", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const noJs = await context.newPage();
    await noJs.goto("/about");
    const nav = noJs.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("button", { name: "Services" });
    const managedIt = nav.getByRole("link", { name: "Managed IT", exact: true });
    await expect(managedIt).toBeHidden();
    await trigger.hover();
    await expect(managedIt).toBeVisible();
    await expect(nav.getByRole("link", { name: "All services" })).toHaveAttribute("href", "/services");
    await noJs.mouse.move(640, 700);
    await expect(managedIt).toBeHidden();
    // Focus alone opens nothing; Enter opens it, under its button; Escape closes it.
    await trigger.focus();
    await expect(managedIt).toBeHidden();
    await noJs.keyboard.press("Enter");
    await expect(managedIt).toBeVisible();
    const [button, panel] = await Promise.all([trigger.boundingBox(), managedIt.locator("xpath=ancestor::*[@popover]").boundingBox()]);
    expect(Math.abs(panel!.y - (button!.y + button!.height))).toBeLessThanOrEqual(1);
    expect(Math.abs(panel!.x + panel!.width / 2 - (button!.x + button!.width / 2))).toBeLessThanOrEqual(1);
    await noJs.keyboard.press("Tab");
    await expect(managedIt).toBeFocused();
    await noJs.keyboard.press("Escape");
    await expect(managedIt).toBeHidden();
    await expect(trigger).toBeFocused();
    // A click opens it; a click outside closes it.
    await trigger.click();
    await noJs.mouse.move(640, 700);
    await expect(managedIt).toBeVisible();
    await noJs.mouse.click(640, 700);
    await expect(managedIt).toBeHidden();
    await context.close();
  });

  test("a dropdown opened by Enter before the page's scripts run stays open, with focus, when they arrive", async ({ page }) => {
    const release = await holdRequests(page, PAGE_SCRIPTS);
    await page.goto("/about", { waitUntil: "commit" });
    const nav = page.getByRole("navigation", { name: "Main" });
    const industries = nav.getByRole("button", { name: "Industries" });
    const healthcare = nav.getByRole("link", { name: "Healthcare", exact: true });
    await industries.focus();
    await page.keyboard.press("Enter");
    await expect(healthcare).toBeVisible();
    expect(await axeViolations(page)).toEqual([]); // open, as the browser shows it
    release();
    await hydrated(page);
    await expect(industries).toHaveAttribute("aria-expanded", "true");
    await expect(industries).toBeFocused();
    await expect(healthcare).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // And it is a disclosure as any other: Enter closes it.
    await page.keyboard.press("Enter");
    await expect(healthcare).toBeHidden();
    await expect(industries).toHaveAttribute("aria-expanded", "false");
  });

  test("a dropdown hovered open before the page's scripts run stays open under the still pointer when they arrive", async ({ page }) => {
    const release = await holdRequests(page, PAGE_SCRIPTS);
    await page.goto("/about", { waitUntil: "commit" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Services" }).hover();
    const managedIt = nav.getByRole("link", { name: "Managed IT", exact: true });
    await expect(managedIt).toBeVisible(); // the CSS hover
    release();
    await hydrated(page);
    await page.waitForTimeout(300);
    await expect(nav.getByRole("button", { name: "Services" })).toHaveAttribute("aria-expanded", "true");
    await expect(managedIt).toBeVisible();
    // And it is the hover's: leaving closes it.
    await page.mouse.move(640, 700);
    await expect(managedIt).toBeHidden();
  });

  test("a city page's office card is as tall as its content, not as the text beside it", async ({ page }) => {
    await page.goto("/indianapolis-it-support");
    const card = page.locator("aside", { has: page.locator("#office-heading") });
    const {
      card: height,
      content,
      column,
    } = await card.evaluate((el) => {
      const style = getComputedStyle(el);
      const frame = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"] as const;
      const last = el.lastElementChild!.getBoundingClientRect();
      const first = el.firstElementChild!.getBoundingClientRect();
      return {
        card: el.getBoundingClientRect().height,
        content: last.bottom - first.top + frame.reduce((sum, key) => sum + parseFloat(style[key]), 0),
        column: el.previousElementSibling!.getBoundingClientRect().height,
      };
    });
    expect(column).toBeGreaterThan(content + 100); // the page still has the text that made it stretch
    expect(Math.abs(height - content)).toBeLessThanOrEqual(2);
  });

  test("a navigation scrolls to the top, the title gets the brand suffix, back restores the position", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(100);
    await page
      .locator("#services")
      .getByRole("link", { name: /Learn more about VoIP/ })
      .click();
    await expect(page).toHaveURL(/\/services\/voip$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("VoIP");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle(/ \| Crossroads IT$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  test("a slow route load shows the skeleton in the main area", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.route("**/about.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("status", { name: "Loading page" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole("status", { name: "Loading page" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/about$/);
  });

  test("the footer holds every required item", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const s of seedFacts.social) await expect(footer.getByRole("link", { name: s.name, exact: true })).toHaveAttribute("href", s.href);
    await expect(footer.getByRole("heading", { name: "Services" })).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Industries" })).toBeVisible();
    await expect(footer).toContainText(seedFacts.hours.business);
    await expect(footer.getByRole("link", { name: seedFacts.phones.sales.display })).toBeVisible();
    await expect(footer.getByRole("link", { name: seedFacts.emails.general })).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Indiana" })).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Tennessee" })).toBeVisible();
    for (const name of ["Privacy Policy", "Terms & Conditions", "Login", "Sitemap"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });
});

test.describe("phone layout", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu opens, keeps focus inside, closes on navigation and on Escape", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("dialog:popover-open"))).toBe(true);
    }
    await dialog.getByText("Services", { exact: true }).click();
    await dialog.getByRole("link", { name: "Cybersecurity" }).click();
    await expect(page).toHaveURL(/\/services\/cybersecurity$/);
    await expect(dialog).toBeHidden();
    await open.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("with the page's scripts never arriving, the menu opens from a tap, closes with its button, Escape and the backdrop, and its links work", async ({
    page,
  }) => {
    await page.route(PAGE_SCRIPTS, () => {}); // never answered
    await page.goto("/");
    const open = page.getByRole("button", { name: "Open menu" });
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await open.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close menu" }).click();
    await expect(dialog).toBeHidden();
    await open.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await open.click();
    await page.mouse.click(10, 400); // the backdrop, left of the panel
    await expect(dialog).toBeHidden();
    await open.click();
    await dialog.getByText("Services", { exact: true }).click();
    await dialog.getByRole("link", { name: "Cybersecurity" }).click();
    await expect(page).toHaveURL(/\/services\/cybersecurity$/);
  });

  test("a menu opened before hydration stays open when the page hydrates, with its focus handling", async ({ page }) => {
    const release = await holdRequests(page, PAGE_SCRIPTS);
    await page.goto("/");
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    release();
    await hydrated(page);
    await page.waitForTimeout(300);
    // Not closed by hydration, nor reopened by a replay of the early tap.
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("dialog:popover-open"))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused(); // the dialog gives focus back to its button
    // A link in the kept menu navigates in the app and closes it.
    await open.click();
    await dialog.getByText("Industries", { exact: true }).click();
    await dialog.getByRole("link", { name: "Healthcare" }).click();
    await expect(page).toHaveURL(/\/industries\/healthcare$/);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  });

  test("a menu closed before hydration stays closed: the early tap is not replayed", async ({ page }) => {
    const release = await holdRequests(page, PAGE_SCRIPTS);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    release();
    await hydrated(page);
    await page.waitForTimeout(500);
    await expect(dialog).toBeHidden();
  });

  test("the menu is in the page as sent: a tap opens it with no code to fetch", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator("dialog#side-menu")).toHaveCount(1);
    await expect(page.locator("dialog#side-menu")).toBeHidden();
    // What the page loads once idle (the Web Vitals reporter, Insights' sender) is in first.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname)), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([expect.stringMatching(/\/web-vitals-[^/]*\.js$/), expect.stringMatching(/\/insights-beacon-[^/]*\.js$/)]),
      );
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (/\.js$/.test(new URL(request.url()).pathname)) scripts.push(request.url());
    });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    expect(scripts, "no code fetched for the tap").toEqual([]);
  });

  test("once the page is idle, the closed menu is laid out but stays out of sight, of the tab order and of the page's width; it still opens and closes", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page.waitForFunction(() => "menuReady" in document.documentElement.dataset);
    const menu = page.locator("dialog#side-menu");
    expect(await menu.evaluate((el) => getComputedStyle(el).display), "laid out while closed").toBe("block");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("#side-menu"))).toBe(false);
    }
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Get Started" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("sales is one tap away on a phone", async ({ page }) => {
    await page.goto("/services/voip");
    const call = page.getByRole("link", { name: `Call sales at ${seedFacts.phones.sales.display}` }).first();
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", `tel:${seedFacts.phones.sales.e164}`);
    const box = await call.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  });

  test("no page is wider than the phone screen", async ({ page }) => {
    for (const path of ["/", "/services/business-application-development", "/clarksville-tn-it-support", "/privacy-policy", "/contact"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
