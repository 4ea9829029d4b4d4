/** Shared steps of the password-reset and account-page specs: fresh accounts and browser contexts. */
import { randomUUID } from "node:crypto";

import { expect, type Browser, type BrowserContext, type Page } from "./fixtures";
import { randomClientAddress, type TestUser } from "./helpers";

/** A password that meets the rules and belongs to no seeded account. */
export const freshPassword = () => `Lantern-${randomUUID().slice(0, 8)}-River-42`;

/** A new browser context with its own client address (sign-in limits), on `baseURL` when given. */
export async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress(), ...options.extraHTTPHeaders } });
}

/**
 * Creates a staff account through /admin/users with `adminPage` (signed in as an administrator),
 * so that no test changes the seeded accounts other specs sign in with.
 */
export async function createStaff(adminPage: Page, prefix: string): Promise<TestUser> {
  const user = { email: `${prefix}-${randomUUID().slice(0, 8)}@crossroadsit.example`, password: freshPassword() };
  const origin = new URL(adminPage.url()).origin;
  const response = await adminPage.request.post("/admin/users", {
    form: { intent: "create", email: user.email, password: user.password },
    headers: { origin },
  });
  expect(response.status(), `creating ${user.email}`).toBe(200);
  return user;
}
