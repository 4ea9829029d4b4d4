/**
 * Two-factor sign-in (docs/requirements/accounts.md#two-factor-sign-in), as people meet it: turning it on from
 * the shown secret, the code step (app code, pasted with spaces, backup code once), administrators
 * made to set it up before any admin page or API, never turning it off, and the
 * super-administrator's reset. Codes are computed from the secret the page shows (RFC 6238).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

import { totp, unusedCode } from "../two-factor";
import { axeViolations } from "./axe";
import { E2E_USERS } from "./config";
import { expect, signIn, test, type Browser, type Page } from "./fixtures";
import { currentCode, hydrated, ownClientAddressPerTest, randomClientAddress, submitSignIn, type TestUser } from "./helpers";

ownClientAddressPerTest(test);

const PASSWORD = "Copper-Meadow-Lantern-71";

const row = (page: Page, email: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${email}`) }) });

/** A fresh account made by the super-administrator on /admin/users (an administrator when asked). */
async function newAccount(browser: Browser, admin = false): Promise<TestUser> {
  const email = `tf-${randomUUID().slice(0, 8)}@crossroadsit.example`;
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.admin, { to: "/admin/users" });
  const form = page.getByRole("region", { name: "Add a staff account" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Initial password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${email}.`);
  if (admin) {
    await row(page, email).getByRole("button", { name: "Make admin" }).click();
    await expect(page.getByRole("status")).toContainText("Administrator role granted.");
  }
  await context.close();
  return { email, password: PASSWORD };
}

/** Turns two-factor sign-in on from /account/two-factor, typing the code computed from the shown secret. */
async function turnOn(page: Page, user: TestUser): Promise<{ secret: string; codes: string[] }> {
  if (!new URL(page.url()).pathname.startsWith("/account/two-factor")) await page.goto("/account/two-factor");
  await page.getByLabel("Your password").fill(user.password);
  await page.getByRole("button", { name: "Start setup" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.locator("#totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await page.getByLabel("6-digit code").fill(await unusedCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();
  const codes = (await page.locator("#backup-codes").innerText()).trim().split("\n");
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientAddress() });
}

test("staff turn it on from the shown secret, then sign in with a pasted code, and with a backup code once", async ({
  page,
  context,
  browser,
}) => {
  test.slow(); // many sign-ins in a row
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const user = await newAccount(browser);
  await signIn(page, user, { to: "/account/two-factor" });
  await expect(page.getByText("We recommend it for every staff account.")).toBeVisible();
  await hydrated(page);

  // A wrong first code keeps the QR code and the secret on screen.
  await page.getByLabel("Your password").fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Start setup" }).click();
  await expect(page.getByRole("alert")).toContainText("That password is not right.");
  await page.getByLabel("Your password").fill(user.password);
  await page.getByRole("button", { name: "Start setup" }).click();
  const secret = (await page.locator("#totp-secret").innerText()).replace(/\s/g, "");
  await expect(page.locator("#totp-secret")).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const wrong = totp(secret, Date.now() - 5 * 60_000);
  await page.getByLabel("6-digit code").fill(wrong === totp(secret) ? "000000" : wrong);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right.");
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await page.getByLabel("6-digit code").fill(await unusedCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();

  // The backup codes: shown once, copied, and downloadable as a text file.
  const codes = (await page.locator("#backup-codes").innerText()).trim().split("\n");
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  await page.getByRole("button", { name: "Copy codes" }).click();
  await expect(page.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join("\n"));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download as a text file" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/backup-codes\.txt$/);
  const text = readFileSync(await download.path(), "utf8");
  for (const code of codes) expect(text).toContain(code);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();
  await expect(page.locator("#backup-codes")).toHaveCount(0);

  // Next sign-in: the password, then the code, pasted with a space in the middle.
  await signOut(page);
  await page.goto("/auth/login?redirectTo=%2Fmloe%2Fanything");
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Fmloe%2Fanything$/);
  const field = page.getByLabel("6-digit code");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("inputmode", "numeric");
  await hydrated(page);
  const now = await unusedCode(secret);
  await page.evaluate((text) => navigator.clipboard.writeText(text), `${now.slice(0, 3)} ${now.slice(3)}`);
  await field.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(field).toHaveValue(`${now.slice(0, 3)} ${now.slice(3)}`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/mloe\/anything$/);
  expect((await (await page.request.get("/api/session")).json()).user.email).toBe(user.email);

  // A backup code works once.
  for (const attempt of ["first", "second"]) {
    await signOut(page);
    await page.goto("/auth/login");
    await submitSignIn(page, user);
    await page.getByRole("link", { name: "Use a backup code instead" }).click();
    await expect(page.getByLabel("Backup code")).toHaveAttribute("inputmode", "text");
    await page.getByLabel("Backup code").fill(codes[0]!);
    await page.getByRole("button", { name: "Continue" }).click();
    if (attempt === "first") {
      await expect(page).toHaveURL(/\/$/);
      expect((await (await page.request.get("/api/session")).json()).user.email).toBe(user.email);
    } else {
      const alert = page.getByRole("alert");
      await expect(alert).toHaveText("That backup code is not right, or it was already used.");
      await expect(alert).toBeFocused();
      expect((await (await page.request.get("/api/session")).json()).user).toBeNull();
      // A wrong app code says so too.
      await page.getByRole("link", { name: "Use your authenticator app instead" }).click();
      await page.getByLabel("6-digit code").fill(totp(secret) === "999999" ? "000000" : "999999");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("alert")).toContainText("That code is not right.");
      await expect(page.getByRole("alert")).toBeFocused();
    }
  }

  // Staff may turn it off (with their password); sign-in then asks for the password only.
  await signOut(page);
  await signIn(page, { ...user, totpSecret: secret }, { to: "/account/two-factor" });
  await page.getByLabel("Your password").last().fill(user.password);
  await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(page.getByRole("status").first()).toContainText("Two-factor sign-in is off.");
  await signOut(page);
  await page.goto("/auth/login");
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/$/);
});

test("an administrator without it is sent to set it up from every admin page and API, then goes on", async ({ page, browser }) => {
  test.slow();
  const admin = await newAccount(browser, true);
  await page.goto("/auth/login?redirectTo=%2Fadmin%2Fleads");
  await submitSignIn(page, admin);
  await expect(page).toHaveURL(/\/account\/two-factor\?required=1&redirectTo=%2Fadmin%2Fleads$/);
  await expect(page.getByRole("note")).toHaveText("Administrators must use two-factor sign-in. Set it up here to open the admin area.");

  // Every admin surface refuses, however it is asked.
  for (const path of ["/admin/docs", "/admin/users", "/admin/leads.csv", "/admin/graphics"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account\/two-factor\?required=1/);
  }
  const api = await page.request.get("/storage/v1/bucket");
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ code: "two_factor_required", message: expect.stringContaining("/account/two-factor") });
  const upload = await page.request.post("/storage/v1/object/graphics/x.png", {
    data: Buffer.from("x"),
    headers: { "content-type": "image/png" },
  });
  expect(upload.status()).toBe(403);
  const post = await page.request.post("/admin/users", {
    form: { intent: "create", email: "x@crossroadsit.example", password: PASSWORD },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
  expect(post.headers()["location"]).toMatch(/^\/account\/two-factor\?required=1/);

  await page.goto("/account/two-factor?required=1&redirectTo=%2Fadmin%2Fleads");
  await turnOn(page, admin);
  await page.getByRole("link", { name: "I have saved them: continue" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
  expect((await page.request.get("/storage/v1/bucket")).status()).toBe(200);

  // An administrator cannot turn it off: no button, and a direct post is refused.
  await page.goto("/account/two-factor");
  await expect(page.getByText("Administrators must keep two-factor sign-in on.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Turn off/ })).toHaveCount(0);
  const off = await page.request.post("/account/two-factor", { form: { intent: "disable", password: admin.password } });
  expect(off.status()).toBe(403);
  await page.reload();
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();
  await page.goto("/admin/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Docs");
});

test("the super-administrator resets a second factor: an administrator sets it up again, staff sign in without a code", async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await newAccount(browser, true);
  const staff = await newAccount(browser);
  const secrets: Record<string, string> = {};
  for (const user of [admin, staff]) {
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
    const page = await context.newPage();
    await signIn(page, user);
    secrets[user.email] = (await turnOn(page, user)).secret;
    await context.close();
  }
  // The administrator is signed in elsewhere when the reset happens.
  const elsewhere = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  await signIn(await elsewhere.newPage(), { ...admin, totpSecret: secrets[admin.email] });
  expect((await (await elsewhere.request.get("/api/session")).json()).user.email).toBe(admin.email);

  // Only the super-administrator may reset, never their own.
  await signIn(page, E2E_USERS.ops, { to: "/admin/users" });
  await expect(row(page, admin.email).getByRole("button", { name: /Reset two-factor/ })).toHaveCount(0);
  const userId = await row(page, staff.email).locator('input[name="userId"]').first().inputValue();
  const byOps = await page.request.post("/admin/users", { form: { intent: "reset-two-factor", userId } });
  expect(byOps.status()).toBe(403);
  await signOut(page);

  await signIn(page, E2E_USERS.admin, { to: "/admin/users" });
  await expect(row(page, E2E_USERS.admin.email).getByRole("button", { name: /Reset two-factor/ })).toHaveCount(0);
  const myId = await row(page, E2E_USERS.admin.email).locator('input[name="userId"]').first().inputValue();
  expect((await page.request.post("/admin/users", { form: { intent: "reset-two-factor", userId: myId } })).status()).toBe(400);
  for (const user of [admin, staff]) {
    await expect(row(page, user.email)).toContainText("Two-factor on");
    await row(page, user.email)
      .getByRole("button", { name: /Reset two-factor/ })
      .click();
    await expect(page.getByRole("status")).toContainText(`Two-factor sign-in reset for ${user.email}`);
    await expect(row(page, user.email)).toContainText("Two-factor off");
  }
  expect((await (await elsewhere.request.get("/api/session")).json()).user).toBeNull();
  await elsewhere.close();

  // The administrator signs in with the password only and is asked to set it up again.
  await signOut(page);
  await page.goto("/auth/login?redirectTo=%2Fadmin%2Fdocs");
  await submitSignIn(page, admin);
  await expect(page).toHaveURL(/\/account\/two-factor\?required=1&redirectTo=%2Fadmin%2Fdocs$/);
  // The staff member signs in without a code.
  await signOut(page);
  await page.goto("/auth/login");
  await submitSignIn(page, staff);
  await expect(page).toHaveURL(/\/$/);
  expect((await (await page.request.get("/api/session")).json()).user.email).toBe(staff.email);
});

test("the code step works without JavaScript, backup codes included", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  await page.goto("/auth/login?redirectTo=%2Fadmin%2Fdocs");
  await submitSignIn(page, E2E_USERS.ops, { code: false });
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Fadmin%2Fdocs$/);
  await page.getByLabel("6-digit code").fill("12345");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("A code from your authenticator app has 6 digits. Check it and try again.");
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await expect(page).toHaveURL(/method=backup/);
  await expect(page.getByLabel("Backup code")).toBeVisible();
  await page.getByRole("link", { name: "Use your authenticator app instead" }).click();
  await page.getByLabel("6-digit code").fill(await currentCode(E2E_USERS.ops));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/docs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Docs");
  await context.close();
});

test("turning it on works without JavaScript, backup codes and their download included", async ({ browser }) => {
  const user = await newAccount(browser);
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  await signIn(page, user);
  await turnOn(page, user);
  await expect(page.getByRole("button", { name: "Copy codes" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download as a text file" })).toHaveAttribute("href", /^data:text\/plain;charset=utf-8,/);
  await context.close();
});

test("a code step without a sign-in in progress says to sign in again", async ({ page }) => {
  await page.goto("/auth/two-factor?redirectTo=%2Fadmin%2Fdocs");
  await expect(page.getByRole("alert")).toHaveText("This sign-in has expired or was already used. Sign in again.");
  await expect(page.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/auth/login?redirectTo=%2Fadmin%2Fdocs");
  // A forged challenge cookie gets the same answer from the server.
  await page.context().addCookies([{ name: "better-auth.two_factor", value: "forged.value", url: page.url() }]);
  await page.reload();
  await page.getByLabel("6-digit code").fill("123456");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("This sign-in has expired or was already used. Sign in again.");
});

test("the setup and code pages pass axe (WCAG 2.2 AA)", async ({ page, browser }) => {
  test.slow();
  const user = await newAccount(browser);
  await signIn(page, user, { to: "/account/two-factor" });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Your password").fill(user.password);
  await page.getByRole("button", { name: "Start setup" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const secret = (await page.locator("#totp-secret").innerText()).replace(/\s/g, "");
  await page.getByLabel("6-digit code").fill(await unusedCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator("#backup-codes")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await signOut(page);
  await page.goto("/auth/login");
  await submitSignIn(page, user, { code: false });
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("6-digit code").fill("abc");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await expect(page.getByLabel("Backup code")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
