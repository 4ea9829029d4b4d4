/**
 * The `test` every browser test imports (instead of @playwright/test's): the same, plus a guard
 * that fails the test when any page it opened reported a Content-Security-Policy violation
 * (the `securitypolicyviolation` event). The guard covers the test's own `context`/`page` and
 * every context or page the test makes with `browser.newContext()` or `browser.newPage()`.
 * A test that provokes a violation on purpose reads and empties `cspViolations`.
 *
 * `signInAs(user)` signs the test's `context` (and so `page`) in on the server, through the API
 * (password, then a TOTP code computed from the account's secret when it has two-factor sign-in),
 * without the form: for tests about something else than signing in.
 */
import { test as base, expect, type Browser, type BrowserContext, type Cookie } from "@playwright/test";
import { unusedCode } from "../two-factor";
import { E2E_ORIGIN } from "./config";
import { allowWait, randomClientAddress, totpSecretOf, type TestUser } from "./helpers";

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
 * The sessions of the seeded administrators this worker signed in, by e-mail: each authenticator
 * code signs in once (docs/requirements.md#two-factor-sign-in), so a worker signs each of them in
 * once and hands the same session to every later test that only needs to be signed in. Tests that
 * end sessions do it on accounts of their own.
 */
const seededSessions = new Map<string, Cookie[]>();

/** Puts the worker's session of `user` into `context`; false (and nothing added) when it has none that still works. */
async function reuseSession(context: BrowserContext, user: TestUser): Promise<boolean> {
  const cookies = seededSessions.get(user.email);
  if (!cookies) return false;
  await context.addCookies(cookies);
  const session = await context.request.get("/api/session");
  const email = session.ok() ? ((await session.json()) as { user?: { email?: string } | null }).user?.email : undefined;
  if (email === user.email) return true;
  seededSessions.delete(user.email);
  for (const { name } of cookies) await context.clearCookies({ name });
  return false;
}

/**
 * Signs `context` in as `user` through /api/auth/sign-in/email and, with two-factor sign-in,
 * /api/auth/two-factor/verify-totp; the session cookie lands in the context's cookie jar. A seeded
 * administrator gets the session this worker already made for them, while it still works.
 */
export async function signInContext(context: BrowserContext, user: TestUser): Promise<void> {
  const seeded = !user.totpSecret && totpSecretOf(user) !== undefined;
  if (seeded && (await reuseSession(context, user))) return;
  // Its own client address, so the sign-in rate limits of one test never touch another.
  // better-auth refuses a write that carries cookies without a trusted Origin, as a browser sends.
  const headers = { "x-forwarded-for": randomClientAddress(), origin: E2E_ORIGIN };
  const signIn = await context.request.post("/api/auth/sign-in/email", { headers, data: { email: user.email, password: user.password } });
  expect(signIn.status(), `sign-in of ${user.email}`).toBe(200);
  if (!((await signIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) return;
  const secret = totpSecretOf(user);
  if (!secret) throw new Error(`${user.email} has two-factor sign-in on, and the test has no secret for it`);
  const verify = await context.request.post("/api/auth/two-factor/verify-totp", {
    headers,
    data: { code: await unusedCode(secret, allowWait) },
  });
  expect(verify.status(), `code step of ${user.email}`).toBe(200);
  if (seeded) seededSessions.set(user.email, await context.cookies());
}

export const test = base.extend<{ cspViolations: string[]; signInAs: (user: TestUser) => Promise<void> }>({
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
  signInAs: async ({ context }, run) => {
    await run((user) => signInContext(context, user));
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
