/**
 * The editor role in the browser (docs/requirements/accounts.md#roles): an editor's Admin menu has Blog and
 * Content only, the blog opens, and every other admin page and write answers Access Denied (403);
 * an administrator gives and takes the role at /admin/users.
 */
import { createStaff } from "./account-helpers";
import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { adminScreens, adminWrites, hydrated, ownClientAddressPerTest, randomClientAddress } from "./helpers";

ownClientAddressPerTest(test);

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const SAME_ORIGIN = { origin: E2E_ORIGIN };
const EDITOR_PAGE = /^\/admin\/(blog|content)(\/|$)/;

const row = (page: Page, email: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${email}`) }) });

test("an editor sees Blog and Content in the admin menus, not Users, Leads or Insights, and is refused at /admin/users", async ({
  page,
}) => {
  await signIn(page, E2E_USERS.editor, { to: "/admin/blog" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link")).toHaveText(["Blog", "Content"]);
  await expect(menu.getByRole("link", { name: "Content" })).toHaveAttribute("href", "/admin/content");
  for (const name of ["Users", "Leads", "Insights", "Docs", "Graphics"]) await expect(menu.getByRole("link", { name })).toHaveCount(0);
  // The graphics manager is an administrator's: the blog does not send an editor there.
  await expect(page.getByRole("main").getByRole("link", { name: "graphics library" })).toHaveCount(0);

  // The site header's Admin menu too.
  await page.goto("/");
  await hydrated(page);
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("button", { name: "Admin" }).click();
  await expect(main.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute("href", "/admin/blog");
  await expect(main.getByRole("link", { name: "Content" })).toHaveAttribute("href", "/admin/content");
  for (const name of ["Users", "Leads", "Insights"]) await expect(main.getByRole("link", { name })).toHaveCount(0);

  const users = await page.goto("/admin/users");
  expect(users?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access Denied");
  await expect(page.getByText("Staff accounts")).toHaveCount(0);
  const grant = await page.request.post("/admin/users", { form: { intent: "grant-editor", userId: SOME_ID }, headers: SAME_ORIGIN });
  expect(grant.status()).toBe(403);
});

test("every admin page and write but the blog's refuses an editor with 403; the blog's pages open", async ({ page }) => {
  await signIn(page, E2E_USERS.editor);
  for (const path of adminScreens({ editors: true })) expect((await page.request.get(path)).status(), path).toBe(200);
  const refusedPages = [
    ...adminScreens({ editors: false }),
    `/admin/leads/${SOME_ID}`,
    "/admin/leads.csv",
    "/admin/insights.csv",
    "/admin/audit.csv",
  ];
  for (const path of refusedPages) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    expect(await response.text(), path).toContain("Access Denied");
  }
  for (const path of adminWrites(SOME_ID).filter((p) => !EDITOR_PAGE.test(p))) {
    const response = await page.request.post(path, { form: { intent: "delete", confirm: "yes" }, headers: SAME_ORIGIN });
    expect(response.status(), path).toBe(403);
  }
  // The storage API is an administrator's too.
  expect((await page.request.get("/storage/v1/bucket")).status()).toBe(403);
});

test("an administrator makes a staff member an editor and takes the role away; the list shows the role", async ({ page, browser }) => {
  test.slow();
  await signIn(page, E2E_USERS.ops, { to: "/admin/users" });
  await hydrated(page);
  const person = await createStaff(page, "editor");
  await page.reload();
  await hydrated(page);
  await expect(row(page, person.email)).toContainText("Staff");
  await row(page, person.email)
    .getByRole("button", { name: /Make editor/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Editor role granted");
  await expect(row(page, person.email).getByRole("cell").first()).toContainText("Editor");

  // The new editor must set up two-factor sign-in before the blog opens, like an administrator.
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  const theirs = await other.newPage();
  await signIn(theirs, person);
  await theirs.goto("/admin/blog");
  await expect(theirs).toHaveURL(/\/account\/two-factor\?required=1&redirectTo=%2Fadmin%2Fblog$/);
  await expect(theirs.getByRole("note")).toHaveText("Editors must use two-factor sign-in. Set it up here to open the admin area.");

  await row(page, person.email)
    .getByRole("button", { name: /Remove editor/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Editor role removed.");
  await expect(row(page, person.email).getByRole("cell").first()).toContainText("Staff");
  expect((await theirs.goto("/admin/blog"))?.status()).toBe(403);
  await other.close();
});
