import { readFileSync } from "node:fs";
import path from "node:path";

import { site } from "../../app/config/site";
import { startTestPostgres } from "../../scripts/pg/test-server";
import { BUILD_SETTINGS_FILE } from "../../server/build-settings";
import { E2E_SITE_URL } from "./config";
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

test("prerendered pages are revalidated, compressed and carry the security headers", async ({ request }) => {
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

test.describe("a build started with another SITE_URL", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the build records its SITE_URL; started with another one, the server exits 1 with a message naming both", async () => {
    const other = "https://staging.crossroadsit.example";
    for (const workers of ["1", "2"]) {
      const message = await startServerProcess({
        SITE_URL: other,
        WEB_CONCURRENCY: workers,
        DATABASE_URL: workers === "2" ? "postgres://nobody@127.0.0.1:1/none" : undefined,
      }).then(
        async (server) => {
          await server.stop();
          return "it started";
        },
        (error: Error) => error.message,
      );
      expect(message, `WEB_CONCURRENCY=${workers}`).toContain("The server exited with 1");
      expect(message).toContain(`SITE_URL is ${other}, but this build was made with SITE_URL=${E2E_SITE_URL}`);
    }
    const built = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../build", BUILD_SETTINGS_FILE), "utf8")) as unknown;
    expect(built).toEqual({ siteUrl: E2E_SITE_URL });
  });

  test("started with the build's SITE_URL (written with a trailing slash), or with none after a build with the default, the server starts", async () => {
    expect(E2E_SITE_URL).toBe(site.defaultOrigin);
    // On PostgreSQL: a fresh embedded database per start would cost more than the check itself.
    const postgres = await startTestPostgres();
    try {
      for (const siteUrl of [`${E2E_SITE_URL}/`, undefined]) {
        const server = await startServerProcess({ SITE_URL: siteUrl, DATABASE_URL: postgres.url });
        try {
          const page = await fetch(`${server.url}/about`);
          expect(page.status).toBe(200);
          expect(await page.text()).toContain(`<link rel="canonical" href="${E2E_SITE_URL}/about"`);
        } finally {
          await server.stop();
        }
      }
    } finally {
      await postgres.stop();
    }
  });
});
