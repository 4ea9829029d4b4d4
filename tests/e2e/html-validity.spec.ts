/**
 * Every public page passes the W3C Nu HTML checker with 0 errors, as the running server sends it:
 * the pages it rendered at start from the published content and serves from memory
 * (`prerenderedPaths()`, server/page-renderer.ts), and the public pages it renders per request.
 * The staff pages, the sign-in and the contact form are checked in staff-pages-quality.spec.ts.
 */
import { prerenderedPaths, serverRenderedPaths } from "../../app/content/routes-index";
import { expect, test } from "./fixtures";
import { nuErrors } from "./helpers";

test("every page the server rendered at start passes the W3C Nu HTML checker with 0 errors", async ({ request }) => {
  test.setTimeout(120_000);
  const paths = prerenderedPaths();
  expect(paths.length).toBeGreaterThanOrEqual(30);
  const documents: Record<string, string> = {};
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // Served from memory (StaticStore.setRendered): revalidated by its ETag, not rendered again.
    expect(response.headers().etag, `${path} is served from memory`).toBeTruthy();
    documents[path] = await response.text();
  }
  expect(await nuErrors(documents)).toEqual([]);
});

test("public pages rendered per request (the blog, the sitemap page, the contact form, not found) pass the Nu checker too", async ({
  request,
}) => {
  const documents: Record<string, string> = {};
  for (const path of serverRenderedPaths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    documents[path] = await response.text();
  }
  const notFound = await request.get("/no-such-page");
  expect(notFound.status()).toBe(404);
  documents["/no-such-page"] = await notFound.text();
  expect(await nuErrors(documents)).toEqual([]);
});
