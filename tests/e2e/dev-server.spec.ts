/**
 * `npm run dev` runs the same server as `npm start` (server/app-server.ts), with Vite instead of a
 * build: the same security headers, cross-site write guard, request rules, /healthz, client
 * address, database and lead outbox. Started as a real process on a fresh data folder, with SMTP
 * pointing at a local listener.
 */
import { startSmtp } from "../smtp";
import { E2E_GTM_ID } from "./config";
import { expect, test } from "./fixtures";
import { hydrated, randomClientAddress, startHydration } from "./helpers";
import { fillContactForm, runMarker, VALID } from "./leads-helpers";
import { startDevServerProcess, type ServerProcess } from "./server-process";

const SALES = "sales@crossroadsit.example";

test("npm run dev: production headers, the cross-site guard, /healthz, and a contact form whose lead reaches the outbox", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  let server: ServerProcess | undefined;
  try {
    smtp = await startSmtp();
    server = await startDevServerProcess({ GTM_ID: E2E_GTM_ID, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SALES_EMAIL: SALES });
    const origin = server.url;
    expect(server.logs()).toContain("development: Vite, hot reload");

    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });

    // The production headers, with a nonce on the page's inline scripts (and Vite's WebSocket allowed).
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    const policy = home.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("connect-src 'self' https://www.googletagmanager.com ws:");
    expect(await home.text()).toContain(`nonce="${nonce}"`);
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // A public page stays in the visitor's browser process; sign-in is isolated from its opener (ADR 008).
    expect(home.headers.get("cross-origin-opener-policy")).toBeNull();
    expect((await fetch(`${origin}/auth/login`)).headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(home.headers.get("strict-transport-security")).toContain("max-age=31536000");
    expect(home.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    // The cross-site write guard and the request rules.
    const crossSite = await fetch(`${origin}/contact`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "full_name=x",
    });
    expect(crossSite.status).toBe(403);
    expect((await fetch(`${origin}/about`, { method: "POST" })).status).toBe(405);
    expect((await fetch(`${origin}/%zz`)).status).toBe(400);

    // The contact form in a browser: hydrated under the policy (the fixture fails on any
    // violation), the lead stored, and the outbox e-mails sales.
    const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
    const page = await context.newPage();
    const company = runMarker("Dev Co");
    // The first page Vite serves compiles the app's modules and pre-bundles their dependencies:
    // seconds on a busy machine, and Vite may reload the page once when it finds a new one. A
    // page that has not hydrated after a minute is loaded again (it is then served warm).
    await page.goto("/contact", { timeout: 90_000 });
    try {
      await startHydration(page);
      await page.waitForFunction(() => "hydrated" in document.documentElement.dataset, undefined, { timeout: 60_000 });
    } catch {
      await page.reload({ timeout: 90_000 });
      await hydrated(page);
    }
    await fillContactForm(page, { ...VALID, company });
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We have your request" })).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => smtp!.received.length, { timeout: 15_000 }).toBe(1);
    expect(smtp.received[0]).toMatch(new RegExp(`^Subject: New lead: ${company} \\(${VALID.full_name}\\)`, "m"));
    await context.close();

    // The client address reaches the action (a honeypot submission logs it, stored as spam and not e-mailed).
    const address = randomClientAddress();
    const trap = await fetch(`${origin}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
      body: new URLSearchParams({ ...VALID, form_type: "contact", website: "http://spam.example" }),
    });
    expect(trap.status).toBe(200);
    expect(server.logs()).toMatch(new RegExp(`caught as spam \\(honeypot[^;]*; client ${address.replace(/\./g, "\\.")}\\)`));
  } finally {
    await server?.stop();
    await smtp?.close();
  }
});
