/**
 * Static content (docs/decisions/019-static-content-not-hydrated.md): the public pages' sections,
 * heroes and footer are kept as the server sent them when the page hydrates. What a visitor must
 * not notice: nothing disappears or doubles, the links inside still navigate within the app
 * (no new document), and a page reached that way shows its own content, also between two pages
 * of one template.
 */
import { services } from "../../app/content/catalog";
import { servicePages } from "../../app/content/services";
import { E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { hydrated } from "./helpers";

/** Marks the current document: still there after a navigation means the app navigated, not the browser. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

const managedIt = services.find((s) => s.slug === "managed-it")!;
const related = services.find((s) => s.slug === servicePages["managed-it"].related[0])!;

test("the home page's static sections keep their content through hydration, and their links navigate in the app and back", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  const serviceCards = page.locator("#services a");
  await expect(serviceCards).toHaveCount(services.length);
  // The bands below the hero (the hero's video control depends on the video, not on this).
  const bandsText = () => page.locator("main section[id]").allInnerTexts();
  const before = await bandsText();
  expect(before.join("\n")).toContain(managedIt.name);
  // The server's nodes were adopted: nothing emptied, nothing doubled.
  await expect(page.locator("footer").getByRole("link", { name: "Sitemap", exact: true })).toHaveCount(1);

  await markDocument(page);
  await serviceCards.filter({ hasText: managedIt.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/services/${managedIt.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument(page), "a link in a static section navigates within the app").toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(serviceCards).toHaveCount(services.length);
  expect(await bandsText()).toEqual(before);
  await expect(page.locator("footer").getByRole("link", { name: "Sitemap", exact: true })).toHaveCount(1);
  expect(await sameDocument(page)).toBe(true);
});

test("from one service page to another through a card in a static section, the second shows its own content", async ({ page }) => {
  await page.goto(`/services/${managedIt.slug}`);
  await hydrated(page);
  const firstHeading = await page.getByRole("heading", { level: 1 }).innerText();
  await markDocument(page);
  await page.locator("main a", { hasText: related.name }).last().click();
  await expect(page).toHaveURL(new RegExp(`/services/${related.slug}$`));
  expect(await sameDocument(page)).toBe(true);
  // Same template, other data: the hero and the sections are the second service's.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(servicePages[related.slug].headline);
  expect(firstHeading).toBe(servicePages["managed-it"].headline);
  await expect(page.locator("nav[aria-label='Breadcrumb']")).toContainText(related.name);
  await expect(page.locator("main")).toContainText(servicePages[related.slug].intro.slice(0, 60));
  await expect(page.locator("main")).not.toContainText(servicePages["managed-it"].intro.slice(0, 60));

  // A modified click is the browser's: a new tab, not an app navigation of this one.
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    page
      .locator("footer")
      .getByRole("link", { name: "Sitemap", exact: true })
      .click({ modifiers: ["Control"] }),
  ]);
  await popup.close();
  await expect(page).toHaveURL(new RegExp(`/services/${related.slug}$`));
});

test("the footer kept from a page served from memory follows the visitor signing in: no Login link for a signed-in staff member", async ({
  page,
}) => {
  await page.goto("/about");
  await hydrated(page);
  const login = page.locator("footer").getByRole("link", { name: "Login", exact: true });
  await expect(login).toHaveCount(1);
  await signIn(page, E2E_USERS.staff);
  // The page in memory is the same for everyone; the footer changes once the session is known.
  await page.goto("/about");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Account", exact: true }).first()).toBeVisible();
  await expect(login).toHaveCount(0);
  await expect(page.locator("footer").getByRole("link", { name: "Sitemap", exact: true })).toHaveCount(1);
});
