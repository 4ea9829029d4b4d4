/**
 * Password reset by e-mail (docs/requirements/accounts.md#password-reset) on a server process with SMTP
 * configured, whose e-mails a real SMTP listener captures: a staff member resets a forgotten
 * password from the link, weak passwords are refused with reasons, every session ends, the
 * "changed" e-mail arrives, the link works once, an unknown address gets the same page, and
 * administrators send links under the super-administrator rule. The 30-minute expiry is tested on
 * both databases in tests/integration/password-reset-account.test.ts.
 */
import { createStaff, freshPassword, newContext } from "./account-helpers";
import { axeViolations } from "./axe";
import { E2E_SITE_URL, E2E_USERS } from "./config";
import { expect, signIn, test, type Browser } from "./fixtures";
import { hydrated, nuErrors, submitSignIn } from "./helpers";
import { serverWithMailForFile } from "./server-process";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const running = serverWithMailForFile("reset");

/** The message to `to` whose subject matches, once it has arrived (quoted-printable decoded). */
async function mailTo(to: string, subject: RegExp, count = 1): Promise<string[]> {
  const matching = () =>
    running.smtp.received
      .map((raw) => raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
      .filter((m) => m.split(/\r?\n/).includes(`To: ${to}`) && subject.test(m));
  await expect.poll(() => matching().length, { timeout: 10_000, message: `e-mail to ${to}` }).toBe(count);
  return matching();
}

/** The reset link of an e-mail, pointed at the test server instead of the public origin. */
function linkIn(mail: string): string {
  const link = new RegExp(`${E2E_SITE_URL}/auth/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(mail);
  expect(link, "a reset link in the e-mail").not.toBeNull();
  return `${running.server.url}/auth/reset-password?token=${link![1]}`;
}

async function adminPage(browser: Browser, user: { email: string; password: string } = E2E_USERS.admin) {
  const context = await newContext(browser, { baseURL: running.server.url });
  const page = await context.newPage();
  // The seed turned two-factor sign-in on for the administrators of this spec's own server.
  await signIn(page, { ...user, totpSecret: running.totpSecrets[user.email] }, { to: "/admin/users" });
  return page;
}

test("a staff member resets a forgotten password from the e-mailed link; every session ends", async ({ browser }) => {
  const admin = await adminPage(browser);
  const staff = await createStaff(admin, "forgetful");
  await admin.context().close();

  // Signed in on another device.
  const other = await (await newContext(browser, { baseURL: running.server.url })).newPage();
  await signIn(other, staff, { to: "/account" });

  // Forgot the password: from the sign-in page to the form.
  const context = await newContext(browser, { baseURL: running.server.url });
  const page = await context.newPage();
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await hydrated(page);
  expect(await axeViolations(page, { bestPractice: true }), "/auth/forgot-password").toEqual([]);
  await page.getByLabel("E-mail address").fill(staff.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  const sentNote = page.getByRole("status").filter({ hasText: "Check your e-mail." });
  await expect(sentNote).toBeVisible();
  await expect(sentNote).toBeFocused();
  await expect(sentNote).toContainText(`If ${staff.email} belongs to a staff account, we sent it a link to set a new password.`);

  const [mail] = await mailTo(staff.email, /^Subject: Set a new password/m);
  expect(mail).toContain("open this link within 30 minutes. It works once.");
  const link = linkIn(mail);
  const token = new URL(link).searchParams.get("token")!;

  // The link's page: the token leaves the address bar at once, and no Referer is sent from it.
  const opened = await page.goto(link);
  await expect(page).toHaveURL(`${running.server.url}/auth/reset-password`);
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(await page.content()).not.toContain(token);
  await expect(page.getByText(`For the staff account ${staff.email}.`)).toBeVisible();
  expect(await nuErrors(await (await page.request.get("/auth/reset-password")).text())).toEqual([]);
  await hydrated(page);
  expect(await axeViolations(page, { bestPractice: true }), "/auth/reset-password").toEqual([]);

  // A weak password: refused with every reason, the field focused.
  await page.getByLabel("New password", { exact: true }).fill("aaaaaaaaaaaa");
  await page.getByLabel("Repeat the new password").fill("aaaaaaaaaaaa");
  await page.getByRole("button", { name: "Set the new password" }).click();
  const reasons = page.locator("#password-error");
  await expect(reasons).toContainText("That password is too weak:");
  await expect(reasons.getByRole("listitem")).toHaveText([
    "Mix at least two of: lower case, upper case, digits, symbols.",
    "Do not repeat one character.",
  ]);
  await expect(page.getByLabel("New password", { exact: true })).toBeFocused();
  expect(await axeViolations(page, { bestPractice: true }), "/auth/reset-password with errors").toEqual([]);

  // A good one: sign-in says what happened.
  const newPassword = freshPassword();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?reset=done$/);
  await expect(page.getByRole("status").filter({ hasText: "Password changed. Sign in with your new password." })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByLabel("E-mail address").fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("do not match an account");
  await submitSignIn(page, { email: staff.email, password: newPassword });
  await expect(page).toHaveURL(/\/$/);

  // The other device was signed out.
  await other.reload();
  await expect(other).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount$/);

  // The "changed" e-mail arrived, without a link to reset again.
  const [changed] = await mailTo(staff.email, /^Subject: Your Crossroads IT staff password was changed/m);
  expect(changed).toContain("Every other session of the account was signed out.");
  expect(changed).not.toContain("token=");

  // The link works once.
  const fresh = await (await newContext(browser, { baseURL: running.server.url })).newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole("alert")).toContainText("This link no longer works.");
  await fresh.getByRole("link", { name: "Send me a new link" }).click();
  await expect(fresh).toHaveURL(/\/auth\/forgot-password$/);
  // And the server says nothing about it in its log.
  expect(running.server.logs()).not.toContain(token);
});

test("an unknown address gets the same answer and no e-mail, without JavaScript too", async ({ browser }) => {
  const context = await newContext(browser, { baseURL: running.server.url, javaScriptEnabled: false });
  const page = await context.newPage();
  const before = running.smtp.received.length;
  const answers: string[] = [];
  for (const email of ["nobody-here@crossroadsit.example", E2E_USERS.staff.email]) {
    await page.goto("/auth/forgot-password");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    const note = page.getByRole("status");
    await expect(note).toContainText("Check your e-mail.");
    answers.push((await note.innerText()).replace(email, "<address>"));
  }
  expect(answers[0]).toBe(answers[1]);
  // Only the real account got a message.
  await mailTo(E2E_USERS.staff.email, /^Subject: Set a new password/m);
  await new Promise((r) => setTimeout(r, 500));
  expect(running.smtp.received.slice(before).filter((m) => m.includes("nobody-here@"))).toEqual([]);
});

test("administrators send reset links: an administrator's account only by the super-administrator", async ({ browser }) => {
  const superAdmin = await adminPage(browser);
  const staff = await createStaff(superAdmin, "linked");
  const adminId = await superAdmin
    .locator("tr", { hasText: E2E_USERS.admin.email })
    .locator('input[name="userId"]')
    .first()
    .getAttribute("value");

  // An ordinary administrator: a staff member yes, an administrator no (no button, and a direct post is refused).
  const ops = await adminPage(browser, E2E_USERS.ops);
  await ops.reload();
  await expect(ops.locator("tr", { hasText: E2E_USERS.admin.email }).getByRole("button", { name: /Send reset link/ })).toHaveCount(0);
  const refused = await ops.request.post("/admin/users", {
    form: { intent: "send-reset-link", userId: adminId! },
    headers: { origin: running.server.url },
  });
  expect(refused.status()).toBe(403);
  await hydrated(ops);
  await ops.getByRole("button", { name: `Send reset link to ${staff.email}` }).click();
  await expect(ops.getByRole("status")).toHaveText(`Reset link sent to ${staff.email}. It works once, for 30 minutes.`);
  const [mail] = await mailTo(staff.email, /^Subject: Set a new password/m);
  expect(linkIn(mail)).toContain("/auth/reset-password?token=");

  // The super-administrator: an administrator too.
  await superAdmin.reload();
  await hydrated(superAdmin);
  await superAdmin.getByRole("button", { name: `Send reset link to ${E2E_USERS.ops.email}` }).click();
  await expect(superAdmin.getByRole("status")).toHaveText(`Reset link sent to ${E2E_USERS.ops.email}. It works once, for 30 minutes.`);
  await mailTo(E2E_USERS.ops.email, /^Subject: Set a new password/m);
});
