import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
// eslint-disable-next-line no-restricted-imports -- only test.info(), to give a test the time it waits for a code; no test is declared here
import { test, type Page, type Request } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";

import { navigation } from "../../app/config/navigation";
import { seedFacts, site } from "../../app/config/site";
import { publicPages } from "../../app/content/routes-index";
import routes from "../../app/routes";
import { unusedCode } from "../two-factor";
import { E2E_USERS, TOTP_SECRETS_FILE } from "./config";

/** The business facts the pages show: the test server's content service serves the seed. */
export { publicPages, seedFacts, site };

export const BRAND_SUFFIX = ` | ${site.brand}`;

/** Every path of the route table (app/routes.ts), without its leading slash. */
function routePaths(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [...(entry.path === undefined ? [] : [entry.path]), ...routePaths(entry.children ?? [])]);
}

/** Every route of the table with its path and module file, children included. */
function routeEntries(entries: readonly RouteConfigEntry[]): { path: string; file: string }[] {
  return entries.flatMap((entry) => [
    ...(entry.path === undefined ? [] : [{ path: entry.path, file: entry.file }]),
    ...routeEntries(entry.children ?? []),
  ]);
}

/** A module that exports an action: declared there (`export async function action`, `export const action`) or re-exported (`export { action } from ...`). */
const EXPORTS_ACTION = /export\s+(async\s+function|const)\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}/;

/**
 * Every admin route whose module has an action (a write), as a path with `id` for each dynamic
 * segment. Read from the route table and the modules' text, so a new admin write is checked by
 * the access tests with no list to update.
 */
export function adminWrites(id: string): string[] {
  return routeEntries(routes)
    .filter(({ path }) => path.startsWith("admin/"))
    .filter(({ file }) => EXPORTS_ACTION.test(readFileSync(join("app", file), "utf8")))
    .map(({ path }) => `/${path.replace(/:[^/]+/g, id)}`);
}

/**
 * The screens of the admin area: every entry of the Admin menu, the super-administrator's
 * included (`navigation.admin`, `navigation.superAdmin`), and the `/new` page below each one that
 * has it in the route table. Derived, so a screen added to the menu is checked with no list to update.
 * An entry whose route is not in the table yet (Content, until the content studio lands) is left out.
 * `{ editors }`: only the entries editors see (true) or only the others (false).
 */
export function adminScreens({ editors }: { editors?: boolean } = {}): string[] {
  const paths = new Set(routePaths(routes));
  return [...navigation.admin, ...navigation.superAdmin.map((item) => ({ ...item, editors: false }))]
    .filter((item) => editors === undefined || item.editors === editors)
    .filter(({ href }) => paths.has(href.slice(1)))
    .flatMap(({ href }) => (paths.has(`${href.slice(1)}/new`) ? [href, `${href}/new`] : [href]));
}

/** The analytics events pushed so far. */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => typeof e === "object"),
  );
}

/** The page's JavaScript modules (what a test holds back to act before hydration). */
export const PAGE_SCRIPTS = /\/assets\/.+\.js$/;

/**
 * Holds back the requests to `url` (of them, those `only` picks) until the returned function is
 * called, as on a slow connection: to act on a page before its scripts run, or to see what shows
 * while an answer is on its way.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  only: (request: Request) => boolean = () => true,
): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (only(route.request())) await held;
    await route.continue();
  });
  return release;
}

/**
 * What starts hydration on a public page: the visitor's first key, pointer, touch or focus (ADR
 * 013); a page nobody touches stays as sent. A Shift press: it moves nothing and focuses nothing.
 * Pressed once the document is parsed, when the page's module script has set up its gate: right
 * after a click that loads a new document, a press made earlier went unseen and the page was
 * never hydrated (seen once on a loaded machine).
 */
export async function startHydration(page: Page): Promise<void> {
  await page.waitForLoadState("domcontentloaded");
  await page.keyboard.press("Shift");
}

/**
 * Start hydration and wait until React has committed the page: the root layout's effect marks
 * `<html data-hydrated>` (app/root.tsx) on every page, public or behind sign-in, and from then on
 * input reaches React (app/first-paint/held-input.ts).
 */
export async function hydrated(page: Page): Promise<void> {
  await startHydration(page);
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
}

/** Stop tel: and mailto: links from leaving the page, after the site's own listeners ran. */
export async function keepContactLinksOnPage(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.addEventListener("click", (e) => {
      const a = (e.target as Element).closest("a");
      if (a && /^(tel|mailto):/.test(a.getAttribute("href") ?? "")) e.preventDefault();
    }),
  );
}

/** A fresh client address for a test: the test server trusts X-Forwarded-For (TRUST_PROXY=1), so
 * the sign-in rate limit of one test never touches another. */
export function randomClientAddress(): string {
  const n = () => Math.floor(Math.random() * 256);
  return `10.${n()}.${n()}.${1 + Math.floor(Math.random() * 254)}`;
}

let addressCounter = 0;
const addressBase = 16 + Math.floor(Math.random() * 15);
/**
 * A client address never handed out before in this test process (172.16.0.0/12), for a test that
 * sends many requests (a fresh visitor each, so the contact form's per-address limit stays out of
 * the way).
 */
export function nextAddress(): string {
  const n = ++addressCounter;
  return `172.${addressBase}.${(n >> 8) & 255}.${n & 255}`;
}

/** Runs `job` for 0..count-1, at most `concurrency` at a time; the results in that order. */
export async function runConcurrently<T>(count: number, concurrency: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await job(i);
      }
    }),
  );
  return results;
}

/** Each test of the file signs in from its own client address. */
export function ownClientAddressPerTest(test: typeof import("./fixtures").test): void {
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientAddress() });
  });
}

/** An account the tests sign in as; `totpSecret`: its two-factor secret when a test turned it on. */
export type TestUser = { email: string; password: string; totpSecret?: string };

/**
 * The two-factor secret of a seeded account signed in with its real password (seed.ts turned it on
 * for the administrators and editors), or of a test's own account; undefined: no code step is expected.
 */
export function totpSecretOf(user: TestUser): string | undefined {
  if (user.totpSecret) return user.totpSecret;
  const seeded = Object.values(E2E_USERS).find((u) => u.email === user.email && u.password === user.password);
  if (!seeded?.admin && !seeded?.editor) return undefined;
  return (JSON.parse(readFileSync(TOTP_SECRETS_FILE, "utf8")) as Record<string, string>)[user.email];
}

/** A code the user's authenticator app shows now that no test has used yet (each code works once). */
export async function currentCode(user: TestUser): Promise<string> {
  const secret = totpSecretOf(user);
  if (!secret) throw new Error(`${user.email} has no two-factor secret`);
  return unusedCode(secret, allowWait);
}

/** Waiting for the authenticator's next code is not the test being slow: the test gets that time on top. */
export function allowWait(ms: number): void {
  const info = test.info();
  info.setTimeout(info.timeout + ms);
}

/**
 * Fills and submits the sign-in form on the current page; for an account with two-factor sign-in,
 * also the code step that follows (unless `code: false`, for a test of that step itself).
 */
export async function submitSignIn(page: Page, user: TestUser, options: { code?: boolean } = {}): Promise<void> {
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (options.code === false || !totpSecretOf(user)) return;
  await page.waitForURL(/\/auth\/two-factor/);
  await page.getByLabel("6-digit code").fill(await currentCode(user));
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.pathname !== "/auth/two-factor");
}

/**
 * The W3C Nu HTML checker's error lines (none: valid) for one HTML document, or for several at
 * once by name (each line then starts with the name): one Java start for all of them.
 */
export async function nuErrors(documents: string | Record<string, string>): Promise<string[]> {
  const named = typeof documents === "string" ? { document: documents } : documents;
  const dir = mkdtempSync(join(tmpdir(), "nu-"));
  const files = Object.entries(named).map(([name, html], i) => {
    const file = join(dir, `${i}.html`);
    writeFileSync(file, html);
    return { name, file };
  });
  const jar = createRequire(import.meta.url)("vnu-jar") as string;
  // GNU format: one line per error, `"file:<path>":<line>.<column>-<line>.<column>: error: <message>`.
  const child = execFile("java", ["-jar", jar, "--errors-only", "--format", "gnu", ...files.map((f) => f.file)]);
  let out = "";
  child.stderr!.on("data", (d) => (out += d));
  child.stdout!.on("data", (d) => (out += d));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  rmSync(dir, { recursive: true, force: true });
  const lines = out.split("\n").filter((line) => line.trim() !== "");
  const errors = lines.filter((line) => /^"file:[^"]+":[\d.-]+: error: /.test(line));
  // A checker that did not run says neither "valid" (exit 0, silent) nor "invalid" (exit 1, error lines).
  if (!(exitCode === 0 && lines.length === 0) && !(exitCode === 1 && errors.length > 0 && errors.length === lines.length)) {
    throw new Error(`The Nu checker did not run (exit ${exitCode}):\n${out}`);
  }
  return errors.map((line) => {
    const file = files.find((f) => line.startsWith(`"file:${f.file}"`));
    const text = file ? line.slice(`"file:${file.file}":`.length) : line;
    return typeof documents === "string" ? text : `${file?.name ?? "?"}: ${text}`;
  });
}
