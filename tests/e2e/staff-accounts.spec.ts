import { randomUUID } from "node:crypto";

import { formatShortDate } from "../../app/lib/format-date";
import { axeViolations } from "./axe";
import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { hydrated, ownClientAddressPerTest, randomClientAddress } from "./helpers";

ownClientAddressPerTest(test);

async function createAccount(page: Page, email: string, password: string) {
  const form = page.getByRole("region", { name: "Add a staff account" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Initial password").fill(password);
  await form.getByRole("button", { name: "Create account" }).click();
}

const row = (page: Page, email: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${email}`) }) });

test("an administrator creates an account; a weak password is refused with its reasons", async ({ page }) => {
  const email = `new-${randomUUID().slice(0, 8)}@crossroadsit.example`;
  await signIn(page, E2E_USERS.ops, { to: "/admin/users" });
  // Long enough to pass the browser's own length check, weak by the server's rules.
  await createAccount(page, email, "aaaaaaaaaaaaaa");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("weak_password: That password is too weak.");
  await expect(alert).toContainText("Mix at least two of: lower case, upper case, digits, symbols.");
  await expect(page.getByRole("region", { name: "Add a staff account" }).getByLabel("E-mail")).toHaveValue(email);
  await createAccount(page, email, "Amber-Forest-Signal-93");
  await expect(page.getByRole("status")).toContainText(`Created ${email}.`);
  await expect(row(page, email)).toContainText("Staff");
});

test("the Created date is the office's, whatever the browser's time zone, and hydrates without a mismatch", async ({ browser }) => {
  const now = new Date();
  // A browser time zone whose date is not the office's at this moment: UTC+14 and UTC-12 are 26 hours apart, so one of them.
  const timezoneId = ["Pacific/Kiritimati", "Etc/GMT+12"].find(
    (timeZone) => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(now) !== formatShortDate(now),
  )!;
  const context = await browser.newContext({ timezoneId, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await signIn(page, E2E_USERS.ops, { to: "/admin/users" });
  const email = `dated-${randomUUID().slice(0, 8)}@crossroadsit.example`;
  await createAccount(page, email, "Amber-Forest-Signal-93");
  // Rendered in the browser after the action...
  await expect(row(page, email).getByRole("cell").nth(1)).toHaveText(formatShortDate(now));
  // ...and by the server, then hydrated.
  await page.reload();
  await hydrated(page);
  await expect(row(page, email).getByRole("cell").nth(1)).toHaveText(formatShortDate(now));
  expect(problems).toEqual([]);
  await context.close();
});

test("reset a password, and sign a user out everywhere", async ({ page, browser }) => {
  const email = `reset-${randomUUID().slice(0, 8)}@crossroadsit.example`;
  await signIn(page, E2E_USERS.ops, { to: "/admin/users" });
  await createAccount(page, email, "Amber-Forest-Signal-93");
  await expect(page.getByRole("status")).toContainText(`Created ${email}.`);
  // The new account signs in elsewhere.
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const theirs = await other.newPage();
  await signIn(theirs, { email, password: "Amber-Forest-Signal-93" }, { to: "/" });
  expect((await (await theirs.request.get("/api/session")).json()).user.email).toBe(email);

  await page.reload();
  await row(page, email)
    .getByRole("button", { name: /Sign out everywhere/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Signed out everywhere.");
  expect((await (await theirs.request.get("/api/session")).json()).user).toBeNull();

  await row(page, email).getByLabel(`New password for ${email}`).fill("Copper-Meadow-Lamp-61");
  await row(page, email)
    .getByRole("button", { name: /Reset password/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Password changed");
  await signIn(theirs, { email, password: "Copper-Meadow-Lamp-61" }, { to: "/" });
  await other.close();
});

test("an administrator who is not the super-administrator cannot change roles or delete, even by posting directly", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/users" });
  await expect(page.getByRole("button", { name: /Make admin|Remove admin|Delete/ })).toHaveCount(0);
  const staffId = await page.evaluate(async (email) => {
    const html = await (await fetch("/admin/users")).text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const r = [...doc.querySelectorAll("tr")].find((tr) => tr.querySelector("th")?.textContent?.startsWith(email));
    return (r?.querySelector('input[name="userId"]') as HTMLInputElement | null)?.value ?? "";
  }, E2E_USERS.staff.email);
  expect(staffId).toMatch(/^[0-9a-f-]{36}$/);
  for (const intent of ["grant-admin", "delete"]) {
    const response = await page.request.post("/admin/users", { form: { intent, userId: staffId }, headers: { origin: E2E_ORIGIN } });
    expect(response.status(), intent).toBe(403);
  }
});

test("the super-administrator grants and revokes the admin role, deletes accounts, never their own", async ({ page, browser }) => {
  const email = `role-${randomUUID().slice(0, 8)}@crossroadsit.example`;
  await signIn(page, E2E_USERS.admin, { to: "/admin/users" });
  await createAccount(page, email, "Amber-Forest-Signal-93");
  await row(page, email)
    .getByRole("button", { name: /Make admin/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Administrator role granted.");
  await expect(row(page, email)).toContainText("Administrator");

  // The new administrator now has the admin role: the admin area first asks them to set up
  // two-factor sign-in (docs/requirements/accounts.md#two-factor-sign-in; two-factor.spec.ts goes on from there).
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const theirs = await other.newPage();
  await signIn(theirs, { email, password: "Amber-Forest-Signal-93" });
  await theirs.goto("/admin/docs");
  await expect(theirs).toHaveURL(/\/account\/two-factor\?required=1&redirectTo=%2Fadmin%2Fdocs$/);
  await expect(theirs.getByRole("heading", { level: 1 })).toHaveText("Two-factor sign-in");

  await row(page, email)
    .getByRole("button", { name: /Remove admin/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Administrator role removed.");
  expect((await theirs.goto("/admin/docs"))?.status()).toBe(403);
  await other.close();

  // No buttons to change or delete their own account, and the server refuses it too.
  await expect(row(page, E2E_USERS.admin.email).getByRole("button", { name: /Delete|Remove admin/ })).toHaveCount(0);
  const myId = await row(page, E2E_USERS.admin.email).locator('input[name="userId"]').first().inputValue();
  const self = await page.request.post("/admin/users", { form: { intent: "delete", userId: myId }, headers: { origin: E2E_ORIGIN } });
  expect(self.status()).toBe(400);

  // Asked in a dialog first: Cancel (focused first) keeps the account.
  await row(page, email)
    .getByRole("button", { name: /Delete/ })
    .click();
  const confirm = page.getByRole("dialog", { name: `Delete the account ${email}? This cannot be undone.` });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, email)).toHaveCount(1);
  await row(page, email)
    .getByRole("button", { name: /Delete/ })
    .click();
  await confirm.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByRole("status")).toContainText("Account deleted.");
  await expect(row(page, email)).toHaveCount(0);
});

test("no administrator can set their own password on the staff page: their row points to the account page, and the server refuses a post", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_USERS.admin, { to: "/admin/users" });
  const mine = row(page, E2E_USERS.admin.email);
  await expect(mine.getByLabel(/New password for/)).toHaveCount(0);
  await expect(mine.getByRole("button", { name: /Reset password/ })).toHaveCount(0);
  await expect(mine.getByRole("link", { name: "Change your password on your account page" })).toHaveAttribute("href", "/account");
  // Others' rows keep the control.
  await expect(row(page, E2E_USERS.staff.email).getByLabel(`New password for ${E2E_USERS.staff.email}`)).toBeVisible();

  // Posted anyway (with the password it has, so nothing else changes if it went through): refused, with where to go.
  const myId = await mine.locator('input[name="userId"]').first().inputValue();
  const posted = await page.request.post("/admin/users", {
    form: { intent: "reset-password", userId: myId, password: E2E_USERS.admin.password },
    headers: { origin: E2E_ORIGIN },
  });
  expect(posted.status()).toBe(400);
  expect(await posted.text()).toContain("Change it on your account page (/account), with your current password.");
  // Still signed in: an administrator's reset would have ended every session of the account.
  expect((await (await page.request.get("/api/session")).json()).user.email).toBe(E2E_USERS.admin.email);

  // An ordinary administrator's own row too.
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const ops = await context.newPage();
  await signIn(ops, E2E_USERS.ops, { to: "/admin/users" });
  await expect(row(ops, E2E_USERS.ops.email).getByLabel(/New password for/)).toHaveCount(0);
  await expect(row(ops, E2E_USERS.ops.email).getByRole("link", { name: "Change your password on your account page" })).toBeVisible();
  await context.close();
});

test("without JavaScript, deleting an account asks on a confirmation step first", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  const email = `nojs-${randomUUID().slice(0, 8)}@crossroadsit.example`;
  await signIn(page, E2E_USERS.admin, { to: "/admin/users" });
  await createAccount(page, email, "Amber-Forest-Signal-93");
  await expect(page.getByRole("status")).toContainText(`Created ${email}.`);
  await row(page, email)
    .getByRole("button", { name: /Delete/ })
    .click();
  const step = page.getByRole("alert");
  await expect(step).toContainText(`Delete the account ${email}? This cannot be undone.`);
  await expect(row(page, email)).toHaveCount(1);
  await step.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByRole("status")).toContainText("Account deleted.");
  await expect(row(page, email)).toHaveCount(0);
  await context.close();
});

test("user ids must be UUIDs, and the staff pages refuse visitors and non-admins", async ({ page, request, browser }) => {
  const anonymous = await request.post("/admin/users", {
    form: { intent: "sign-out", userId: randomUUID() },
    headers: { origin: E2E_ORIGIN },
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toContain("/auth/login");
  const staffContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, E2E_USERS.staff, { to: "/" });
  expect((await staffPage.goto("/admin/users"))?.status()).toBe(403);
  await staffContext.close();
  await signIn(page, E2E_USERS.ops, { to: "/admin/users" });
  const bad = await page.request.post("/admin/users", {
    form: { intent: "sign-out", userId: "1 or 1=1" },
    headers: { origin: E2E_ORIGIN },
  });
  expect(bad.status()).toBe(400);
});

test("the admin pages and Access Denied have no WCAG 2.2 AA violations", async ({ page, browser }) => {
  await signIn(page, E2E_USERS.admin, { to: "/admin/users" });
  expect(await axeViolations(page)).toEqual([]);
  await page.goto("/admin/docs");
  expect(await axeViolations(page)).toEqual([]);
  const staffContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, E2E_USERS.staff, { to: "/" });
  await staffPage.goto("/admin/graphics");
  expect(await axeViolations(staffPage)).toEqual([]);
  await staffContext.close();
});
