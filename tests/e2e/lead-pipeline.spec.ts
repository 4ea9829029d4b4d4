/**
 * The lead pipeline in the browser (docs/requirements/leads.md#pipeline, #spam): a lead taken on,
 * moved New → Qualified with a note, found by the status filter with JavaScript and by its link
 * without; a submission caught as spam, listed under Spam with why, and Not spam. The rules behind
 * each (who may, conflicts, the time trap, the score) are in tests/integration/lead-pipeline.test.ts.
 */
import { axeViolations } from "./axe";
import { E2E_USERS } from "./config";
import { expect, signIn, test, type APIRequestContext, type Page } from "./fixtures";
import { hydrated, nuErrors, ownClientAddressPerTest, randomClientAddress } from "./helpers";
import { runMarker, VALID } from "./leads-helpers";

ownClientAddressPerTest(test);

/** Sends the contact form as a visitor without JavaScript would, from an address of its own. */
async function submitLead(request: APIRequestContext, fields: Record<string, string>) {
  const response = await request.post("/contact", { form: { ...VALID, ...fields }, headers: { "x-forwarded-for": randomClientAddress() } });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("We have your request");
}

const rows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });

test("a lead is taken on, moved New → Qualified with a note, and found by the status filter, with JavaScript and without", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const marker = runMarker("Pipe Co");
  await submitLead(request, { company: marker, full_name: "Quinn Harper" });
  await signIn(page, E2E_USERS.admin, { to: `/admin/leads?q=${encodeURIComponent(marker)}` });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("New");
  await rows(page).getByRole("link", { name: "Quinn Harper" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quinn Harper, ${marker}`);
  await hydrated(page);

  const work = page.getByRole("region", { name: "Work this lead" });
  await work.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByRole("status")).toHaveText("It is yours now.");
  await expect(work).toContainText("You own this lead.");
  await work.getByLabel("Move it to").selectOption("qualified");
  await work.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status changed to Qualified.");
  await work.getByLabel("Add a note").fill("Called Quinn: <b>10 seats</b>, wants a quote by Friday.");
  await work.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status")).toHaveText("Note added.");
  // The note as typed, as text: its markup never becomes markup.
  const notes = page.getByRole("region", { name: "Notes" });
  await expect(notes.getByText("Called Quinn: <b>10 seats</b>, wants a quote by Friday.")).toBeVisible();
  await expect(notes.locator("b")).toHaveCount(0);
  await expect(work.getByLabel("Add a note")).toHaveValue("");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveText([
    /Added a note\.$/,
    /Changed the status from New to Qualified\.$/,
    /Assigned it to themselves\.$/,
    /Received from the contact form\.$/,
  ]);
  // A field's error beside it, the page kept: an empty note.
  await work.getByRole("button", { name: "Add note" }).click();
  await expect(work.getByText("Write the note first.")).toBeVisible();
  await expect(work.getByLabel("Add a note")).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page)).toEqual([]);
  // The lead page as the server sends it (its forms, notes, history) is valid HTML.
  expect(await nuErrors(await (await page.request.get(page.url())).text())).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`lead-page-${width}.png`), fullPage: true });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The list's filter form (JavaScript on): Qualified, and mine.
  await page.goto("/admin/leads");
  await hydrated(page);
  await page.getByLabel("Search name, e-mail, company or message").fill(marker);
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("qualified");
  await page.getByRole("combobox", { name: "Owner", exact: true }).selectOption("me");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=qualified/);
  await expect(page).toHaveURL(/owner=me/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Qualified");
  await expect(rows(page).first()).toContainText("You");

  // Without JavaScript: the status links with their counts, and a note through the plain form.
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const plain = await context.newPage();
  await signIn(plain, E2E_USERS.admin, { to: `/admin/leads?q=${encodeURIComponent(marker)}` });
  const byStatus = plain.getByRole("navigation", { name: "Leads by status" });
  await expect(byStatus.getByRole("link", { name: "Qualified 1" })).toBeVisible();
  await expect(byStatus.getByRole("link", { name: "New 0" })).toBeVisible();
  await byStatus.getByRole("link", { name: "Qualified 1" }).click();
  await expect(plain).toHaveURL(/status=qualified/);
  await expect(rows(plain)).toHaveCount(1);
  await byStatus.getByRole("link", { name: "New 0" }).click();
  await expect(plain.getByText("No leads match this filter.")).toBeVisible();
  await plain.goto(`/admin/leads?status=qualified&q=${encodeURIComponent(marker)}`);
  await rows(plain).getByRole("link", { name: "Quinn Harper" }).click();
  await plain.getByLabel("Add a note").fill("Sent the quote (no JavaScript).");
  await plain.getByRole("button", { name: "Add note" }).click();
  await expect(plain.getByRole("status")).toHaveText("Note added.");
  await expect(plain.getByRole("region", { name: "Notes" }).getByRole("listitem").first()).toContainText("Sent the quote (no JavaScript).");
  await context.close();
});

test("a submission caught as spam is answered as sent, listed under Spam with why, and Not spam puts it in the pipeline", async ({
  page,
  request,
}) => {
  const marker = runMarker("Trap Co");
  await submitLead(request, { company: marker, full_name: "Sam Bot", website: "http://cheap.example" });
  await signIn(page, E2E_USERS.admin, { to: `/admin/leads?q=${encodeURIComponent(marker)}` });
  // Not in the list of leads...
  await expect(page.getByText("No leads match this filter.")).toBeVisible();
  // ...but under Spam, with why.
  await page.getByRole("navigation", { name: "Leads by status" }).getByRole("link", { name: "Spam 1" }).click();
  await expect(page).toHaveURL(/status=spam/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("The hidden “website” field, which people never see, was filled in.");
  expect(await axeViolations(page)).toEqual([]);

  await rows(page).getByRole("link", { name: "Sam Bot" }).click();
  await hydrated(page);
  const work = page.getByRole("region", { name: "Work this lead" });
  await expect(work).toContainText("The contact form's checks took this request for spam:");
  await expect(page.getByRole("region", { name: "E-mail to sales" })).toContainText("Held back");
  await work.getByRole("button", { name: "Not spam" }).click();
  await expect(page.getByRole("status")).toHaveText("Not spam: it is New (e-mail notifications are off, so nobody was e-mailed).");
  await expect(work.getByLabel("Move it to")).toHaveValue("new");
  await expect(page.getByRole("region", { name: "History" })).toContainText("Marked it not spam: New.");

  await page.goto(`/admin/leads?q=${encodeURIComponent(marker)}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("New");
});
