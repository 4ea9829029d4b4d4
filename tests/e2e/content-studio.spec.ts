/**
 * The content studio as staff use it (docs/requirements/content-studio.md), on the embedded
 * database (one process) and on PostgreSQL with two server processes behind nginx: an editor
 * changes the support phone, previews it, publishes it and every page of every process shows it
 * (top bar, contact page, a city page, JSON-LD), then restores the earlier number from the
 * history; a draft heading is on no public page and in no anonymous preview; a scheduled change
 * goes live on time; two saves at the same moment give one conflict message. Each backend has
 * servers of its own: these tests change what the other specs' pages show.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Cookie, Page } from "@playwright/test";

import { freePort } from "../../scripts/lib/free-port";
import { startTestPostgres, type TestPostgres } from "../../scripts/pg/test-server";
import { E2E_AUTH_SECRET, E2E_USERS, TOTP_SECRETS_FILE } from "./config";
import { expect, signIn, test } from "./fixtures";
import { hydrated } from "./helpers";
import { startNginx, type Nginx } from "./nginx";
import { startServerProcess, startServerWithMail, type ServerProcess, type ServerWithMail } from "./server-process";

const run = promisify(execFile);

interface Site {
  /** Where staff and visitors go: the one process, or nginx in front of both. */
  url: string;
  /** Each process's own address: a change is live when every one of them serves it. */
  processes: string[];
  secrets: Record<string, string>;
}

const SEED_SUPPORT = "(317) 555-0142";
const NEW_SUPPORT = "(317) 555-0199";

/** Polls every process until `path` contains (or no longer contains) `text`; fails after `timeoutMs`. */
async function servedEverywhere(site: Site, pathname: string, text: string, { present = true, timeoutMs = 10_000 } = {}) {
  for (const origin of site.processes) {
    await expect
      .poll(async () => (await (await fetch(`${origin}${pathname}`)).text()).includes(text), {
        timeout: timeoutMs,
        intervals: [100, 200, 250],
      })
      .toBe(present);
  }
}

/** Sessions already signed in, by site and person: each sign-in with two-factor waits for a TOTP code not yet used (up to 30 s). */
const sessions = new Map<string, Cookie[]>();

async function staffPage(
  browser: Browser,
  site: Site,
  who: "editor" | "admin",
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url, ...options });
  const page = await context.newPage();
  const key = `${site.url} ${who}`;
  const kept = sessions.get(key);
  if (kept) {
    await context.addCookies(kept);
    return page;
  }
  const user = E2E_USERS[who];
  await signIn(page, { email: user.email, password: user.password, totpSecret: site.secrets[user.email] });
  sessions.set(key, await context.cookies());
  return page;
}

/** A datetime-local value `secondsAhead` from now in the office's time zone (America/New_York). */
function officeLocal(secondsAhead: number): { value: string; at: number } {
  const at = Date.now() + secondsAhead * 1000;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return { value: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`, at };
}

function studioScenarios(site: () => Site) {
  test("an editor changes the support phone: the draft is on no public page, the preview shows it to staff only, publishing puts it on every page of every process", async ({
    browser,
  }) => {
    const s = site();
    // A visitor who is reading the site when the change is published.
    const visitor = await (await browser.newContext({ baseURL: s.url })).newPage();
    await visitor.goto("/");
    await hydrated(visitor);
    await visitor.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const page = await staffPage(browser, s, "editor");
    await page.goto("/admin/content/facts");
    await expect(page.getByRole("heading", { level: 1, name: "Business facts" })).toBeVisible();
    await page.locator('[name="phones.support"]').fill(NEW_SUPPORT);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toContainText("Draft saved");
    await servedEverywhere(s, "/", SEED_SUPPORT);
    await servedEverywhere(s, "/", NEW_SUPPORT, { present: false, timeoutMs: 1000 });

    // The preview: the page as it will be, for staff; private and never stored.
    const preview = await page.request.get("/contact?preview=facts");
    expect(preview.headers()["cache-control"]).toBe("private, no-store");
    await page.goto("/contact?preview=facts");
    await expect(page.locator("main")).toContainText(NEW_SUPPORT);
    // Anyone else gets the sign-in page, never the draft.
    const anonymous = await fetch(`${s.url}/contact?preview=facts`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\/login\?/);
    expect(await anonymous.text()).not.toContain(NEW_SUPPORT);

    await page.goto("/admin/content/facts");
    await page.locator('[name="note"]').fill("New support line");
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status")).toContainText("Published");
    for (const pathname of ["/", "/contact", "/indianapolis-it-support"]) await servedEverywhere(s, pathname, NEW_SUPPORT);
    const home = await (await fetch(`${s.processes.at(-1)}/`)).text();
    const jsonLd = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]).join("\n");
    expect(jsonLd).toContain("+13175550199");
    expect(jsonLd).not.toContain("+13175550142");

    // The visitor's next page, opened in the app (no page load), shows the new number in the top
    // bar and in the footer, which kept the first page's markup until then.
    await expect(visitor.getByRole("contentinfo")).toContainText(SEED_SUPPORT);
    await visitor.getByRole("contentinfo").getByRole("link", { name: "Managed IT", exact: true }).click();
    await expect(visitor).toHaveURL(/\/services\/managed-it$/);
    await expect(visitor.getByRole("contentinfo")).toContainText(NEW_SUPPORT);
    await expect(visitor.getByTestId("top-bar")).toContainText(NEW_SUPPORT);
    expect(await visitor.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await visitor.context().close();

    // Signing out ends the preview.
    await page.goto("/admin/content/facts");
    await page.context().clearCookies();
    await page.goto("/contact?preview=facts");
    await expect(page).toHaveURL(/\/auth\/login\?/);
    await page.context().close();
  });

  test("the editor restores the earlier number from the history: a draft first, live everywhere once published", async ({ browser }) => {
    const s = site();
    const page = await staffPage(browser, s, "editor");
    await page.goto("/admin/content/facts");
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await expect(page.getByRole("status")).toContainText("Version 1 is now the draft");
    await expect(page.locator('[name="phones.support"]')).toHaveValue(SEED_SUPPORT);
    // Still the published number until the restored draft is published.
    await servedEverywhere(s, "/contact", NEW_SUPPORT);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status")).toContainText("Published");
    for (const pathname of ["/", "/contact", "/indianapolis-it-support"]) await servedEverywhere(s, pathname, SEED_SUPPORT);
    await page.getByRole("link", { name: "Compare version 2" }).click();
    await expect(page.locator("#compare")).toContainText(NEW_SUPPORT);
    await page.context().close();
  });

  test("a draft heading is on no public page and in no anonymous preview; staff see it in the preview", async ({ browser }) => {
    const s = site();
    const page = await staffPage(browser, s, "editor");
    const heading = "Draft heading that must stay private";
    await page.goto("/admin/content/service/managed-it");
    await page.locator('[name="headline"]').fill(heading);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toContainText("Draft saved");
    await servedEverywhere(s, "/services/managed-it", heading, { present: false, timeoutMs: 1500 });
    await page.goto("/services/managed-it?preview=service/managed-it");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    // The preview says what it is, and leads back to the editor; the public page has no such notice.
    const notice = page.getByRole("complementary", { name: "Preview" });
    await expect(notice).toContainText("Preview of the draft of “Managed IT”");
    await expect(notice.getByRole("link", { name: "Back to the editor" })).toHaveAttribute("href", "/admin/content/service/managed-it");
    expect(await (await fetch(`${s.url}/services/managed-it`)).text()).not.toContain("preview-notice");

    const visitor = await browser.newContext({ baseURL: s.url });
    const anonymous = await visitor.newPage();
    await anonymous.goto("/services/managed-it?preview=service/managed-it");
    await expect(anonymous).toHaveURL(/\/auth\/login\?/);
    await expect(anonymous.locator("body")).not.toContainText(heading);
    await anonymous.goto("/services/managed-it");
    await expect(anonymous.getByRole("heading", { level: 1 })).not.toHaveText(heading);
    await visitor.close();

    await page.goto("/admin/content/service/managed-it");
    await page.getByRole("button", { name: "Discard the draft" }).click();
    // Asked first; Cancel keeps the draft, the dialog's button discards it.
    const discard = page.getByRole("dialog", { name: "Discard the draft?" });
    await discard.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("item-state")).toContainText("Draft with unpublished changes");
    await page.getByRole("button", { name: "Discard the draft" }).click();
    await discard.getByRole("button", { name: "Discard the draft" }).click();
    await expect(page.getByRole("status")).toContainText("Draft discarded");
    await page.context().close();
  });

  test("a scheduled change goes live on time, on every process", async ({ browser }) => {
    const s = site();
    const page = await staffPage(browser, s, "editor");
    const heading = "Scheduled heading for cybersecurity";
    await page.goto("/admin/content/service/cybersecurity");
    await page.locator('[name="headline"]').fill(heading);
    const when = officeLocal(15);
    await page.locator('[name="publishAt"]').fill(when.value);
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByRole("status")).toContainText("Scheduled");
    await expect(page.getByTestId("item-state")).toContainText("Scheduled");
    await servedEverywhere(s, "/services/cybersecurity", heading, { present: false, timeoutMs: 1000 });
    await servedEverywhere(s, "/services/cybersecurity", heading, { timeoutMs: 40_000 });
    // Not before its time (the poll of the scheduler and the render come after it, never before).
    expect(Date.now()).toBeGreaterThanOrEqual(when.at - 1000);
    await page.reload();
    await expect(page.getByTestId("item-state")).toContainText("Published");
    await expect(page.getByRole("table", { name: /Published versions/ })).toContainText("Scheduled");
    await page.context().close();
  });

  test("two saves of the same item at the same moment: one is kept, the other gets one conflict message naming who saved, and keeps what was typed", async ({
    browser,
  }) => {
    const s = site();
    const [editor, admin] = await Promise.all([staffPage(browser, s, "editor"), staffPage(browser, s, "admin")]);
    for (const page of [editor, admin]) await page.goto("/admin/content/industry/healthcare");
    await editor.locator('[name="headline"]').fill("Headline typed by the editor");
    await admin.locator('[name="headline"]').fill("Headline typed by the administrator");
    await Promise.all([editor, admin].map((page) => page.getByRole("button", { name: "Save draft" }).click()));
    const outcomes = await Promise.all(
      [editor, admin].map(async (page) => {
        await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toBeVisible();
        return (await page.getByRole("alert").count()) > 0 ? "conflict" : "saved";
      }),
    );
    expect([...outcomes].sort()).toEqual(["conflict", "saved"]);
    const loser = outcomes[0] === "conflict" ? editor : admin;
    const alert = loser.getByRole("alert");
    await expect(alert).toContainText("changed this item at");
    await expect(alert).toContainText("not saved");
    await expect(loser.locator('[name="headline"]')).toHaveValue(
      loser === editor ? "Headline typed by the editor" : "Headline typed by the administrator",
    );
    await Promise.all([editor.context().close(), admin.context().close()]);
  });
}

test.describe("content studio on the embedded database", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let server: ServerWithMail;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServerWithMail("content-studio", { CONTENT_SCHEDULE_POLL_MS: "500", TRUST_PROXY: "1", SECURE_COOKIES: "0" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const embedded = (): Site => ({ url: server.server.url, processes: [server.server.url], secrets: server.totpSecrets });
  studioScenarios(embedded);

  test("leaving the form with unsaved changes asks first; staying keeps what was typed, saving clears the question", async ({
    browser,
  }) => {
    const page = await staffPage(browser, embedded(), "editor");
    const context = page.context();
    await page.goto("/admin/content/about");
    await hydrated(page);
    const headline = page.locator('[name="headline"]');
    // Typed and then typed back as it was: nothing to lose, no question.
    const original = await headline.inputValue();
    await headline.fill(`${original} again`);
    await headline.fill(original);
    await page.getByRole("link", { name: "Content", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/content$/);

    await page.goto("/admin/content/about");
    await hydrated(page);
    const typed = "An about page headline typed and not saved";
    await headline.fill(typed);
    await page.getByRole("link", { name: "Content", exact: true }).first().click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await leave.getByRole("button", { name: "Stay and keep editing" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/about$/);
    await expect(headline).toHaveValue(typed);
    // Saved: leaving asks nothing.
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toContainText("Draft saved");
    await page.getByRole("link", { name: "Content", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    // Leave no draft behind for the other tests.
    await page.goto("/admin/content/about");
    await page.getByRole("button", { name: "Discard the draft" }).click();
    await page.getByRole("dialog", { name: "Discard the draft?" }).getByRole("button", { name: "Discard the draft" }).click();
    await expect(page.getByRole("status")).toContainText("Draft discarded");
    await context.close();
  });

  test("staff without the editor role get 403 for a preview, never the draft", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.server.url });
    const page = await context.newPage();
    await signIn(page, E2E_USERS.staff);
    const answer = await page.goto("/contact?preview=facts");
    expect(answer?.status()).toBe(403);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is for editors and administrators");
    await context.close();
  });

  test("a megabyte pasted into a field: a message beside it, nothing saved, everything else kept", async ({ browser }) => {
    const page = await staffPage(browser, embedded(), "editor");
    const context = page.context();
    await page.goto("/admin/content/service/audio-visual");
    await page.locator('[name="headline"]').fill("A headline typed before the paste");
    await page.locator('[name="intro"]').evaluate((el, text) => ((el as HTMLTextAreaElement).value = text), "x".repeat(1_000_000));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Nothing was saved");
    await expect(page.locator('[name="intro"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('[name="headline"]')).toHaveValue("A headline typed before the paste");
    await page.goto("/admin/content/service/audio-visual");
    await expect(page.getByTestId("item-state")).toContainText("Published");
    await context.close();
  });

  test("without JavaScript the form works: a row added by its button, the draft saved and published; markup typed in a heading is shown as text", async ({
    browser,
  }) => {
    const page = await staffPage(browser, embedded(), "editor", { javaScriptEnabled: false });
    const context = page.context();
    await page.goto("/admin/content/service/voip");
    const questions = page.locator('[name^="faqs."][name$=".question"]');
    const before = await questions.count();
    await page.getByRole("button", { name: "Add an FAQ" }).click();
    await expect(questions).toHaveCount(before + 1);
    await page.locator(`[name="faqs.${before}.question"]`).fill("Do desk phones ring during the move to the new system?");
    await page
      .locator(`[name="faqs.${before}.answer"]`)
      .fill("Yes. We port your numbers to the new system, and calls keep ringing while we do.");
    const heading = '<script>alert("x")</script> Phones & <b>VoIP</b>';
    await page.locator('[name="headline"]').fill(heading);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status")).toContainText("Published");
    // Wait for what only this publication brings (the seed already asks "Can we keep our phone numbers?").
    await servedEverywhere(
      { url: server.server.url, processes: [server.server.url], secrets: {} },
      "/services/voip",
      "Phones &amp; &lt;b&gt;VoIP&lt;/b&gt;",
    );
    const html = await (await fetch(`${server.server.url}/services/voip`)).text();
    expect(html).toContain("Do desk phones ring during the move to the new system?");
    expect(html).toContain("&lt;script&gt;alert(");
    expect(html).toContain("Phones &amp; &lt;b&gt;VoIP&lt;/b&gt;");
    expect(html).not.toContain("<script>alert(");
    await page.goto("/services/voip");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await context.close();
  });
  test("a legal section's text is Markdown: the live preview shows it as the page will, the published page has the formatting and none of the script", async ({
    browser,
  }) => {
    const page = await staffPage(browser, embedded(), "editor");
    const context = page.context();
    await page.goto("/admin/content/legal/terms");
    const text = page.locator('[name="sections.0.body"]');
    await expect(text).toHaveValue(/These terms apply to every page/);
    await page.getByRole("button", { name: "Show a preview" }).first().click();
    const markdown =
      "These terms apply to **every page** of the site.\n\n- the contact form\n- the [sign-in](/auth/login)\n\n<script>alert(1)</script>";
    await text.fill(markdown);
    const preview = page.getByRole("region", { name: "Preview of Text" });
    await expect(preview.locator("strong")).toHaveText("every page");
    await expect(preview.getByRole("listitem")).toHaveText(["the contact form", "the sign-in"]);
    await expect(preview.locator("script")).toHaveCount(0);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status")).toContainText("Published");
    await servedEverywhere(
      { url: server.server.url, processes: [server.server.url], secrets: {} },
      "/terms-and-conditions",
      "<strong>every page</strong>",
    );
    const html = await (await fetch(`${server.server.url}/terms-and-conditions`)).text();
    expect(html).toContain('<a href="/auth/login">sign-in</a>');
    expect(html).not.toContain("alert(1)");
    await page.goto("/terms-and-conditions");
    await expect(page.locator("#scope").getByRole("listitem")).toHaveText(["the contact form", "the sign-in"]);
    await context.close();
  });
});

test.describe("content studio on PostgreSQL, two processes behind nginx", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let postgres: TestPostgres;
  let nginx: Nginx;
  let seedDir: string;
  const servers: ServerProcess[] = [];
  let secrets: Record<string, string> = {};
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    postgres = await startTestPostgres();
    seedDir = mkdtempSync(path.join(tmpdir(), "crossroads-studio-seed-"));
    await run(process.execPath, ["--import", "tsx", "tests/e2e/seed.ts"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATABASE_URL: postgres.url,
        DATA_DIR: seedDir,
        BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
      },
    });
    secrets = JSON.parse(readFileSync(path.join(seedDir, path.basename(TOTP_SECRETS_FILE)), "utf8")) as Record<string, string>;
    const ports = [await freePort(), await freePort()];
    const nginxPort = await freePort();
    const env = (port: number) => ({
      DATABASE_URL: postgres.url,
      // The address visitors and staff use is nginx's (the origin sign-in and forms are checked against).
      SITE_URL: `http://127.0.0.1:${nginxPort}`,
      PORT: String(port),
      SUPER_ADMIN_EMAIL: E2E_USERS.admin.email,
      CONTENT_SCHEDULE_POLL_MS: "500",
      TRUST_PROXY: "1",
      SECURE_COOKIES: "0",
    });
    servers.push(...(await Promise.all(ports.map((port) => startServerProcess(env(port))))));
    nginx = await startNginx(
      nginxPort,
      ports.map((port) => `127.0.0.1:${port}`),
    );
  });
  test.afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await postgres?.stop();
    if (seedDir) rmSync(seedDir, { recursive: true, force: true });
  });
  studioScenarios(() => ({ url: nginx.url, processes: servers.map((s) => s.url), secrets }));
});
