import { services } from "../../app/content/catalog";
import { axeViolations } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { dataLayer, holdRequests, hydrated, ownClientAddressPerTest, seedFacts } from "./helpers";
import { fillContactForm, leadsMatching, runMarker, VALID } from "./leads-helpers";

ownClientAddressPerTest(test);

const formSubmits = async (page: Page) => (await dataLayer(page)).filter((e) => e.event === "form_submit");
const field = (page: Page, name: string) => page.locator(`#contact-form [name="${name}"]`);

test("a valid submission stores one lead with the visit's campaign, shows what happens next and pushes form_submit", async ({
  page,
  browser,
}) => {
  const company = runMarker("Valid Co");
  // The visit lands on the home page from a campaign, through a search engine's link, then goes to the form.
  await page.goto("/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-checkup", {
    referer: "https://www.bing.com/search?q=managed+it+indianapolis",
  });
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "Get Started" }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { name: "Tell us what you need" })).toBeVisible();

  await fillContactForm(page, { ...VALID, company, phone: "(317) 555-0199" });
  await page.getByLabel("Company size").selectOption("10-49");
  await page.getByLabel("Service you are interested in").selectOption("cybersecurity");
  await page.getByLabel("How did you hear about us?").selectOption("social");
  await page.getByRole("button", { name: "Send request" }).click();

  const thanks = page.getByRole("status").filter({ hasText: "We have your request" });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(thanks).toContainText("Thank you, Dana.");
  await expect(thanks).toContainText(/We call or e-mail you back (today|this morning|tomorrow|on \w+day)/);
  await expect(thanks).toContainText(seedFacts.hours.business);
  await expect(thanks.getByRole("link", { name: seedFacts.phones.sales.display })).toBeVisible();

  const events = await formSubmits(page);
  expect(events).toEqual([
    {
      event: "form_submit",
      form_type: "contact",
      company,
      referral_source: "social",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring-checkup",
    },
  ]);
  // Never the message, the e-mail or the phone.
  expect(JSON.stringify(await dataLayer(page))).not.toMatch(/whitfield-dental|555-0199|front-desk/);

  const stored = await leadsMatching(browser, company);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    full_name: VALID.full_name,
    email: VALID.email,
    phone: "(317) 555-0199",
    company,
    company_size: "10-49",
    service: "cybersecurity",
    referral_source: "social",
    message: VALID.message,
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "spring-checkup",
    landing_page: "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-checkup",
    referrer_host: "www.bing.com", // the host only: never the search
    status: "new",
    notification: "off",
  });
  expect(await axeViolations(page)).toEqual([]);
});

test("each invalid field shows its own error beside it, announced, and the other fields keep their values", async ({ page, browser }) => {
  const company = runMarker("Invalid Co");
  const posts: string[] = [];
  // What the form posts (not the page's own visit statistics, which go to /api/events every few seconds).
  page.on("request", (r) => r.method() === "POST" && !r.url().endsWith("/api/events") && posts.push(r.url()));
  await page.goto("/contact");
  await hydrated(page);

  await page.getByRole("button", { name: "Send request" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "need your attention" });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("4 fields need your attention");
  const expectError = async (name: string, message: string | RegExp) => {
    const input = field(page, name);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await input.getAttribute("aria-describedby"))!.split(" ")[0];
    await expect(page.locator(`#${describedBy}`)).toHaveText(message instanceof RegExp ? message : `Error: ${message}`);
  };
  await expectError("full_name", "Enter your full name.");
  await expectError("email", /work e-mail address/);
  await expectError("company", "Enter your company's name.");
  await expectError("message", "Tell us what you need.");

  // Fix some, break others: each keeps its own message, typed values stay.
  await fillContactForm(page, { full_name: VALID.full_name, company, email: "dana@", phone: "call me", message: "Too short" });
  await expect(field(page, "full_name")).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(summary).toContainText("3 fields need your attention");
  await expectError("email", /work e-mail address/);
  await expectError("phone", /phone number like/);
  await expectError("message", /at least 10 characters/);
  await expect(field(page, "full_name")).toHaveValue(VALID.full_name);
  await expect(field(page, "company")).toHaveValue(company);
  await expect(field(page, "message")).toHaveValue("Too short");
  expect(await axeViolations(page)).toEqual([]);
  expect(posts).toEqual([]); // the browser checked; nothing was sent

  // The summary links to the field.
  await summary.getByRole("link", { name: /phone number/ }).click();
  await expect(field(page, "phone")).toBeFocused();
  await fillContactForm(page, { email: VALID.email, phone: "", message: VALID.message });
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We have your request" })).toBeVisible();
  expect(await leadsMatching(browser, company)).toHaveLength(1);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks the form, shows each error beside its field, keeps the input, then stores the lead", async ({
    page,
    browser,
  }) => {
    const company = runMarker("NoJS Co");
    await page.goto("/contact?service=voip&utm_source=flyer&utm_campaign=expo");
    await expect(field(page, "service")).toHaveValue("voip");
    await fillContactForm(page, { full_name: VALID.full_name, email: "not-an-address", company, message: "short" });
    await page.getByLabel("How did you hear about us?").selectOption("event");
    await page.getByRole("button", { name: "Send request" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "need your attention" })).toContainText("2 fields need your attention");
    await expect(page.locator("#email-error")).toContainText("work e-mail address");
    await expect(page.locator("#message-error")).toContainText("at least 10 characters");
    await expect(field(page, "email")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "email")).toHaveAttribute("aria-describedby", /email-error/);
    await expect(field(page, "full_name")).toHaveValue(VALID.full_name);
    await expect(field(page, "company")).toHaveValue(company);
    await expect(field(page, "email")).toHaveValue("not-an-address");
    await expect(field(page, "message")).toHaveValue("short");
    await expect(field(page, "service")).toHaveValue("voip");
    await expect(field(page, "referral_source")).toHaveValue("event");

    await fillContactForm(page, { email: VALID.email, message: VALID.message });
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We have your request" })).toContainText("Thank you, Dana.");
    const stored = await leadsMatching(browser, company);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      service: "voip",
      referral_source: "event",
      utm_source: "flyer",
      utm_campaign: "expo",
      utm_medium: "",
    });
  });
});

test("?service= preselects the service; every service page's call to action passes its slug", async ({ page, request }) => {
  await page.goto("/services/voip");
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Get Started" }).first().click();
  await expect(page).toHaveURL(/\/contact\?service=voip$/);
  await expect(field(page, "service")).toHaveValue("voip");
  await expect(page.getByLabel("Service you are interested in").locator("option:checked")).toHaveText("VoIP");
  // An unknown slug preselects nothing.
  await page.goto("/contact?service=%3Cscript%3E");
  await expect(field(page, "service")).toHaveValue("");
  for (const s of services) {
    const html = await (await request.get(s.href)).text();
    expect(html, s.href).toContain(`href="/contact?service=${s.slug}"`);
  }
});

test("a filled honeypot is answered like a success and stored apart, as spam", async ({ request, browser }) => {
  const company = runMarker("Bot Co");
  const response = await request.post("/contact", { form: { ...VALID, company, website: "http://cheap-pills.example" } });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("We have your request");
  expect(await leadsMatching(browser, company)).toEqual([]);
  expect(await leadsMatching(browser, company, "spam")).toEqual([expect.objectContaining({ status: "spam", notification: "held" })]);
});

test("the honeypot is out of sight and out of the tab order", async ({ page }) => {
  await page.goto("/contact");
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).toHaveAttribute("autocomplete", "off");
  expect(await trap.evaluate((el) => el.closest("[aria-hidden=true]") !== null)).toBe(true);
  // Inert: no focus, no assistive technology, no autofill a person would meet.
  expect(await trap.evaluate((el) => el.closest("[inert]") !== null)).toBe(true);
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width < 0).toBe(true);
});

test("repeated submissions from one address are rate-limited with when to retry and the sales phone; input is kept", async ({ page }) => {
  const company = runMarker("Busy Co");
  for (let i = 0; i < 5; i++) {
    expect((await page.request.post("/contact", { form: { ...VALID, company } })).status()).toBe(200);
  }
  await page.goto("/contact");
  await hydrated(page);
  await fillContactForm(page, { ...VALID, company });
  await page.getByRole("button", { name: "Send request" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "several requests" });
  await expect(alert).toBeFocused();
  await expect(alert).toContainText(/Try again in 1?\d minutes?/);
  await expect(alert.getByRole("link", { name: seedFacts.phones.sales.display })).toHaveAttribute(
    "href",
    `tel:${seedFacts.phones.sales.e164}`,
  );
  await expect(field(page, "company")).toHaveValue(company);
  await expect(field(page, "message")).toHaveValue(VALID.message);
  expect(await formSubmits(page)).toEqual([]);
  // Without JavaScript: the same refusal, with Retry-After, never cached.
  const plain = await page.request.post("/contact", { form: { ...VALID, company } });
  expect(plain.status()).toBe(429);
  expect(Number(plain.headers()["retry-after"])).toBeGreaterThan(60);
  expect(plain.headers()["cache-control"]).toBe("no-store");
  expect(await plain.text()).toContain(seedFacts.phones.sales.display);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("the same form body sent again with its submission id stores one lead and gets the same answer", async ({
  page,
  request,
  browser,
}) => {
  const company = runMarker("Twice Co");
  // Without JavaScript: the id is in the server-rendered form, a new one for each rendering, never cached.
  await page.goto("/contact");
  const id = await field(page, "submission_id").inputValue();
  expect(id).toMatch(UUID);
  const other = await request.get("/contact");
  expect(other.headers()["cache-control"]).toBe("no-store");
  expect(await other.text()).not.toContain(id);

  const body = { ...VALID, company, form_type: "contact", submission_id: id };
  const first = await page.request.post("/contact", { form: body });
  const again = await page.request.post("/contact", { form: body });
  expect([first.status(), again.status()]).toEqual([200, 200]);
  for (const answer of [first, again])
    expect((await answer.text()).replaceAll("<!-- -->", "")).toContain("Thank you, Dana. We have your request.");
  expect(await leadsMatching(browser, company)).toHaveLength(1);
});

test("with JavaScript, a retry after the answer was lost sends the same id and stores one lead; the next request gets a new id", async ({
  page,
  browser,
}) => {
  const company = runMarker("Lost Answer Co");
  await page.goto("/contact");
  await hydrated(page);
  const sentIds: string[] = [];
  let loseAnswer = true;
  await page.route("**/contact.data*", async (route) => {
    const posted = route.request();
    if (posted.method() === "POST") {
      sentIds.push(new URLSearchParams(posted.postData() ?? "").get("submission_id") ?? "");
      if (loseAnswer) {
        // The server stores the lead, the connection breaks before its answer arrives.
        loseAnswer = false;
        await route.fetch();
        await route.abort("connectionreset");
        return;
      }
    }
    await route.continue();
  });
  await fillContactForm(page, { ...VALID, company });
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "did not reach us" })).toBeVisible();
  expect(await leadsMatching(browser, company)).toHaveLength(1); // stored, though the visitor was not told
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We have your request" })).toContainText("Thank you, Dana.");
  expect(sentIds).toHaveLength(2);
  expect(sentIds[0]).toMatch(UUID);
  expect(sentIds[1]).toBe(sentIds[0]);
  expect(await leadsMatching(browser, company)).toHaveLength(1);
  expect((await formSubmits(page)).map((e) => e.company)).toEqual([company]);

  // A new request from the same page is a new submission.
  await page.getByRole("banner").getByRole("link", { name: "Get Started" }).first().click();
  await expect(page.getByRole("heading", { name: "Tell us what you need" })).toBeVisible();
  const next = await field(page, "submission_id").inputValue();
  expect(next).toMatch(UUID);
  expect(next).not.toBe(sentIds[0]);
});

test("the form page, its error state and its thank-you state are valid HTML (Nu checker)", async ({ request }) => {
  test.setTimeout(60_000);
  const { execFile } = await import("node:child_process");
  const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const { createRequire } = await import("node:module");
  const dir = mkdtempSync(path.join(tmpdir(), "contact-html-"));
  try {
    const pages = {
      "form.html": await (await request.get("/contact?service=voip&utm_source=x")).text(),
      "errors.html": await (await request.post("/contact", { form: { full_name: "", email: "x", message: "short", company: "" } })).text(),
      "thanks.html": await (await request.post("/contact", { form: { ...VALID, company: runMarker("Valid HTML Co") } })).text(),
    };
    expect(pages["errors.html"]).toContain("need your attention");
    expect(pages["thanks.html"]).toContain("We have your request");
    for (const [name, html] of Object.entries(pages)) writeFileSync(path.join(dir, name), html);
    const jar = createRequire(import.meta.url)("vnu-jar") as string;
    const report = await new Promise<string>((resolve) =>
      execFile(
        "java",
        ["-jar", jar, "--errors-only", "--format", "text", ...Object.keys(pages).map((n) => path.join(dir, n))],
        (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
      ),
    );
    expect(report.split("\n").filter((line) => /\berror:/.test(line))).toEqual([]);
    expect(report).toContain("No errors found");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("while the request is being stored the button says so and cannot be pressed twice", async ({ page, browser }) => {
  const company = runMarker("Pending Co");
  await page.goto("/contact");
  await hydrated(page);
  const release = await holdRequests(page, "**/contact.data*", (request) => request.method() === "POST");
  await fillContactForm(page, { ...VALID, company });
  await page.getByRole("button", { name: "Send request" }).click();
  const button = page.getByRole("button", { name: "Sending…" });
  await expect(button).toBeDisabled();
  await expect(page.locator("#contact-form")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("status").filter({ hasText: "Sending your request" })).toBeAttached();
  release();
  await expect(page.getByRole("status").filter({ hasText: "We have your request" })).toBeVisible();
  expect(await leadsMatching(browser, company)).toHaveLength(1);
});
