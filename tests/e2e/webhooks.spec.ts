/**
 * Webhooks in the browser (docs/requirements/webhooks.md#webhooks): an administrator adds an endpoint
 * pointing at a receiver this test starts (the test server runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=1,
 * playwright.config.ts, so 127.0.0.1 and http are allowed), sees its secret once, a visitor sends the
 * contact form, and the receiver gets a signed lead.created, which the endpoint's page lists as
 * delivered (its page passes axe and the Nu HTML checker); an address at the cloud metadata service is
 * refused beside its field, without JavaScript too.
 */
import { createHmac } from "node:crypto";
import http from "node:http";

import { axeViolations } from "./axe";
import { E2E_USERS } from "./config";
import { expect, signIn, test } from "./fixtures";
import { hydrated, nuErrors, ownClientAddressPerTest } from "./helpers";
import { fillContactForm, runMarker, VALID } from "./leads-helpers";

ownClientAddressPerTest(test);

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers 200 and keeps what it got. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/crm/leads`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test("an endpoint added with its secret shown once receives the contact form's lead, signed, and lists the delivery", async ({
  page,
  browser,
}) => {
  const receiver = await startReceiver();
  try {
    const marker = runMarker("Hooked Co");
    await signIn(page, E2E_USERS.admin, { to: "/admin/webhooks" });
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Webhooks" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByLabel("Address").fill(receiver.url);
    await page.getByLabel("Description").fill(marker);
    await expect(page.getByLabel(/^lead\.created/)).toBeChecked();
    await page.getByRole("button", { name: "Add the endpoint" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Endpoint added" })).toBeVisible();
    const secret = await page.getByTestId("signing-secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Open the endpoint's page" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(receiver.url);
    // Shown once: the endpoint's page and the list never show it again.
    await expect(page.getByTestId("signing-secret")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret.slice(6));
    await page.goto("/admin/webhooks");
    expect(await page.content()).not.toContain(secret.slice(6));

    // A visitor asks to be called back.
    const visitor = await browser.newContext();
    const form = await visitor.newPage();
    await form.goto("/contact");
    await hydrated(form);
    await fillContactForm(form, { ...VALID, company: marker });
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByRole("status").filter({ hasText: "We have your request" })).toBeVisible();
    await visitor.close();

    // Other tests send leads too: this one is the one with the marker.
    const mine = () => receiver.received.find((r) => r.body.includes(marker));
    await expect.poll(() => Boolean(mine()), { timeout: 10_000 }).toBe(true);
    const got = mine()!;
    const id = String(got.headers["webhook-id"]);
    const timestamp = String(got.headers["webhook-timestamp"]);
    const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
      .update(`${id}.${timestamp}.${got.body}`)
      .digest("base64");
    expect(String(got.headers["webhook-signature"]).split(" ")).toContain(`v1,${expected}`);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(got.body)).toMatchObject({ type: "lead.created", data: { company: marker, email: VALID.email } });

    // The endpoint's page lists it, delivered with the receiver's 200.
    await page.getByRole("link", { name: receiver.url }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
    const row = page.getByTestId("delivery").filter({ hasText: id });
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText("Delivered", { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(row).toContainText("lead.created");
    await expect(row).toContainText("200");
    expect(await axeViolations(page)).toEqual([]);
    expect(await nuErrors({ endpoint: await (await page.request.get(new URL(page.url()).pathname)).text() })).toEqual([]);

    // Deleted, so the leads of the tests after this one are not queued for a receiver that is gone.
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete permanently" }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);
    await expect(page.getByRole("status").filter({ hasText: "Webhook endpoint deleted." })).toBeVisible();
    await expect(page.getByRole("link", { name: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("an address at the cloud metadata service is refused beside its field, with and without JavaScript", async ({ page, browser }) => {
  await signIn(page, E2E_USERS.admin, { to: "/admin/webhooks" });
  await page.getByLabel("Address").fill("https://169.254.169.254/latest/meta-data/");
  await page.getByRole("button", { name: "Add the endpoint" }).click();
  const field = page.getByLabel("Address");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#webhook_url-error")).toContainText("169.254.169.254 is a cloud metadata service address");
  await expect(field).toHaveValue("https://169.254.169.254/latest/meta-data/");
  await expect(page.getByRole("alert")).toContainText("The endpoint was not added");

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await signIn(plain, E2E_USERS.admin, { to: "/admin/webhooks" });
    // The IPv4-mapped form of the metadata address (refused whatever WEBHOOK_ALLOW_PRIVATE_NETWORKS says).
    await plain.getByLabel("Address").fill("https://[::ffff:a9fe:a9fe]/hook");
    await plain.getByLabel(/^lead\.created/).uncheck();
    await plain.getByRole("button", { name: "Add the endpoint" }).click();
    await expect(plain.locator("#webhook_url-error")).toContainText("a cloud metadata service address (IPv4 169.254.169.254)");
    await expect(plain.locator("#webhook_events-error")).toHaveText("Error: Choose at least one event.");
  } finally {
    await noScript.close();
  }
});
