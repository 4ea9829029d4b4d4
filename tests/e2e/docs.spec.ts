import { randomUUID } from "node:crypto";

import { axeViolations } from "./axe";
import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test, type Browser, type Page } from "./fixtures";
import { holdRequests, hydrated, ownClientAddressPerTest, PAGE_SCRIPTS, randomClientAddress, submitSignIn, type TestUser } from "./helpers";

ownClientAddressPerTest(test);

const SAME_ORIGIN = { origin: E2E_ORIGIN };
const NOT_FOUND_HEADING = "We can’t find that page";
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A second, signed-in browser context (its own client address for the sign-in rate limit). */
async function signedInPage(browser: Browser, user: TestUser) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  await signIn(page, user, { to: "/" });
  return page;
}

/** Creates a document with a direct form post (as the editor does without JavaScript); returns its id. */
async function createDoc(page: Page, fields: { title: string; slug: string; collection?: string; body?: string; publish?: boolean }) {
  const response = await page.request.post("/admin/docs/new", {
    form: {
      intent: fields.publish ? "publish" : "save",
      title: fields.title,
      slug: fields.slug,
      collection: fields.collection ?? "mloe",
      body: fields.body ?? "Text.",
    },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const id = /^\/admin\/docs\/([0-9a-f-]{36})$/.exec(response.headers().location ?? "")?.[1];
  expect(id).toBeTruthy();
  return id!;
}

const editor = (page: Page) => page.getByRole("form", { name: "Document" });
const preview = (page: Page) => page.getByRole("region", { name: "Rendered document" });

test("an administrator writes a document with a live preview, publishes it, and staff read it at /mloe/<slug>", async ({
  page,
  browser,
}) => {
  const title = unique("Printer setup");
  const slug = title.toLowerCase().replace(/ /g, "-");
  await signIn(page, E2E_USERS.admin, { to: "/admin/docs" });
  await page.getByRole("link", { name: "New document" }).click();
  await expect(page).toHaveURL(/\/admin\/docs\/new$/);

  const form = editor(page);
  await form.getByLabel("Title").fill(title);
  await expect(form.getByLabel("Slug")).toHaveValue(slug); // suggested from the title
  await form.getByLabel("Collection").selectOption("mloe");
  await expect(form.getByText(`/mloe/${slug}`)).toBeVisible();
  await form
    .getByLabel("Body (Markdown)")
    .fill(
      "# Install the driver\n\n1. Open **Settings**\n2. Add the printer\n\n| Floor | Printer |\n|---|---|\n| 2 | HP-2 |\n\n[Vendor](https://vendor.example/drivers)",
    );
  // The preview follows the typing, rendered by the server, with no button pressed.
  await expect(preview(page).getByRole("heading", { level: 2, name: "Install the driver" })).toBeVisible();
  await expect(preview(page).locator("strong")).toHaveText("Settings");
  await expect(preview(page).getByRole("cell", { name: "HP-2" })).toBeVisible();
  await expect(preview(page).getByRole("link", { name: "Vendor" })).toHaveAttribute("rel", "noopener noreferrer");

  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/docs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit “${title}”`);

  // A draft is not readable, even by a signed-in staff member.
  const staff = await signedInPage(browser, E2E_USERS.staff);
  const draft = await staff.goto(`/mloe/${slug}`);
  expect(draft?.status()).toBe(404);
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_HEADING);

  await editor(page).getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved and published." })).toBeVisible();
  await expect(page.getByRole("link", { name: `Open /mloe/${slug}` })).toBeVisible();

  const published = await staff.goto(`/mloe/${slug}`);
  expect(published?.status()).toBe(200);
  expect(published?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(staff.getByRole("heading", { level: 2, name: "Install the driver" })).toBeVisible();
  await expect(staff.getByRole("listitem").filter({ hasText: "Add the printer" })).toBeVisible();
  await expect(staff.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(staff).toHaveTitle(new RegExp(`^${title}`));
  // The same slug in the other collection is not there.
  expect((await staff.goto(`/ste/${slug}`))?.status()).toBe(404);

  // The library lists it, and finds it by search and collection.
  await page.getByRole("link", { name: "Back to the library" }).click();
  const search = page.getByRole("search", { name: "Filter documents" });
  await search.getByLabel("Search title, slug and text").fill(title);
  await search.getByLabel("Collection").selectOption("mloe");
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Published");
  await expect(row).toContainText(E2E_USERS.admin.email);
  await search.getByLabel("Collection").selectOption("ste");
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();

  // Unpublishing takes it away from readers at once.
  await page.goBack();
  await page.getByRole("link", { name: title, exact: true }).click();
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Unpublished" })).toBeVisible();
  expect((await staff.goto(`/mloe/${slug}`))?.status()).toBe(404);
  await staff.context().close();
});

test("a slug clash is shown beside the slug field, keeps what was typed and stores nothing", async ({ page }) => {
  const slug = unique("vpn");
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs/new" });
  await createDoc(page, { title: "Remote access with the VPN", slug });

  const form = editor(page);
  const second = unique("Second VPN guide");
  await form.getByLabel("Title").fill(second);
  await form.getByLabel("Slug").fill(slug);
  await form.getByLabel("Body (Markdown)").fill("Text I do not want to lose.");
  await form.getByRole("button", { name: "Save draft" }).click();

  await expect(page.getByRole("alert")).toHaveText("The document was not saved: correct the fields marked below.");
  const slugField = form.getByLabel("Slug");
  await expect(slugField).toHaveAttribute("aria-invalid", "true");
  await expect(slugField).toHaveAccessibleDescription(/That slug is already used by “Remote access with the VPN”\./);
  await expect(form.getByLabel("Title")).toHaveValue(second);
  await expect(form.getByLabel("Body (Markdown)")).toHaveValue("Text I do not want to lose.");
  await expect(page).toHaveURL(/\/admin\/docs\/new$/);

  await page.goto(`/admin/docs?q=${encodeURIComponent(second)}`);
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
});

test("bad input is refused with nothing stored: a ../ slug, control characters, an unknown collection", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const title = unique("Bad input");
  const cases = [
    { slug: "../../etc/passwd", title, collection: "docs", field: "slug" },
    { slug: "ok-slug\u0000", title, collection: "docs", field: "slug" },
    { slug: unique("fine"), title: `${title}\u0007\u001b[31m`, collection: "docs", field: "title" },
    { slug: unique("fine"), title, collection: "../secret", field: "collection" },
  ];
  for (const c of cases) {
    const response = await page.request.post("/admin/docs/new", {
      form: { intent: "save", title: c.title, slug: c.slug, collection: c.collection, body: "x" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(c)).toBe(400);
    const html = await response.text();
    expect(html).toContain("The document was not saved");
    expect(html).toMatch(new RegExp(`id="document_${c.field}"[^>]*aria-invalid="true"`));
  }
  await page.goto(`/admin/docs?q=${encodeURIComponent(title)}`);
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
  // A path-like slug in a viewer address is simply not found.
  expect((await page.goto("/mloe/..%2F..%2Fetc%2Fpasswd"))?.status()).toBe(404);
});

test("signed-out visitors are sent to sign-in and come back; unknown slugs give the not-found page with 404", async ({ page, request }) => {
  const response = await request.get("/mloe/some-guide?section=2", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`/auth/login?redirectTo=${encodeURIComponent("/mloe/some-guide?section=2")}`);
  expect(await response.text()).not.toContain("<h1");

  await page.goto("/ste/no-such-document");
  await expect(page).toHaveURL(`/auth/login?redirectTo=${encodeURIComponent("/ste/no-such-document")}`);
  await submitSignIn(page, E2E_USERS.staff);
  await expect(page).toHaveURL(/\/ste\/no-such-document$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_HEADING);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  const unknown = await page.goto("/mloe/no-such-document");
  expect(unknown?.status()).toBe(404);
  expect(unknown?.headers()["x-robots-tag"]).toBe("noindex, nofollow");

  // Never in the sitemaps.
  expect(await (await request.get("/sitemap.xml")).text()).not.toMatch(/\/(mloe|ste)\//);
  expect(await (await request.get("/sitemap")).text()).not.toMatch(/href="\/(mloe|ste)\//);
});

test("the viewers are never stored, like the admin area: private, no-store on the page, its data and the not-found page", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const slug = unique("cached");
  await createDoc(page, { title: unique("Cached"), slug, collection: "ste", publish: true });
  const staff = await signedInPage(browser, E2E_USERS.staff);
  for (const path of [`/ste/${slug}`, `/ste/${slug}.data`, "/mloe/no-such-document", "/mloe/no-such-document.data"]) {
    const response = await staff.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(path.includes("no-such") ? 404 : 200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  // The same as the admin area sends.
  expect((await staff.request.get("/admin/docs", { maxRedirects: 0 })).headers()["cache-control"]).toBe("private, no-store");
  await staff.context().close();
});

test("unsaved edits are not lost silently: in-app navigation asks, closing the tab asks", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const id = await createDoc(page, { title: unique("Guarded"), slug: unique("guarded"), body: "Original" });
  await page.goto(`/admin/docs/${id}`);
  await expect(page.getByText("All changes saved")).toBeVisible();
  await hydrated(page); // the guard is the editor's own (without JavaScript there is nothing to guard)
  const body = editor(page).getByLabel("Body (Markdown)");
  await body.fill("Original, and a new paragraph.");
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/docs/${id}$`));
  await expect(body).toHaveValue("Original, and a new paragraph.");

  // Closing or reloading the tab: the browser's own prompt.
  const prompted = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const beforeUnload = await prompted;
  expect(beforeUnload.type()).toBe("beforeunload");
  await beforeUnload.dismiss();
  expect(page.isClosed()).toBe(false);

  // Leave on purpose: the changes go, nothing was saved.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Docs" }).click();
  await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave and discard changes" }).click();
  await expect(page).toHaveURL(/\/admin\/docs$/);
  await page.goto(`/admin/docs/${id}`);
  await expect(editor(page).getByLabel("Body (Markdown)")).toHaveValue("Original");
  await hydrated(page); // this test is about the guard; typing before hydration has its own test

  // Once saved, leaving asks nothing.
  await editor(page).getByLabel("Body (Markdown)").fill("Saved text");
  await editor(page).getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Docs" }).click();
  await expect(page).toHaveURL(/\/admin\/docs$/);
});

test("text typed into the editor before its scripts have run counts: it is unsaved, previewed and saved", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const id = await createDoc(page, { title: unique("Early"), slug: unique("early"), body: "Original" });
  // The page's scripts are held back until the text is typed, as on a slow connection.
  const release = await holdRequests(page, PAGE_SCRIPTS);
  await page.goto(`/admin/docs/${id}`, { waitUntil: "commit" });
  await editor(page).getByLabel("Body (Markdown)").fill("Typed at once");
  release();
  await hydrated(page);
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(editor(page).getByLabel("Body (Markdown)")).toHaveValue("Typed at once");
  await expect(preview(page)).toContainText("Typed at once");
  await editor(page).getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await page.reload();
  await expect(editor(page).getByLabel("Body (Markdown)")).toHaveValue("Typed at once");
});

test("delete asks for confirmation in a dialog, and removes the document everywhere", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const title = unique("To delete");
  const slug = unique("to-delete");
  const id = await createDoc(page, { title, slug, collection: "ste", publish: true });
  expect((await page.goto(`/ste/${slug}`))?.status()).toBe(200);

  await page.goto(`/admin/docs/${id}`);
  await hydrated(page); // the dialog needs JavaScript; without it the button leads to a confirmation page (tested below)
  await page.getByRole("button", { name: "Delete…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this document?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect((await page.request.get(`/admin/docs/${id}`)).status()).toBe(200);

  await page.getByRole("button", { name: "Delete…" }).click();
  await dialog.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page).toHaveURL(/\/admin\/docs$/);
  await expect(page.getByRole("status").filter({ hasText: "Document deleted." })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  expect((await page.goto(`/admin/docs/${id}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Document not found");
  expect((await page.goto(`/ste/${slug}`))?.status()).toBe(404);
});

test("without JavaScript: create, preview keeps the input, and delete goes through a confirmation step", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs/new" });
  const title = unique("No script");
  const form = editor(page);
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Body (Markdown)").fill("## Checklist\n\n- item");
  await form.getByRole("button", { name: "Preview" }).click();
  await expect(preview(page).getByRole("heading", { name: "Checklist" })).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await expect(form.getByLabel("Body (Markdown)")).toHaveValue("## Checklist\n\n- item");

  // The slug was left empty: the server makes it from the title.
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/docs\/[0-9a-f-]{36}$/);
  await expect(form.getByLabel("Slug")).toHaveValue(title.toLowerCase().replace(/ /g, "-"));

  await page.getByRole("button", { name: "Delete…" }).click();
  const step = page.getByRole("alert");
  await expect(step).toContainText(`Delete “${title}”? This cannot be undone.`);
  expect((await page.request.get(page.url())).status()).toBe(200); // not deleted yet
  await step.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page).toHaveURL(/\/admin\/docs$/);
  await context.close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`the notice after a redirect shows once, and a reload does not bring it back (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
    const page = await context.newPage();
    const notice = (text: string) => page.getByRole("status").filter({ hasText: text });
    await signIn(page, E2E_USERS.ops, { to: "/admin/docs/new" });
    const title = unique("Notice");
    await editor(page).getByLabel("Title").fill(title);
    await editor(page).getByLabel("Body (Markdown)").fill("Text.");
    await editor(page).getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/admin\/docs\/[0-9a-f-]{36}$/);
    await expect(notice("Draft saved. Publish it when it is ready.")).toHaveCount(1);
    // The cookie that carried it is gone: neither a reload nor another page shows it.
    expect((await context.cookies()).map((c) => c.name)).not.toContain("crossroads_notice");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit “${title}”`);
    await expect(notice("Draft saved")).toHaveCount(0);

    await page.getByRole("button", { name: "Delete…" }).click();
    if (javaScriptEnabled) await page.getByRole("dialog").getByRole("button", { name: "Delete permanently" }).click();
    else await page.getByRole("alert").getByRole("button", { name: "Delete permanently" }).click();
    await expect(page).toHaveURL(/\/admin\/docs$/);
    await expect(notice("Document deleted.")).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Docs");
    await expect(notice("Document deleted.")).toHaveCount(0);
    await context.close();
  });
}

test("with JavaScript, the notice goes away when the administrator moves on, also coming back", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs/new" });
  await editor(page).getByLabel("Title").fill(unique("Moving on"));
  await editor(page).getByRole("button", { name: "Save draft" }).click();
  const notice = page.getByRole("status").filter({ hasText: "Draft saved" });
  await expect(notice).toBeVisible();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Graphics" }).click();
  await expect(page).toHaveURL(/\/admin\/graphics$/);
  await expect(notice).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Edit “Moving on/);
  await expect(notice).toHaveCount(0);
});

test("typing in the editor after the created notice keeps the focus and every character", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs/new" });
  await editor(page).getByLabel("Title").fill(unique("Keep typing"));
  await editor(page).getByLabel("Body (Markdown)").fill("Hello");
  await editor(page).getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeFocused();
  const body = editor(page).getByLabel("Body (Markdown)");
  await body.click();
  await page.keyboard.type(", world", { delay: 30 });
  await expect(body).toBeFocused();
  await expect(body).toHaveValue("Hello, world");
  // The live preview (an action on this page) reloads the layout's data: the notice stays until the page is left.
  await expect(preview(page)).toContainText("Hello, world");
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
});

test("the notice is a key in a short-lived, HttpOnly cookie; the redirect that sets it is never stored", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const response = await page.request.post("/admin/docs/new", {
    form: { intent: "save", title: unique("Cookie"), slug: unique("cookie"), collection: "docs", body: "Text." },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["set-cookie"]).toBe("crossroads_notice=document-created-draft; Max-Age=60; Path=/; HttpOnly; SameSite=Lax");
  // A value that is not a key of the map shows nothing, and is cleared on the same response.
  await page.context().addCookies([{ name: "crossroads_notice", value: "Free-text-from-a-client", url: E2E_ORIGIN }]);
  const forged = await page.request.get("/admin/docs");
  expect(forged.status()).toBe(200);
  expect(forged.headers()["set-cookie"]).toMatch(/^crossroads_notice=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);
  expect(forged.headers()["cache-control"]).toBe("private, no-store");
  expect(await forged.text()).not.toContain("Free-text-from-a-client");
});

test("a hostile body is neutralised in the live preview and in the viewer: no script runs", async ({ page, browser }) => {
  const slug = unique("hostile");
  const body = [
    "# Looks normal",
    "<script>window.__xss = 'script'</script>",
    '<img src="x" onerror="window.__xss = \'onerror\'">',
    '<svg onload="window.__xss = \'svg\'"><circle r="4"></circle></svg>',
    "[plain javascript link](javascript:window.__xss='link')",
    "<a href=\"JaVa&#x09;ScRiPt:window.__xss='entity'\">entity link</a>",
    "<iframe srcdoc=\"<script>parent.__xss='iframe'</script>\"></iframe>",
    "![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)",
    '<p style="position:fixed;inset:0">styled</p>',
  ].join("\n\n");
  const dialogs: string[] = [];
  const watch = (p: Page) => p.on("dialog", (d) => void (dialogs.push(d.message()), d.dismiss()));
  const expectInert = async (p: Page, scope: ReturnType<Page["locator"]>) => {
    await expect(scope.getByRole("heading", { name: "Looks normal" })).toBeVisible();
    await expect(scope.locator("script, iframe, svg, [onerror], [onload], [style], img[src^='data:']")).toHaveCount(0);
    // Their addresses were removed: they are plain text now, and clicking them does nothing.
    for (const text of ["plain javascript link", "entity link"]) {
      await expect(scope.getByRole("link", { name: text })).toHaveCount(0);
      await scope.getByText(text).click();
    }
    expect(await p.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
  };

  watch(page);
  await signIn(page, E2E_USERS.admin, { to: "/admin/docs/new" });
  const form = editor(page);
  await form.getByLabel("Title").fill("Hostile content");
  await form.getByLabel("Slug").fill(slug);
  await form.getByLabel("Collection").selectOption("mloe");
  await form.getByLabel("Body (Markdown)").fill(body);
  await expectInert(page, preview(page));

  await form.getByRole("button", { name: "Save and publish" }).click();
  await expect(page).toHaveURL(/\/admin\/docs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: "Document created and published." })).toBeVisible();
  await expectInert(page, preview(page)); // the server-rendered preview after a reload too

  const staff = await signedInPage(browser, E2E_USERS.staff);
  watch(staff);
  await staff.goto(`/mloe/${slug}`);
  await expectInert(staff, staff.locator(".prose-doc"));
  expect(dialogs).toEqual([]);
  await staff.context().close();
});

test("staff without the admin role are refused every library page and write, and cannot change documents", async ({ page, browser }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const slug = unique("protected");
  const id = await createDoc(page, { title: "Protected", slug, publish: true });

  const staff = await signedInPage(browser, E2E_USERS.staff);
  for (const path of ["/admin/docs", "/admin/docs/new", `/admin/docs/${id}`]) {
    const response = await staff.request.get(path);
    expect(response.status(), path).toBe(403);
    expect(await response.text(), path).toContain("Access Denied");
  }
  const writes: { path: string; form: Record<string, string> }[] = [
    { path: "/admin/docs/new", form: { intent: "save", title: "Sneaky", slug: unique("sneaky"), collection: "mloe", body: "x" } },
    { path: "/admin/docs/new", form: { intent: "preview", body: "# x" } },
    { path: `/admin/docs/${id}`, form: { intent: "delete", confirm: "yes" } },
    { path: `/admin/docs/${id}`, form: { intent: "unpublish" } },
    { path: `/admin/docs/${id}`, form: { intent: "save", title: "Defaced", slug, collection: "mloe", body: "defaced" } },
  ];
  for (const write of writes) {
    const response = await staff.request.post(write.path, { form: write.form, headers: SAME_ORIGIN });
    expect(response.status(), `${write.path} ${write.form.intent}`).toBe(403);
  }
  // Nothing changed: staff still read the original.
  await staff.goto(`/mloe/${slug}`);
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Protected");
  await staff.context().close();
});

test("a document prints cleanly: only its content, black on white, link addresses written out", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const slug = unique("printable");
  await createDoc(page, {
    title: "Printable guide",
    slug,
    publish: true,
    body: "## Steps\n\nSee [the vendor](https://vendor.example/guide).\n\n```\ncode\n```",
  });
  await page.goto(`/mloe/${slug}`);
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("color", "rgb(0, 0, 0)");
  const after = await page.getByRole("link", { name: "the vendor" }).evaluate((a) => getComputedStyle(a, "::after").content);
  expect(after).toContain("https://vendor.example/guide");
  const pdf = await page.pdf({ format: "Letter" });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(pdf.length).toBeGreaterThan(1000);
});

test("the library, the editor and a document have no WCAG 2.2 AA violations", async ({ page }) => {
  await signIn(page, E2E_USERS.ops, { to: "/admin/docs" });
  const slug = unique("accessible");
  const id = await createDoc(page, {
    title: "Accessible",
    slug,
    publish: true,
    body: "# One\n\n- [x] task\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n```\nx\n```",
  });
  await page.goto("/admin/docs");
  expect(await axeViolations(page)).toEqual([]);
  await page.goto("/admin/docs/new");
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`/admin/docs/${id}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`/mloe/${slug}`);
  expect(await axeViolations(page)).toEqual([]);
});
