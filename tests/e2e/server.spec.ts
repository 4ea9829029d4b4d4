import { site } from "../../app/config/site";
import { startTestPostgres } from "../../scripts/pg/test-server";
import { expect, test } from "./fixtures";
import { startServerProcess } from "./server-process";

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

test("GET /healthz answers ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("pages served from memory are revalidated, compressed and carry the security headers", async ({ request }) => {
  const response = await request.get("/services/voip", { headers: { "accept-encoding": "br, gzip" } });
  const headers = response.headers();
  expect(headers["cache-control"]).toBe("no-cache");
  expect(headers.etag).toBeTruthy();
  expect(headers["content-encoding"]).toBe("br");
  expect(headers).toMatchObject(SECURITY_HEADERS);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(headers["permissions-policy"]).toContain("camera=()");
  const again = await request.get("/services/voip", { headers: { "if-none-match": headers.etag } });
  expect(again.status()).toBe(304);
});

test("server-rendered responses carry the security headers too", async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  expect(response.headers()).toMatchObject(SECURITY_HEADERS);
  expect(response.headers()["x-powered-by"]).toBeUndefined();
});

test("hashed assets are immutable; missing assets are 404", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)![0];
  const response = await request.get(asset);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/assets/missing-123.js")).status()).toBe(404);
});

test("a trailing slash redirects to the canonical path", async ({ request }) => {
  const response = await request.get("/about/?utm_source=x", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/about?utm_source=x");
});

test.describe("SITE_URL is read when the server starts", () => {
  test.describe.configure({ timeout: 120_000 });

  test("one build started with another SITE_URL names it in every page it serves from memory (canonical, JSON-LD)", async () => {
    const other = "https://staging.crossroadsit.example";
    // On PostgreSQL: a fresh embedded database per start would cost more than the check itself.
    const postgres = await startTestPostgres();
    try {
      for (const siteUrl of [`${other}/`, undefined]) {
        const server = await startServerProcess({ SITE_URL: siteUrl, DATABASE_URL: postgres.url });
        try {
          const page = await fetch(`${server.url}/about`);
          expect(page.status).toBe(200);
          const html = await page.text();
          const origin = siteUrl ? other : site.defaultOrigin;
          expect(html).toContain(`<link rel="canonical" href="${origin}/about"`);
          expect(html).toContain(`"url":"${origin}/"`);
        } finally {
          await server.stop();
        }
      }
    } finally {
      await postgres.stop();
    }
  });
});
