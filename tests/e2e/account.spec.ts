/**
 * The account page (docs/requirements/accounts.md#account-page) and what the test server (no SMTP) says
 * about password reset: each test uses an account of its own, created through /admin/users, so the
 * seeded accounts other specs sign in with keep their passwords.
 */
import { createStaff, freshPassword, newContext } from "./account-helpers";
import { axeViolations } from "./axe";
import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test, type Browser, type Page } from "./fixtures";
import { hydrated, type TestUser } from "./helpers";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function freshStaff(browser: Browser, prefix: string): Promise<TestUser> {
  const context = await newContext(browser);
  const admin = await context.newPage();
  await signIn(admin, E2E_USERS.admin, { to: "/admin/users" });
  const user = await createStaff(admin, prefix);
  await context.close();
  return user;
}

async function signedIn(
  browser: Browser,
  user: TestUser,
  options: { userAgent?: string; javaScriptEnabled?: boolean } = {},
  to = "/account",
) {
  const page = await (await newContext(browser, options)).newPage();
  await signIn(page, user, { to });
  return page;
}

async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
  expect(cookie, "a session cookie").toBeTruthy();
  return decodeURIComponent(cookie!.value).split(".")[0];
}

test("the header's Account link opens the account page; the page lists two browsers and signs them out, without tokens", async ({
  browser,
}) => {
  test.slow(); // four sign-ins (one of them the seeded administrator's, which may wait for an unused code) and an axe scan
  const user = await freshStaff(browser, "two-devices");
  const phone = await signedIn(browser, user, { userAgent: SAFARI_IPHONE });
  const third = await signedIn(browser, user);
  const desk = await signedIn(browser, user, { userAgent: FIREFOX_WINDOWS }, "/about");

  await desk.setViewportSize({ width: 1280, height: 900 });
  await desk.getByRole("banner").getByRole("link", { name: "Account" }).click();
  await expect(desk).toHaveURL(/\/account$/);
  await expect(desk.getByRole("heading", { level: 1 })).toHaveText("Your account");
  const response = await desk.request.get("/account");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  // No session token reaches the browser, in the page or its data.
  const html = await response.text();
  for (const page of [desk, phone, third]) expect(html).not.toContain(await sessionToken(page));

  const sessions = desk.getByRole("list", { name: "Active sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(3);
  await expect(sessions.first()).toContainText("Firefox 128 on Windows");
  await expect(sessions.first()).toContainText("This device");
  await expect(sessions.first().getByRole("button", { name: /Sign out/ })).toHaveCount(0);
  const iphone = sessions.filter({ hasText: "Safari 17 on iOS" });
  await expect(iphone).toHaveCount(1);
  await expect(iphone).toContainText(/Address 10\.\d+\.\d+\.\d+ · Last active \w{3} \d+, \d{4}/);
  await hydrated(desk);
  expect(await axeViolations(desk, { bestPractice: true }), "/account").toEqual([]);

  // One session: the phone is signed out, the others stay.
  await iphone.getByRole("button", { name: /Sign out/ }).click();
  await expect(desk.getByRole("status")).toHaveText("That session was signed out.");
  await expect(sessions).toHaveCount(2);
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount$/);
  await third.reload();
  await expect(third).toHaveURL(/\/account$/);

  // Every other session.
  await desk.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(desk.getByRole("status")).toHaveText("Every other session was signed out.");
  await expect(sessions).toHaveCount(1);
  await third.reload();
  await expect(third).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount$/);
  await desk.reload();
  await expect(desk).toHaveURL(/\/account$/);
});

test("changing the password without JavaScript: a wrong current password is a field error; then this device stays signed in", async ({
  browser,
}) => {
  test.slow(); // three sign-ins, three password changes without JavaScript, a fourth sign-in
  const user = await freshStaff(browser, "changer");
  const other = await signedIn(browser, user);
  const page = await signedIn(browser, user, { javaScriptEnabled: false });
  const newPassword = freshPassword();

  await page.getByLabel("Current password").fill("Not-The-Password-42");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#currentPassword-error")).toHaveText("Error: That is not your current password.");
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

  // Too weak: every reason listed.
  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Repeat the new password").fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#newPassword-error li")).toHaveText([
    "Use at least 12 characters.",
    "Mix at least two of: lower case, upper case, digits, symbols.",
  ]);

  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("status")).toHaveText("Password changed. Your other sessions were signed out.");
  // Still signed in here (a new session), signed out elsewhere; the new password works.
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await expect(page.getByText("Password changed.")).toHaveCount(0);
  // The other page may already be on its way to sign-in by itself (its session check): a reload it aborts is fine.
  await other.reload().catch(() => {});
  await expect(other).toHaveURL(/\/auth\/login/);
  await signedIn(browser, { email: user.email, password: newPassword });
});

test("two-factor sign-in: the status and a link to set it up", async ({ browser }) => {
  const user = await freshStaff(browser, "invited");
  const page = await signedIn(browser, user);
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(section).toContainText("Status: Off");
  await expect(section).toContainText("Add a second step to your sign-in");
  await expect(section.getByRole("link", { name: "Set up two-factor sign-in" })).toHaveAttribute("href", "/account/two-factor");
  // The weekly Insights summary is for administrators only.
  await expect(page.getByRole("region", { name: "Weekly Insights summary" })).toHaveCount(0);
});

test("the account page needs a session; another user's session id is refused", async ({ browser, page }) => {
  test.setTimeout(60_000);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount$/);
  const visitorPost = await page.request.post("/account", {
    form: { intent: "sign-out-others" },
    headers: { origin: E2E_ORIGIN },
    maxRedirects: 0,
  });
  expect(visitorPost.status()).toBe(302);

  const [alice, bob] = [await freshStaff(browser, "alice"), await freshStaff(browser, "bob")];
  const bobPage = await signedIn(browser, bob);
  const bobSecond = await signedIn(browser, bob);
  await bobPage.reload();
  const bobOtherId = await bobPage.locator('input[name="sessionId"]').first().getAttribute("value");
  const alicePage = await signedIn(browser, alice);
  const refused = await alicePage.request.post("/account", {
    form: { intent: "sign-out-session", sessionId: bobOtherId! },
    headers: { origin: E2E_ORIGIN },
  });
  expect(refused.status()).toBe(404);
  await bobSecond.reload();
  await expect(bobSecond).toHaveURL(/\/account$/);
  // Malformed ids and unknown intents are 400s, never a 500.
  for (const form of [
    { intent: "sign-out-session", sessionId: "x\0y" },
    { intent: "nope" },
    { intent: "change-password", currentPassword: "a".repeat(5000) },
  ] as Record<string, string>[]) {
    const response = await alicePage.request.post("/account", { form, headers: { origin: E2E_ORIGIN } });
    expect(response.status(), JSON.stringify(form).slice(0, 60)).toBe(400);
  }
});

test("without e-mail configured: the reset page says to ask an administrator, and no reset link can be sent", async ({ browser, page }) => {
  test.slow(); // two axe scans and the seeded administrator's sign-in, which may wait for an unused code
  await page.goto("/auth/forgot-password");
  await expect(page.getByText("This site cannot send e-mail, so it cannot send you a reset link.")).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send the link" })).toHaveCount(0);
  await hydrated(page);
  expect(await axeViolations(page, { bestPractice: true }), "/auth/forgot-password without e-mail").toEqual([]);
  // A link that is not (or no longer) valid.
  await page.goto("/auth/reset-password?token=abcdefghijklmnopqrstuvwx");
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expect(page.getByRole("alert")).toContainText("This link no longer works.");
  await hydrated(page);
  expect(await axeViolations(page, { bestPractice: true }), "/auth/reset-password, invalid link").toEqual([]);

  const adminContext = await newContext(browser);
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_USERS.admin, { to: "/admin/users" });
  // The admin area's own header links to the account page too.
  await expect(admin.getByRole("banner").getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
  await expect(admin.getByRole("button", { name: /Send reset link/ })).toHaveCount(0);
  const staffId = await admin
    .locator("tr", { hasText: E2E_USERS.staff.email })
    .locator('input[name="userId"]')
    .first()
    .getAttribute("value");
  const refused = await admin.request.post("/admin/users", {
    form: { intent: "send-reset-link", userId: staffId! },
    headers: { origin: E2E_ORIGIN },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("This site cannot send e-mail (SMTP_URL is not set). Set a password for this account instead.");

  // The weekly Insights summary: an administrator's account page says it needs e-mail, and offers no checkbox.
  await admin.goto("/account");
  const summary = admin.getByRole("region", { name: "Weekly Insights summary" });
  await expect(summary).toContainText("The weekly summary needs e-mail to be configured");
  await expect(summary.getByRole("checkbox")).toHaveCount(0);
  const notSaved = await admin.request.post("/account", {
    form: { intent: "weekly-summary", weeklySummary: "on" },
    headers: { origin: E2E_ORIGIN },
  });
  expect(notSaved.status()).toBe(409);
});

test("the phone menu has Account next to Logout", async ({ browser }) => {
  const user = await freshStaff(browser, "phone-menu");
  const page = await signedIn(browser, user, {}, "/about");
  await page.setViewportSize({ width: 390, height: 844 });
  await hydrated(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  await menu.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  // Logout from the menu signs out and closes it.
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(menu).toBeHidden();
  await expect.poll(async () => (await (await page.request.get("/api/session")).json()).user).toBeNull();
});

test("signed in as an administrator at 1024 px, Account and Logout fit in the header beside the Admin menu", async ({ browser }) => {
  const page = await (await newContext(browser, { viewport: { width: 1024, height: 700 } })).newPage();
  await signIn(page, E2E_USERS.admin, { to: "/about" });
  const header = page.getByTestId("site-header");
  const logout = header.getByRole("button", { name: "Logout" });
  await expect(logout).toBeVisible();
  await expect(header.getByRole("button", { name: "Admin" })).toBeVisible();
  const [account, out, bar] = await Promise.all([
    header.getByRole("link", { name: "Account" }).boundingBox(),
    logout.boundingBox(),
    header.boundingBox(),
  ]);
  expect(out!.x + out!.width).toBeLessThanOrEqual(1024);
  expect(account!.x + account!.width).toBeLessThanOrEqual(out!.x);
  // Nothing wraps onto a second line: every control sits inside the 64 px bar.
  for (const box of [account!, out!]) expect(box.y + box.height).toBeLessThanOrEqual(bar!.y + bar!.height);
  await expect(header.getByRole("link", { name: /Call sales/ })).toBeVisible();
});
