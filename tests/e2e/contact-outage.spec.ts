/**
 * A second server process on PostgreSQL with SMTP configured, to see real failures: a lead's
 * e-mail reaches a real SMTP listener (smtp-server on 127.0.0.1); then PostgreSQL stops, and the
 * form answers with a clear error and the sales phone while the process keeps serving pages.
 */
import { startTestPostgres, type TestPostgres } from "../../scripts/pg/test-server";
import { startSmtp } from "../smtp";
import { E2E_GTM_ID, E2E_SITE_URL } from "./config";
import { expect, test } from "./fixtures";
import { hydrated, randomClientAddress, seedFacts } from "./helpers";
import { fillContactForm, runMarker, VALID } from "./leads-helpers";
import { startServerProcess, type ServerProcess } from "./server-process";

const SALES = "sales@crossroadsit.example";

test("on PostgreSQL with SMTP: sales gets the e-mail; with the database down the form says so with the phone, and pages keep coming", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  let pg: TestPostgres | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  let server: ServerProcess | undefined;
  try {
    [pg, smtp] = await Promise.all([startTestPostgres(), startSmtp()]);
    server = await startServerProcess({
      GTM_ID: E2E_GTM_ID,
      DATABASE_URL: pg.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SALES_EMAIL: SALES,
    });
    const origin = server.url;
    expect(server.logs()).toContain(`Lead notifications: each new lead is e-mailed to ${SALES} through smtp://127.0.0.1:${smtp.port}`);

    const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
    const page = await context.newPage();

    // 1. A lead goes out to sales from the outbox, right after it is stored.
    const company = runMarker("Mail Co");
    await page.goto("/contact?service=managed-it");
    await hydrated(page);
    await fillContactForm(page, { ...VALID, company });
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We have your request" })).toBeVisible();
    await expect.poll(() => smtp!.received.length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.received[0];
    expect(mail).toMatch(new RegExp(`^Subject: New lead: ${company} \\(${VALID.full_name}\\)`, "m"));
    expect(mail).toContain(`${E2E_SITE_URL}/admin/leads/`);
    expect(mail).toContain("Managed IT");
    expect(mail).toContain(VALID.email);

    // 2. The database goes away.
    await pg.stop();
    for (const p of ["/", "/about", "/services/voip", "/contact"]) {
      expect((await page.request.get(p)).status(), p).toBe(200);
    }

    // With JavaScript: a clear error with the sales phone, and the form keeps its input.
    await page.goto("/contact");
    await hydrated(page);
    const second = runMarker("Down Co");
    await fillContactForm(page, { ...VALID, company: second });
    await page.getByRole("button", { name: "Send request" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "could not save your request" });
    await expect(alert).toBeVisible();
    await expect(alert).toBeFocused();
    await expect(alert.getByRole("link", { name: seedFacts.phones.sales.display })).toHaveAttribute(
      "href",
      `tel:${seedFacts.phones.sales.e164}`,
    );
    await expect(page.locator('#contact-form [name="company"]')).toHaveValue(second);
    await expect(page.locator('#contact-form [name="message"]')).toHaveValue(VALID.message);
    expect(
      (await page.evaluate(() => (window as unknown as { dataLayer: { event?: string }[] }).dataLayer)).filter(
        (e) => e.event === "form_submit",
      ),
    ).toEqual([]);

    // Without JavaScript: 503, the same message, the input in the form.
    const plain = await page.request.post("/contact", { form: { ...VALID, company: second } });
    expect(plain.status()).toBe(503);
    const html = await plain.text();
    expect(html).toContain("We could not save your request just now.");
    expect(html).toContain(seedFacts.phones.sales.display);
    expect(html).toContain(`value="${second}"`);

    // The process is still up and serving.
    expect(server.running()).toBe(true);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await page.request.get("/faq")).status()).toBe(200);
    expect(server.logs()).toContain("Contact form: the lead could not be stored");
    await context.close();
  } finally {
    await server?.stop();
    await smtp?.close();
    await pg?.stop();
  }
});
