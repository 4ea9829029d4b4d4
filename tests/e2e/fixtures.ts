/**
 * The `test` every browser test imports (instead of @playwright/test's): the same, plus a guard
 * that fails the test when any page it opened reported a Content-Security-Policy violation
 * (the `securitypolicyviolation` event). The guard covers the test's own `context`/`page` and
 * every context or page the test makes with `browser.newContext()` or `browser.newPage()`.
 * A test that provokes a violation on purpose reads and empties `cspViolations`.
 *
 * `signIn(page, user, { to })` signs a page in without the form (below).
 */
import { test as base, expect, type Browser, type BrowserContext, type Cookie, type Page } from "@playwright/test";

import { unusedCode } from "../two-factor";
import { allowWait, randomClientAddress, startHydration, totpSecretOf, type TestUser } from "./helpers";

export * from "@playwright/test";

/** The violations of the running test (one test at a time per worker). */
let current: string[] | undefined;
const guarded = new WeakSet<BrowserContext>();

async function guard(context: BrowserContext): Promise<void> {
  if (guarded.has(context)) return;
  guarded.add(context);
  await context.exposeBinding("__reportCspViolation", ({ page }, text: string) => {
    current?.push(`${page?.url() ?? "?"}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : "";
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${e.disposition} ${e.effectiveDirective} blocked ${e.blockedURI || "(none)"}${where}`);
    });
  });
}

/**
 * The sessions of the seeded administrators this worker signed in, by server and e-mail: each
 * authenticator code signs in once (docs/requirements/accounts.md#two-factor-sign-in), so a worker signs
 * each of them in once and hands the same session to every later test that only needs to be
 * signed in. Tests that end sessions do it on accounts of their own.
 */
const seededSessions = new Map<string, Cookie[]>();

/** Puts the worker's session of `key` into `context`; false (and nothing added) when it has none that still works. */
async function reuseSession(context: BrowserContext, key: string, email: string): Promise<boolean> {
  const cookies = seededSessions.get(key);
  if (!cookies) return false;
  await context.addCookies(cookies);
  const session = await context.request.get("/api/session");
  const signedIn = session.ok() ? ((await session.json()) as { user?: { email?: string } | null }).user?.email : undefined;
  if (signedIn === email) return true;
  seededSessions.delete(key);
  for (const { name } of cookies) await context.clearCookies({ name });
  return false;
}

/** The origin of the server the page talks to (the test server, or the context's own `baseURL`). */
async function serverOrigin(page: Page): Promise<string> {
  const url = new URL(page.url());
  if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
  return new URL((await page.request.get("/healthz")).url()).origin;
}

/**
 * The one way a test signs in without the form, for tests about something else than signing in
 * (the sign-in tests drive the form with `submitSignIn`, helpers.ts): signs `page`'s context in as
 * `user` through /api/auth/sign-in/email and, for an account with two-factor sign-in, the code step
 * (/api/auth/two-factor/verify-totp with the code its authenticator shows now); the session cookie
 * lands in the context's cookie jar. A seeded administrator gets the session this worker already
 * made for them, while it still works; a user given with its `totpSecret` always signs in afresh.
 * With `to`, then opens that address and checks that it got there (and was not sent to sign-in).
 */
export async function signIn(page: Page, user: TestUser, { to }: { to?: string } = {}): Promise<void> {
  const context = page.context();
  const origin = await serverOrigin(page);
  const key = `${origin} ${user.email}`;
  const seeded = !user.totpSecret && totpSecretOf(user) !== undefined;
  if (!(seeded && (await reuseSession(context, key, user.email)))) {
    // Its own client address, so the sign-in rate limits of one test never touch another.
    // better-auth refuses a write that carries cookies without a trusted Origin, as a browser sends.
    const headers = { "x-forwarded-for": randomClientAddress(), origin };
    const password = await context.request.post("/api/auth/sign-in/email", {
      headers,
      data: { email: user.email, password: user.password },
    });
    expect(password.status(), `sign-in of ${user.email}`).toBe(200);
    if (((await password.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
      const secret = totpSecretOf(user);
      if (!secret) throw new Error(`${user.email} has two-factor sign-in on, and the test has no secret for it`);
      const code = await context.request.post("/api/auth/two-factor/verify-totp", {
        headers,
        data: { code: await unusedCode(secret, allowWait) },
      });
      expect(code.status(), `code step of ${user.email}`).toBe(200);
    }
    if (seeded) seededSessions.set(key, await context.cookies());
  }
  if (to === undefined) return;
  await page.goto(to);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === to);
  // A staff member at the keyboard: a public page shows who is signed in once it has hydrated,
  // which waits for the first key or pointer (ADR 013).
  await startHydration(page);
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture names from this pattern
    async ({}, run) => {
      const violations: string[] = [];
      current = violations;
      try {
        await run(violations);
      } finally {
        current = undefined;
      }
      expect(violations, "Content-Security-Policy violations reported by the pages of this test").toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations: _ }, run) => {
    await guard(context);
    await run(context);
  },
  // Contexts and pages a test opens itself are guarded too.
  browser: [
    async ({ browser }, run) => {
      const { newContext, newPage } = browser;
      const patched = browser as { -readonly [K in keyof Browser]: Browser[K] };
      patched.newContext = async (options) => {
        const created = await newContext.call(browser, options);
        await guard(created);
        return created;
      };
      patched.newPage = async (options) => {
        const created = await newPage.call(browser, options);
        await guard(created.context());
        return created;
      };
      await run(browser);
    },
    { scope: "worker" },
  ],
});
