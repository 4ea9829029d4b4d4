/** Shared steps of the password-reset and account-page specs: signing in (through helpers.ts) and fresh accounts. */
import { randomUUID } from "node:crypto";
import { expect, signInContext, type Browser, type BrowserContext, type Page } from "./fixtures";
import { randomClientAddress, submitSignIn, totpSecretOf } from "./helpers";

export type User = { email: string; password: string; totpSecret?: string };

/** A password that meets the rules and belongs to no seeded account. */
export const freshPassword = () => `Lantern-${randomUUID().slice(0, 8)}-River-42`;

/**
 * Signs in and waits to arrive at `to`: through the form, or, for a seeded administrator, with the
 * session the worker already has for them (each authenticator code works once: fixtures.ts).
 */
export async function signInTo(page: Page, user: User, to = "/"): Promise<void> {
  if (!user.totpSecret && totpSecretOf(user)) {
    await signInContext(page.context(), user);
    await page.goto(to);
  } else {
    await page.goto(`/auth/login?redirectTo=${encodeURIComponent(to)}`);
    await submitSignIn(page, user);
  }
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === to);
}

/** A new browser context with its own client address (sign-in limits), on `baseURL` when given. */
export async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress(), ...options.extraHTTPHeaders } });
}

/**
 * Creates a staff account through /admin/users with `adminPage` (signed in as an administrator),
 * so that no test changes the seeded accounts other specs sign in with.
 */
export async function createStaff(adminPage: Page, prefix: string): Promise<User> {
  const user = { email: `${prefix}-${randomUUID().slice(0, 8)}@crossroadsit.example`, password: freshPassword() };
  const origin = new URL(adminPage.url()).origin;
  const response = await adminPage.request.post("/admin/users", {
    form: { intent: "create", email: user.email, password: user.password },
    headers: { origin },
  });
  expect(response.status(), `creating ${user.email}`).toBe(200);
  return user;
}
