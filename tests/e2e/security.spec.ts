import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test } from "./fixtures";
import { adminScreens, adminWrites, ownClientAddressPerTest } from "./helpers";

ownClientAddressPerTest(test);

/** Every protected screen (the admin area's from its menu) and write (every admin action), derived in helpers.ts. */
const SOME_ID = "00000000-0000-4000-8000-000000000000";
const ADMIN_PAGES = [...adminScreens(), `/admin/leads/${SOME_ID}`, `/admin/webhooks/${SOME_ID}`, "/admin/leads.csv", "/admin/audit.csv"];
/** Writes as a browser would send them: each admin action (from the route table), plus a few real intents. */
const ADMIN_WRITES: { path: string; form: Record<string, string> }[] = [
  ...adminWrites(SOME_ID).map((path) => ({ path, form: { intent: "delete", confirm: "yes" } })),
  { path: "/admin/users", form: { intent: "sign-out", userId: SOME_ID } },
  { path: "/admin/docs/new", form: { intent: "save", title: "Refused", slug: "refused", collection: "docs", body: "x" } },
  { path: "/admin/graphics", form: { intent: "move", name: "nothing.png", to: "other.png" } },
  { path: `/admin/leads/${SOME_ID}`, form: { intent: "status", status: "won", expected_status: "new" } },
  { path: `/admin/leads/${SOME_ID}`, form: { intent: "handle" } },
  { path: "/admin/webhooks", form: { intent: "create", url: "https://93.184.216.34/hook", event_lead_created: "on" } },
  { path: `/admin/webhooks/${SOME_ID}`, form: { intent: "rotate" } },
];
const SAME_ORIGIN = { origin: E2E_ORIGIN };

test("without a session, every protected page and write goes to sign-in and shows nothing", async ({ request }) => {
  for (const path of ADMIN_PAGES) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
    expect(await response.text(), path).not.toContain("<h1");
  }
  for (const write of ADMIN_WRITES) {
    const response = await request.post(write.path, { form: write.form, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), write.path).toBe(302);
  }
  // better-auth's own endpoints answer "no session" rather than data.
  expect(await (await request.get("/api/auth/get-session")).json()).toBeNull();
  expect((await (await request.get("/api/session")).json()).user).toBeNull();
});

/** The leads, which staff work once two-factor sign-in is on (docs/requirements/leads.md#who-may-do-what). */
const LEADS = /^\/admin\/leads(\/|\.|$)/;

test("signed in without the admin role, every protected page and write is refused with 403; the leads ask staff for two-factor sign-in first", async ({
  page,
}) => {
  await signIn(page, E2E_USERS.staff);
  for (const path of ADMIN_PAGES) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    if (LEADS.test(path)) {
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe(`/account/two-factor?required=1&redirectTo=${encodeURIComponent(path)}`);
      continue;
    }
    expect(response.status(), path).toBe(403);
    const html = await response.text();
    expect(html, path).toContain("Access Denied");
    expect(html, path).not.toContain("Staff accounts");
  }
  for (const write of ADMIN_WRITES) {
    const response = await page.request.post(write.path, { form: write.form, headers: SAME_ORIGIN, maxRedirects: 0 });
    if (LEADS.test(write.path)) expect(response.status(), `${write.path} ${write.form.intent}`).toBe(302);
    else expect(response.status(), `${write.path} ${write.form.intent}`).toBe(403);
  }
});

test("public sign-up is closed", async ({ request }) => {
  const response = await request.post("/api/auth/sign-up/email", {
    headers: SAME_ORIGIN,
    data: { email: "walk-in@crossroadsit.example", password: "Walk-In-Password-77", name: "Walk In" },
  });
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("better-auth's administration, two-factor and password endpoints are not reachable over HTTP, even for the super-administrator", async ({
  page,
}) => {
  await signIn(page, E2E_USERS.admin);
  const someone = { userId: SOME_ID };
  for (const [path, data] of [
    ["/api/auth/admin/impersonate-user", someone],
    ["/api/auth/admin/set-role", { ...someone, role: "admin" }],
    ["/api/auth/admin/create-user", { email: "x@crossroadsit.example", password: "Long-Enough-Pass-99", name: "X" }],
    ["/api/auth/admin/remove-user", someone],
    ["/api/auth/two-factor/disable", { password: E2E_USERS.admin.password }],
    ["/api/auth/change-password", { currentPassword: E2E_USERS.admin.password, newPassword: "Another-Long-Pass-77" }],
    ["/api/auth/request-password-reset", { email: E2E_USERS.admin.email }],
  ] as const) {
    const response = await page.request.post(path, { headers: SAME_ORIGIN, data });
    expect(response.status(), path).toBe(404);
  }
  expect((await page.request.get("/api/auth/admin/list-users")).status()).toBe(404);
  expect((await page.request.get("/api/auth/sign-out")).status()).toBe(405);
  // The endpoints the site itself uses still answer.
  expect((await page.request.get("/api/auth/get-session")).status()).toBe(200);
});
