import { axeViolations } from "./axe";
import { E2E_USERS } from "./config";
import { expect, signIn, test, type APIRequestContext, type Page } from "./fixtures";
import { ownClientAddressPerTest, randomClientAddress } from "./helpers";
import { csvRecords, parseCsv, runMarker, VALID } from "./leads-helpers";

ownClientAddressPerTest(test);

/** Sends the contact form as a visitor without JavaScript would, each from its own address. */
async function submitLead(request: APIRequestContext, fields: Record<string, string>) {
  const response = await request.post("/contact", { form: { ...VALID, ...fields }, headers: { "x-forwarded-for": randomClientAddress() } });
  expect(response.status()).toBe(200);
}

const rows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });

test("list newest first, search, detail", async ({ page, request }) => {
  const marker = runMarker("adm");
  for (const name of ["Ann Older", "Ben Middle", "Cleo Newest"]) {
    await submitLead(request, {
      full_name: name,
      company: `${marker} ${name.split(" ")[0]} LLC`,
      message: `${VALID.message} Ticket ${name}.`,
    });
  }
  await signIn(page, E2E_USERS.admin, { to: "/admin/leads" });
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Leads" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByLabel("Search name, e-mail, company or message").fill(marker);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).getByRole("rowheader")).toHaveText([/Cleo Newest/, /Ben Middle/, /Ann Older/]);
  await expect(rows(page).first()).toContainText("New");
  await expect(rows(page).first()).toContainText("Nobody yet");
  await expect(rows(page).first()).toContainText("Not e-mailed");
  expect(await axeViolations(page)).toEqual([]);

  // Search reaches the message text too.
  await page.getByLabel("Search name, e-mail, company or message").fill(`Ticket Ben Middle`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows(page)).toHaveCount(1);

  await rows(page).getByRole("link", { name: "Ben Middle" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ben Middle, ${marker} Ben LLC`);
  await expect(page.getByText(`${VALID.message} Ticket Ben Middle.`)).toBeVisible();
  await expect(page.getByRole("link", { name: VALID.email }).first()).toHaveAttribute("href", `mailto:${VALID.email}`);
  await expect(page.getByRole("region", { name: "E-mail to sales" })).toContainText("Not e-mailed");
  expect(await axeViolations(page)).toEqual([]);

  // An id that is not a lead.
  const missing = await page.goto("/admin/leads/00000000-0000-4000-8000-000000000000");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lead not found");
});

test("the list pages 25 at a time", async ({ page, request }) => {
  test.setTimeout(60_000);
  const marker = runMarker("page");
  for (let i = 0; i < 27; i++) await submitLead(request, { company: `${marker} ${String(i).padStart(2, "0")}` });
  await signIn(page, E2E_USERS.admin, { to: `/admin/leads?q=${marker}` });
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByText("Showing 1–25 of 27")).toBeVisible();
  await expect(rows(page).first()).toContainText(`${marker} 26`);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rows(page).last()).toContainText(`${marker} 00`);
});

test("CSV export of the current filter: quoted per RFC 4180, formulas neutralised", async ({ page, request }) => {
  const marker = runMarker("csv");
  await submitLead(request, {
    company: `=HYPERLINK("http://evil.example","${marker}")`,
    message: `Line one, with a comma\nand "quotes" ${marker}`,
  });
  await submitLead(request, { full_name: "+Plus Start", company: `${marker} Plain`, phone: "+1 317 555 0199" });
  await submitLead(request, { company: "Somebody Else", message: "Unrelated request about printers." });

  await signIn(page, E2E_USERS.admin, { to: `/admin/leads?q=${marker}&status=all` });
  const href = await page.getByRole("link", { name: /Export CSV/ }).getAttribute("href");
  expect(href).toBe(`/admin/leads.csv?q=${marker}`); // every lead but spam: the default, left out
  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="leads-all-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = await response.text();
  expect(text.startsWith('\uFEFF"id","received_at",')).toBe(true);
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""${marker}"")"`);
  expect(text).toContain(`"Line one, with a comma\nand ""quotes"" ${marker}"`);
  expect(text.endsWith("\r\n")).toBe(true);

  const records = csvRecords(text);
  expect(records).toHaveLength(2); // the filter, not everything
  const [plain, formula] = records; // newest first
  expect(plain).toMatchObject({
    full_name: "'+Plus Start",
    phone: "'+1 317 555 0199",
    company: `${marker} Plain`,
    status: "new",
    owner: "",
    notification: "off",
  });
  expect(formula.company).toBe(`'=HYPERLINK("http://evil.example","${marker}")`);
  // Every record has every column.
  const [header, ...cells] = parseCsv(text);
  for (const row of cells) expect(row).toHaveLength(header.length);
});

test("leads are for staff who work them: a visitor signs in, staff set up two-factor sign-in first, an editor is refused", async ({
  browser,
  request,
}) => {
  const anonymous = await request.get("/admin/leads.csv", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  for (const [who, expected] of [
    [E2E_USERS.staff, 302],
    [E2E_USERS.editor, 403],
  ] as const) {
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
    const page = await context.newPage();
    await signIn(page, who, { to: "/" });
    const csv = await page.request.get("/admin/leads.csv?status=all", { maxRedirects: 0 });
    expect(csv.status(), who.email).toBe(expected);
    if (expected === 302) expect(csv.headers().location).toMatch(/^\/account\/two-factor\?required=1/);
    expect(await csv.text()).not.toContain("@");
    await context.close();
  }
});
