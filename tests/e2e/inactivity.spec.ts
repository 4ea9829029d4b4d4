import { E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { ownClientAddressPerTest, totpSecretOf } from "./helpers";

ownClientAddressPerTest(test);

/**
 * Sign in as the administrator on /admin/docs, with Playwright's clock in charge of time. A session
 * of its own (given with its secret, the administrator signs in afresh): the test ends it.
 */
async function signedInOnAdminPage(page: Page) {
  // Staff's extras (the timer and the toasts) come in a chunk of their own; on a busy machine it
  // arrives late. Make it late here, so the test waits for the timer itself and not for luck.
  await page.route(/\/assets\/signed-in-extras-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.clock.install();
  await signIn(page, { ...E2E_USERS.admin, totpSecret: totpSecretOf(E2E_USERS.admin) }, { to: "/admin/docs" });
  // The timer runs: the client knows the session and has mounted the staff extras (the toast
  // region renders beside the timer, in the same commit), and its effect has had a frame.
  await expect(page.locator('[data-slot="toaster"]')).toBeAttached({ timeout: 15_000 });
  await page.waitForTimeout(300);
}

const expiring = (page: Page) => page.getByRole("status").filter({ hasText: "Session Expiring" });
const expired = (page: Page) => page.getByRole("status").filter({ hasText: "Session Expired" });

test("after 9 idle minutes a warning; after 10 the user is signed out and sent to sign-in", async ({ page }) => {
  await signedInOnAdminPage(page);
  await page.clock.fastForward("08:58");
  await expect(expiring(page)).toHaveCount(0);
  await page.clock.fastForward("00:03");
  await expect(expiring(page)).toBeVisible();
  await expect(expiring(page)).toContainText("You will be logged out in 1 minute due to inactivity.");
  await page.clock.fastForward("01:00");
  await expect(expired(page)).toBeVisible();
  // From here the page's clock moves only when the test moves it: the checks below take real
  // time on a busy machine, which must not use up the toast's 3 seconds.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  await expect(expired(page)).toContainText("You have been logged out due to inactivity.");
  await expect(expiring(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin%2Fdocs$/);
  expect((await (await page.request.get("/api/session")).json()).user).toBeNull();
  // The expiry toast stays for 3 seconds (about 1 has gone by now).
  await page.clock.fastForward("00:01");
  await expect(expired(page)).toBeVisible();
  await page.clock.fastForward("00:02");
  await expect(expired(page)).toHaveCount(0);
});

test("activity restarts the timer (debounced by 1 second)", async ({ page }) => {
  await signedInOnAdminPage(page);
  await page.clock.fastForward("08:00");
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await page.clock.fastForward("00:02"); // the debounce settles: the timer starts again
  await page.clock.fastForward("08:30"); // 10.5 minutes since sign-in, 8.5 since activity
  await expect(expiring(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/docs$/);
  await page.clock.fastForward("00:40");
  await expect(expiring(page)).toBeVisible();
});

test("visitors have no inactivity timer", async ({ page }) => {
  await page.clock.install();
  await page.goto("/about");
  await page.clock.fastForward("11:00");
  await expect(expiring(page)).toHaveCount(0);
  await expect(expired(page)).toHaveCount(0);
});
