import { E2E_USERS } from "./config";
import { expect, signIn, test } from "./fixtures";
import { holdRequests, hydrated, ownClientAddressPerTest, startHydration, submitSignIn } from "./helpers";

ownClientAddressPerTest(test);

test("a signed-out visitor is sent to sign-in with the original path, and returns to it", async ({ page }) => {
  const response = await page.goto("/admin/docs?filter=mloe");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin%2Fdocs%3Ffilter%3Dmloe$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff sign-in");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await submitSignIn(page, E2E_USERS.admin);
  await expect(page).toHaveURL(/\/admin\/docs\?filter=mloe$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Docs");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Graphics" })).toBeVisible();
});

test("the session cookie is httpOnly and SameSite=Lax", async ({ page, context }) => {
  await page.goto("/auth/login");
  await submitSignIn(page, E2E_USERS.staff);
  await expect(page).toHaveURL(/\/$/);
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("session_token"));
  expect(cookie).toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe("Lax");
});

test("a wrong password shows one message on the form and keeps the e-mail", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 560 }); // a phone: the button is below the fold
  await page.goto("/auth/login");
  await submitSignIn(page, { email: E2E_USERS.staff.email, password: "Not-The-Password-1" });
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("That e-mail address and password do not match an account. Check both and try again.");
  // The message takes focus, so it is in view below the fixed header, even on a short screen.
  await expect(alert).toBeFocused();
  const top = await alert.evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(64); // below the 64 px header bar
  await expect(page.getByLabel("E-mail address")).toHaveValue(E2E_USERS.staff.email);
  // An unknown account reads exactly the same.
  await submitSignIn(page, { email: "nobody@crossroadsit.example", password: "Not-The-Password-1" });
  await expect(page.getByRole("alert")).toHaveText("That e-mail address and password do not match an account. Check both and try again.");
});

test("a wrong password sent before the page hydrates comes back as a page whose message has focus", async ({ page }) => {
  // The modules come late (a slow phone), so the click submits the form natively and the answer is
  // a new page, which hydrates only at the next input.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/auth/login");
  await submitSignIn(page, { email: E2E_USERS.staff.email, password: "Not-The-Password-1" });
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("That e-mail address and password do not match an account. Check both and try again.");
  await expect(alert).toBeFocused({ timeout: 1_000 });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
});

test("after 10 wrong passwords for one account the form says when to retry", async ({ page }) => {
  // An address no account has: a paused unknown account reads exactly like a paused real one, and
  // the seeded accounts the other tests use stay unpaused.
  const guessed = { email: `guessed-${Date.now()}@crossroadsit.example`, password: "Not-The-Password-1" };
  await page.goto("/auth/login");
  const answered = () => page.waitForResponse((r) => r.url().includes("/auth/login") && r.request().method() === "POST");
  for (let i = 0; i < 10; i++) {
    await Promise.all([answered(), submitSignIn(page, { ...guessed, password: `Wrong-Password-${i}0` })]);
    await expect(page.getByRole("alert")).toHaveText("That e-mail address and password do not match an account. Check both and try again.");
  }
  await Promise.all([answered(), submitSignIn(page, guessed)]);
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Too many failed sign-ins. Try again in 15 minutes.");
  await expect(alert).toBeFocused();
  await expect(page.getByLabel("E-mail address")).toHaveValue(guessed.email);
});

test("the password can be shown and hidden", async ({ page }) => {
  await page.goto("/auth/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("Secret-Value-123");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByLabel("E-mail address")).toHaveAttribute("autocomplete", "username");
  await expect(password).toHaveAttribute("autocomplete", "current-password");
});

test("a non-admin gets Access Denied with HTTP 403 and the required words", async ({ page }) => {
  await page.goto("/auth/login");
  await submitSignIn(page, E2E_USERS.staff);
  await expect(page).toHaveURL(/\/$/);
  const response = await page.goto("/admin/graphics");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access Denied");
  await expect(page.getByText("Administrator access required", { exact: true })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this area", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth/login");
  await expect(page.getByText("will be managed here")).toHaveCount(0);
});

for (const evil of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
  test(`redirectTo=${evil} is ignored after sign-in`, async ({ page }) => {
    await page.goto(`/auth/login?redirectTo=${encodeURIComponent(evil)}`);
    await submitSignIn(page, E2E_USERS.staff);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });
}

test("a signed-in user who opens sign-in is sent on", async ({ page }) => {
  await signIn(page, E2E_USERS.admin);
  await page.goto("/auth/login?redirectTo=%2Fadmin%2Fgraphics");
  await expect(page).toHaveURL(/\/admin\/graphics$/);
});

test("a cross-site POST is refused", async ({ request }) => {
  const response = await request.post("/auth/login", {
    headers: { origin: "https://evil.example" },
    form: { email: E2E_USERS.admin.email, password: E2E_USERS.admin.password },
  });
  expect(response.status()).toBe(403);
  const api = await request.post("/api/auth/sign-in/email", {
    headers: { origin: "https://evil.example" },
    data: { email: E2E_USERS.admin.email, password: E2E_USERS.admin.password },
  });
  expect(api.status()).toBe(403);
  expect(api.headers()["set-cookie"]).toBeUndefined();
});

test("sign-in works with JavaScript turned off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": "10.250.0.1" } });
  const page = await context.newPage();
  await page.goto("/auth/login?redirectTo=%2Fadmin%2Fdocs");
  await submitSignIn(page, E2E_USERS.admin);
  await expect(page).toHaveURL(/\/admin\/docs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Docs");
  await context.close();
});

test("an administrator sees Logout and the Admin menu; the footer's Login goes away", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Both visits in the fallback font: a browser's second page is in Inter (app/first-paint/web-font.ts),
  // whose widths would move the items this test compares.
  await page.route(/\.woff2$/, (route) => route.abort());
  await page.goto("/");
  const main = page.getByRole("navigation", { name: "Main" });
  const positions = async () =>
    Promise.all(["Services", "Industries"].map(async (name) => (await main.getByRole("button", { name }).boundingBox())?.x));
  const asVisitor = await positions();
  await signIn(page, E2E_USERS.admin, { to: "/" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Admin" }).click();
  await expect(nav.getByRole("link", { name: "Docs" })).toHaveAttribute("href", "/admin/docs");
  await expect(nav.getByRole("link", { name: "Graphics" })).toHaveAttribute("href", "/admin/graphics");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.locator("header").getByRole("link", { name: "Get Started" })).toHaveCount(0);
  await expect(page.locator("footer").getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  // The Admin menu takes free space at the end of the row: nothing a visitor saw has moved.
  expect(await positions()).toEqual(asVisitor);
});

test("a client navigation into the admin area shows the access check until the server has answered", async ({ page }) => {
  // Without the tag manager in the document (here the browser sends Global Privacy Control), a
  // link into the admin area navigates inside the app; once the tag manager has loaded, it loads
  // a new document instead, without it (analytics.spec.ts: no analytics on staff pages).
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  await signIn(page, E2E_USERS.admin, { to: "/" });
  // Hold the server's answer (the guard runs in the loaders) to see what shows meanwhile.
  const release = await holdRequests(page, /\/admin\/(docs|users)\.data/);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Admin" }).click();
  await nav.getByRole("link", { name: "Docs" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Checking your access…" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Docs" })).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Docs" })).toBeVisible();

  // Between admin pages too: the check shows instead of the page being left.
  await page.unroute(/\/admin\/(docs|users)\.data/);
  const releaseUsers = await holdRequests(page, /\/admin\/users\.data/);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Checking your access…" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Docs" })).toHaveCount(0);
  releaseUsers();
  await expect(page.getByRole("heading", { level: 1, name: "Staff accounts" })).toBeVisible();
});

test("a signed-in staff member sees Logout and an Admin menu of Leads only", async ({ page }) => {
  await page.goto("/auth/login");
  // Hydrated, as the page is by the time a person has typed in: the form signs in inside the app.
  // (Sent before, it goes to the server as a plain form and the next page is a new document,
  // drawn signed out until the visitor's first touch hydrates it: ADR 013.)
  await hydrated(page);
  await submitSignIn(page, E2E_USERS.staff);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  // Staff work leads (docs/requirements/leads.md#who-may-do-what): nothing else of the admin area.
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("button", { name: "Admin" }).click();
  await expect(main.locator('a[href^="/admin/"]')).toHaveText(["Leads"]);
});

test("signing out in one tab signs out every tab", async ({ context }) => {
  const admin = await context.newPage();
  await signIn(admin, E2E_USERS.admin, { to: "/admin/docs" });
  const other = await context.newPage();
  await other.goto("/about");
  await startHydration(other); // the header shows who is signed in once the page has hydrated
  await other.getByRole("button", { name: "Logout" }).click();
  await expect(other.getByRole("link", { name: "Get Started" }).first()).toBeVisible();
  await expect(admin).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin%2Fdocs$/);
  // And the server no longer knows the session.
  const session = await (await other.request.get("/api/session")).json();
  expect(session.user).toBeNull();
});

test("a network failure during sign-in is said on the form, and the e-mail stays", async ({ page }) => {
  await page.goto("/auth/login");
  await hydrated(page); // sign-in pushes no analytics to wait for
  await page.route("**/auth/login.data*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await submitSignIn(page, E2E_USERS.staff);
  await expect(page.getByRole("alert")).toHaveText("We could not reach the server. Check your connection and try again.");
  await expect(page.getByLabel("E-mail address")).toHaveValue(E2E_USERS.staff.email);
});
