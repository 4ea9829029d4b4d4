/**
 * The request log of a real server process (LOG_FORMAT=json, ADR 014) after a whole browser run:
 * an administrator signs in with password and code and opens admin pages, a visitor sends a lead,
 * a staff member asks for a password reset and opens the e-mailed link. The log has one line per
 * request with its fields, the request id on error lines, and none of what was typed or sent:
 * no lead contents, password, code, cookie, reset token or query value.
 */
import { totp } from "../two-factor";
import { newContext } from "./account-helpers";
import { E2E_SITE_URL, E2E_USERS } from "./config";
import { expect, test } from "./fixtures";
import { submitSignIn } from "./helpers";
import { fillContactForm, runMarker } from "./leads-helpers";
import { serverWithMailForFile } from "./server-process";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const running = serverWithMailForFile("log", { LOG_FORMAT: "json", TEST_FAULTS: "1" });

type Line = Record<string, unknown> & { level: string; time: string; msg: string; requestId?: string };

test("a browser run leaves one line per request with its fields, and no secret or personal data in the log", async ({ browser }) => {
  const secrets: string[] = [];

  // An administrator signs in through the form (password, then the code) and opens admin pages.
  const admin = await newContext(browser, { baseURL: running.server.url });
  const adminPage = await admin.newPage();
  const totpSecret = running.totpSecrets[E2E_USERS.admin.email];
  const signInStarted = Date.now();
  await adminPage.goto("/auth/login?redirectTo=%2Fadmin%2Fleads");
  await submitSignIn(adminPage, { ...E2E_USERS.admin, totpSecret });
  await expect(adminPage).toHaveURL(/\/admin\/leads$/);
  // The code typed was the one of the window at the start or at the end of the sign-in.
  const codes = new Set([totp(totpSecret, signInStarted), totp(totpSecret, Date.now())]);
  await adminPage.goto("/admin/users");
  await expect(adminPage.getByRole("heading", { level: 1 })).toBeVisible();

  // A visitor sends a lead with a recognisable marker in every field, from a campaign link.
  const marker = runMarker("Logmarker");
  const visitor = await newContext(browser, { baseURL: running.server.url });
  const page = await visitor.newPage();
  await page.goto(`/contact?utm_source=${marker}-source`);
  await fillContactForm(page, {
    full_name: `Jane ${marker}`,
    email: `${marker.toLowerCase()}@example.com`,
    company: `${marker} Corp`,
    message: `Please call me about ${marker}, our servers are down.`,
    phone: "(317) 555-0142",
  });
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We have your request" })).toBeVisible();
  // Sales got the e-mail (the outbox ran while the server logged).
  await expect.poll(() => running.smtp.received.some((m) => m.includes(marker)), { timeout: 10_000 }).toBe(true);
  // The lead is listed to the administrator, searched by the marker (a query value).
  await adminPage.goto(`/admin/leads?q=${encodeURIComponent(marker)}`);
  await expect(adminPage.getByText(`${marker} Corp`).first()).toBeVisible();

  // A staff member asks for a reset link and opens it.
  const staff = await newContext(browser, { baseURL: running.server.url });
  const staffPage = await staff.newPage();
  await staffPage.goto("/auth/forgot-password");
  await staffPage.getByLabel("E-mail address").fill(E2E_USERS.staff.email);
  await staffPage.getByRole("button", { name: "Send the link" }).click();
  await expect(staffPage.getByRole("status").filter({ hasText: "Check your e-mail." })).toBeVisible();
  await expect.poll(() => running.smtp.received.some((m) => m.includes(`To: ${E2E_USERS.staff.email}`)), { timeout: 10_000 }).toBe(true);
  const mail = running.smtp.received
    .find((m) => m.includes(`To: ${E2E_USERS.staff.email}`))!
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const token = new RegExp(`${E2E_SITE_URL}/auth/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(mail)![1];
  await staffPage.goto(`/auth/reset-password?token=${token}`);
  await expect(staffPage.getByText(`For the staff account ${E2E_USERS.staff.email}.`)).toBeVisible();

  // A failure while handling a request: its error line carries the id the visitor was given.
  const fault = await fetch(`${running.server.url}/__test/fault`);
  expect(fault.status).toBe(500);
  const faultId = fault.headers.get("x-request-id")!;
  // Behind the trusted proxy (TRUST_PROXY=1), the proxy's request id is kept and sent back.
  const proxied = await fetch(`${running.server.url}/about`, { headers: { "x-request-id": "nginx-0123456789abcdef0123456789abcdef" } });
  expect(proxied.headers.get("x-request-id")).toBe("nginx-0123456789abcdef0123456789abcdef");

  // Everything typed or sent that must never be logged.
  const cookies = [...(await admin.cookies()), ...(await staff.cookies()), ...(await visitor.cookies())].map((c) => c.value);
  expect(cookies.length).toBeGreaterThan(0);
  for (const value of cookies) secrets.push(value, decodeURIComponent(value), decodeURIComponent(value).split(".")[0]);
  secrets.push(E2E_USERS.admin.password, token, marker, marker.toLowerCase(), totpSecret);

  await expect.poll(() => running.server.logs()).toContain('"path":"/about"');
  await admin.close();
  await visitor.close();
  await staff.close();
  const text = running.server.logs();
  for (const secret of secrets.filter((s) => s.length >= 8)) expect(text, "a secret in the log").not.toContain(secret);

  const lines = text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  // The code: six digits, which a byte count or an id could hold by chance; so only the written words.
  const words = lines.map(({ requestId: _id, time: _time, bytes: _bytes, durationMs: _ms, ...rest }) =>
    rest.method ? String(rest.path) : JSON.stringify(rest),
  );
  for (const code of codes) expect(words.join("\n"), "the two-factor code in the log").not.toContain(code);

  const requests = lines.filter((l) => l.method);
  expect(requests.length).toBeGreaterThan(15);
  for (const line of requests) {
    expect(line).toEqual(
      expect.objectContaining({
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        method: expect.stringMatching(/^[A-Z]+$/),
        path: expect.stringMatching(/^\//),
        status: expect.any(Number),
        durationMs: expect.any(Number),
        bytes: expect.any(Number),
        requestId: expect.any(String),
      }),
    );
  }
  const find = (method: string, p: string) => requests.find((l) => l.method === method && l.path === p);
  // The form posts through the client router (`.data`), the sign-in with its redirect target's key.
  expect(find("POST", "/contact.data")?.status).toBe(200);
  expect(find("POST", "/auth/login.data?redirectTo")?.status).toBe(202);
  expect(find("GET", "/contact?utm_source")?.status).toBe(200);
  expect(find("GET", "/admin/leads?q")?.status).toBe(200);
  expect(find("GET", "/auth/reset-password?token")?.status).toBe(303);
  expect(find("GET", "/about")?.requestId).toBe("nginx-0123456789abcdef0123456789abcdef");
  expect(find("GET", "/__test/fault")).toMatchObject({ status: 500, requestId: faultId });

  // Every error line was written while handling a request, and names it.
  const errors = lines.filter((l) => l.level === "error");
  expect(errors).toEqual([expect.objectContaining({ requestId: faultId, msg: expect.stringContaining("GET /__test/fault failed") })]);
});
