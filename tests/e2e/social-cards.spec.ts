/**
 * Social cards (docs/requirements/public-site.md#social-cards): every public page's Open Graph
 * image is its own 1200×630 card, answered by the card route at the address the page names, and
 * the JSON-LD of a service and of a post points to it. (A post with a cover keeps its cover:
 * blog.spec.ts.)
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";

import { E2E_ORIGIN, E2E_SITE_URL, E2E_USERS } from "./config";
import { expect, signIn, test } from "./fixtures";
import { ownClientAddressPerTest, publicPages } from "./helpers";

ownClientAddressPerTest(test);

const attr = (html: string, key: "property" | "name", value: string) =>
  new RegExp(`<meta ${key}="${value}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

/** The page's card, checked: a 1200×630 PNG at the page's og:image, whose ETag is the version the address names. */
async function checkCard(request: APIRequestContext, path: string): Promise<{ html: string; image: string }> {
  const html = await (await request.get(path)).text();
  const image = attr(html, "property", "og:image") ?? "";
  const cardPath = path === "/" ? "/og/index.png" : `/og${path}.png`;
  expect(image, path).toMatch(new RegExp(`^${E2E_SITE_URL}${cardPath.replace(/\./g, "\\.")}\\?v=[0-9a-z]+$`));
  expect(attr(html, "name", "twitter:image"), path).toBe(image);
  expect(attr(html, "property", "og:image:alt")?.length, path).toBeGreaterThan(5);
  expect([attr(html, "property", "og:image:width"), attr(html, "property", "og:image:height")], path).toEqual(["1200", "630"]);
  const url = new URL(image);
  const response = await request.get(`${url.pathname}${url.search}`);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toContain("public, max-age=");
  expect(response.headers().etag, path).toBe(`"${url.searchParams.get("v")}"`);
  const png = await response.body();
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([1200, 630]);
  return { html, image };
}

test("every public page's og:image is its own 1200×630 card; a service's JSON-LD names it", async ({ request }) => {
  test.setTimeout(90_000);
  const images = new Set<string>();
  for (const { path } of publicPages()) {
    const { html, image } = await checkCard(request, path);
    images.add(image);
    if (path === "/services/managed-it") expect(jsonLd(html).find((o) => o["@type"] === "Service")).toMatchObject({ image });
  }
  expect(images.size).toBe(publicPages().length);
  // No card for what is not a public page; nothing hostile reaches a 5xx.
  for (const bad of [
    "/og/services/no-such.png",
    "/og/admin/users.png",
    `/og/${"a".repeat(10_000)}.png`,
    "/og/%2e%2e/about.png",
    "/og/a%00.png",
  ])
    expect((await request.get(bad)).status(), bad.slice(0, 40)).toBeGreaterThanOrEqual(400);
});

test("a post without a cover has its own card, in Open Graph and its BlogPosting JSON-LD", async ({ page }) => {
  const id = randomUUID().slice(0, 8);
  const fields = {
    title: `Card check ${id}`,
    slug: `card-check-${id}`,
    summary: "How a shared link to this post shows its own title on LinkedIn, Slack and Teams.",
    body: "Text.",
    authorName: "Dana Reyes",
    tags: "",
    coverImage: "",
    coverAlt: "",
  };
  await signIn(page, E2E_USERS.ops, { to: "/admin/blog" });
  const saved = await page.request.post("/admin/blog/new", {
    form: { intent: "save", ...fields },
    headers: { origin: E2E_ORIGIN },
    maxRedirects: 0,
  });
  const postId = /\/admin\/blog\/([0-9a-f-]{36})$/.exec(saved.headers().location ?? "")![1];
  expect(
    (
      await page.request.post(`/admin/blog/${postId}`, { form: { intent: "publish", ...fields }, headers: { origin: E2E_ORIGIN } })
    ).status(),
  ).toBe(200);
  const { html, image } = await checkCard(page.request, `/blog/${fields.slug}`);
  expect(jsonLd(html).find((o) => o["@type"] === "BlogPosting")).toMatchObject({ image });
});
