/**
 * The audit log at /admin/audit (docs/requirements/accounts.md#audit-log): what the super-administrator sees
 * after real sign-ins and account changes, its filters (without JavaScript too), pages, CSV export,
 * and who is refused.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";

import { axeViolations } from "./axe";
import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { ownClientAddressPerTest, randomClientAddress, submitSignIn } from "./helpers";

ownClientAddressPerTest(test);

const SAME_ORIGIN = { origin: E2E_ORIGIN };
const INITIAL = "Amber-Forest-Signal-93";
const RESET = "Copper-Meadow-Lamp-61";

const staffRow = (page: Page, email: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${email}`) }) });
const auditRows = (page: Page) => page.getByRole("region", { name: "Audit entries" }).getByRole("row");

/** Creates an account at /admin/users (the page must be open) and returns its id. */
async function createAccount(page: Page, email: string) {
  const form = page.getByRole("region", { name: "Add a staff account" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Initial password").fill(INITIAL);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${email}.`);
  return staffRow(page, email).locator('input[name="userId"]').first().getAttribute("value");
}

test("the super-administrator sees sign-ins and account changes with who, on whom and from where; filters, pages and CSV", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `audited-${randomUUID().slice(0, 8)}@crossroadsit.example`;
  const adminAddress = randomClientAddress();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": adminAddress });
  await signIn(page, E2E_USERS.admin, { to: "/admin/users" });
  await createAccount(page, email);
  await staffRow(page, email)
    .getByRole("button", { name: /Make admin/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Administrator role granted.");

  // Someone else, elsewhere, gets that account's password wrong.
  const guesserAddress = randomClientAddress();
  const guesser = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": guesserAddress } });
  const guessing = await guesser.newPage();
  await guessing.goto("/auth/login");
  await submitSignIn(guessing, { email, password: "Not-The-Password-1" });
  await expect(guessing.getByRole("alert")).toContainText("do not match an account");
  await guesser.close();

  // More than a page of entries: failed sign-ins for unknown addresses, each from its own address.
  for (let i = 0; i < 52; i++) {
    const response = await page.request.post("/api/auth/sign-in/email", {
      headers: { ...SAME_ORIGIN, "x-forwarded-for": randomClientAddress() },
      data: { email: `filler-${i}-${randomUUID().slice(0, 6)}@crossroadsit.example`, password: "Not-The-Password-1" },
    });
    expect(response.status()).toBe(401);
  }

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
  await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/Page 1 of \d+/);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/Page 2 of/);

  // Filters by person: every entry about that account, newest first.
  await page.getByLabel("Person (e-mail, or its beginning)").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`person=${encodeURIComponent(email).replace(/[.]/g, "\\.")}`));
  const rows = auditRows(page);
  await expect(rows).toHaveCount(4); // the heading row and three entries
  const failed = rows.filter({ hasText: "Sign-in" });
  await expect(failed).toContainText("Failed");
  await expect(failed).toContainText(guesserAddress);
  await expect(failed).toContainText("Chrome on Linux");
  await expect(failed).toContainText("Not signed in");
  const granted = rows.filter({ hasText: "Administrator role granted" });
  await expect(granted).toContainText(E2E_USERS.admin.email);
  await expect(granted).toContainText(email);
  await expect(granted).toContainText(adminAddress);
  await expect(granted).toContainText("Success");
  await expect(rows.filter({ hasText: "Account created" })).toContainText(adminAddress);

  // And by event.
  await page.getByLabel("Event").selectOption({ label: "Administrator role granted" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/event=role-granted/);
  await expect(auditRows(page)).toHaveCount(2);

  // The CSV of the same filter.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Export CSV/ }).click()]);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(
    '"at","event","outcome","actor_email","target_email","ip_address","user_agent","detail","actor_id","target_id","id"',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"role-granted","success","${E2E_USERS.admin.email}","${email}","${adminAddress}"`);

  expect(await axeViolations(page)).toEqual([]);
});

test("filters work without JavaScript, and a filter that is not valid gets a clear message, not an error", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.admin, { to: "/admin/audit" });
  await page.getByLabel("Event").selectOption("sign-in");
  await page.getByLabel("Person (e-mail, or its beginning)").fill(E2E_USERS.admin.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/event=sign-in/);
  const rows = auditRows(page);
  await expect(rows.nth(1)).toContainText("Sign-in");
  await expect(rows.nth(1)).toContainText(E2E_USERS.admin.email);
  for (const row of await rows.all()) await expect(row).not.toContainText("Sign-out");

  for (const search of ["?from=2026-02-30", "?event=nothing", "?page=abc", "?from=2026-03-02&to=2026-03-01"]) {
    const response = await page.goto(`/admin/audit${search}`);
    expect(response?.status(), search).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Nothing is listed until the filter is corrected.");
    const csv = await page.request.get(`/admin/audit.csv${search}`);
    expect(csv.status(), search).toBe(400);
  }
  await context.close();
});

test("only the super-administrator: an ordinary administrator gets Access Denied, and a refused role change is logged", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/users" });
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" })).toHaveCount(0);
  const response = await page.goto("/admin/audit");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access Denied");
  const csv = await page.request.get("/admin/audit.csv");
  expect(csv.status()).toBe(403);
  expect(await csv.text()).not.toContain('"event"');

  // An ordinary administrator trying to grant a role is refused, and the log says so.
  const staffId = await page
    .goto("/admin/users")
    .then(() => staffRow(page, E2E_USERS.staff.email).locator('input[name="userId"]').first().getAttribute("value"));
  const refused = await page.request.post("/admin/users", { headers: SAME_ORIGIN, form: { intent: "grant-admin", userId: staffId! } });
  expect(refused.status()).toBe(403);

  const boss = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const theirs = await boss.newPage();
  await signIn(theirs, E2E_USERS.admin, { to: `/admin/audit?person=${encodeURIComponent(E2E_USERS.ops.email)}&event=role-granted` });
  const row = auditRows(theirs).nth(1);
  await expect(row).toContainText("Refused");
  await expect(row).toContainText(E2E_USERS.ops.email);
  await expect(row).toContainText(E2E_USERS.staff.email);
  await boss.close();
});

test("no password appears in the log or its CSV after an administrator resets one; nothing can be edited or deleted", async ({ page }) => {
  const email = `reset-audit-${randomUUID().slice(0, 8)}@crossroadsit.example`;
  await signIn(page, E2E_USERS.admin, { to: "/admin/users" });
  await createAccount(page, email);
  await staffRow(page, email).getByLabel(`New password for ${email}`).fill(RESET);
  await staffRow(page, email)
    .getByRole("button", { name: /Reset password/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Password changed");

  await page.goto(`/admin/audit?person=${encodeURIComponent(email)}`);
  await expect(auditRows(page).filter({ hasText: "Password set by an administrator" })).toHaveCount(1);
  const html = await page.content();
  const csv = await (await page.request.get(`/admin/audit.csv?person=${encodeURIComponent(email)}`)).text();
  expect(csv).toContain("password-set-by-admin");
  for (const text of [html, csv]) {
    expect(text).not.toContain(RESET);
    expect(text).not.toContain(INITIAL);
    expect(text).not.toMatch(/session_token|token=/i);
  }

  // The page takes no writes.
  const before = csv;
  const post = await page.request.post("/admin/audit", { headers: SAME_ORIGIN, form: { intent: "delete" } });
  expect(post.status()).toBe(405);
  expect(await (await page.request.get(`/admin/audit.csv?person=${encodeURIComponent(email)}`)).text()).toBe(before);
});
