/**
 * The blog and the redirects (docs/requirements/blog-and-documents.md#blog, docs/requirements/blog-and-documents.md#redirects):
 * an administrator writes, previews, schedules and publishes a post with a cover from the
 * graphics library; a signed-out visitor finds it in /blog, the feed and sitemap.xml, while a
 * draft is not found; the pages' JSON-LD, axe and the Nu checker; a redirect rule answers 301 with
 * the query kept and counts the hit.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";

import { axeViolations } from "./axe";
import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { nuErrors, ownClientAddressPerTest } from "./helpers";

ownClientAddressPerTest(test);

const SAME_ORIGIN = { origin: E2E_ORIGIN };
const tag = () => randomUUID().slice(0, 8);
const SUMMARY = "How we check that a small office's backups really restore, step by step, before the day they are needed.";

/** Creates a post with a plain form post (as the editor does without JavaScript); returns its id. */
async function createPost(page: Page, fields: Record<string, string>) {
  const response = await page.request.post("/admin/blog/new", {
    form: {
      intent: "save",
      summary: SUMMARY,
      body: "Text of the post.",
      authorName: "Dana Reyes",
      tags: "",
      coverImage: "",
      coverAlt: "",
      ...fields,
    },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return /\/admin\/blog\/([0-9a-f-]{36})$/.exec(response.headers().location ?? "")![1];
}

test("an administrator writes, previews, schedules and publishes a post; a visitor reads it in /blog, the feed and sitemap.xml; a draft is not found", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const id = tag();
  const title = `Backups that restore ${id}`;
  const slug = `backups-that-restore-${id}`;
  const cover = `blog/cover-${id}.png`;
  await signIn(page, E2E_USERS.ops, { to: "/admin/blog" });

  // A cover in the graphics library (uploaded there, as the editor's hint says).
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#1a3d6e" } })
    .png()
    .toBuffer();
  const upload = await page.request.post(`/storage/v1/object/graphics/${cover}`, {
    data: png,
    headers: { ...SAME_ORIGIN, "Content-Type": "image/png" },
  });
  expect(upload.ok()).toBe(true);

  await page.getByRole("link", { name: "New post" }).click();
  const form = page.getByRole("form", { name: "Post" });
  await form.getByLabel("Title").fill(title);
  await expect(form.getByLabel("Slug")).toHaveValue(slug);
  await form.getByLabel("Summary").fill(SUMMARY);
  await form.getByLabel("Body (Markdown)").fill("# Test the restore\n\nPick **one file** a month.\n\n<script>alert(1)</script>");
  await expect(
    page.getByRole("region", { name: "Rendered post" }).getByRole("heading", { level: 2, name: "Test the restore" }),
  ).toBeVisible();
  await form.getByRole("combobox", { name: /Cover image/ }).selectOption(cover);
  await form.getByLabel("Tags").fill("Backup, Small business");
  await form.getByLabel("Author name").fill("Dana Reyes");
  // A cover without its description is refused by the server, with the text kept.
  await form.getByLabel("Cover image description").evaluate((input) => input.removeAttribute("required"));
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByText("Describe the cover image")).toBeVisible();
  await form.getByLabel("Cover image description").fill("A navy backup drive on a desk");

  // Scheduled for tomorrow: not public yet.
  await form.getByLabel(/Publish at/).fill("2099-01-15T09:30");
  await form.getByRole("button", { name: "Schedule" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("post-state")).toContainText("Scheduled");
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  expect((await anon.goto(`/blog/${slug}`))!.status()).toBe(404);

  // Published now.
  await page.getByRole("form", { name: "Post" }).getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved and published" })).toBeVisible();
  await expect(page.getByTestId("post-state")).toContainText("Published");

  // A draft beside it stays private.
  const draftSlug = `draft-${id}`;
  await createPost(page, { title: `Draft ${id}`, slug: draftSlug });

  // The visitor: /blog lists it with its cover; the article has everything.
  await anon.goto("/blog");
  const card = anon.getByRole("article").filter({ hasText: title });
  await expect(card.getByRole("img", { name: "A navy backup drive on a desk" })).toBeVisible();
  await expect(anon.getByRole("link", { name: `Draft ${id}` })).toHaveCount(0);
  await card.getByRole("link", { name: title }).click();
  await expect(anon).toHaveURL(`/blog/${slug}`);
  await expect(anon.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(anon.getByText("By Dana Reyes")).toBeVisible();
  await expect(anon.getByRole("heading", { level: 2, name: "Test the restore" })).toBeVisible();
  await expect(anon.locator("main script")).toHaveCount(0);
  await expect(anon.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Blog");
  await expect(anon.getByRole("link", { name: "Get Started" }).first()).toHaveAttribute("href", "/contact");
  await expect(anon).toHaveTitle(`${title} | Crossroads IT`);
  await expect(anon.locator('meta[name="description"]')).toHaveAttribute("content", SUMMARY);
  await expect(anon.locator('link[rel="canonical"]')).toHaveAttribute("href", `https://www.crossroadsit.example/blog/${slug}`);
  await expect(anon.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`/storage/v1/object/public/graphics/blog/cover-${id}\\.png$`),
  );
  const ld = (await anon.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as { "@type": string });
  const types = ld.map((o) => o["@type"]);
  expect(types).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
  // A post with a cover keeps it as its image (a post without one has its social card: social-cards.spec.ts).
  expect(ld.find((o) => o["@type"] === "BlogPosting")).toMatchObject({
    headline: title,
    author: { name: "Dana Reyes" },
    image: expect.stringMatching(new RegExp(`/storage/v1/object/public/graphics/blog/cover-${id}\\.png$`)),
  });

  const feed = await anon.request.get("/blog/rss.xml");
  expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const rss = await feed.text();
  expect(rss).toContain(`<guid isPermaLink="true">https://www.crossroadsit.example/blog/${slug}</guid>`);
  expect(rss).not.toContain(draftSlug);
  const sitemap = await (await anon.request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(new RegExp(`<loc>https://www.crossroadsit.example/blog/${slug}</loc><lastmod>\\d{4}-`));
  expect(sitemap).not.toContain(draftSlug);
  expect((await anon.goto(`/blog/${draftSlug}`))!.status()).toBe(404);

  // Unpublished: gone at once (the cache is dropped on every change).
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByTestId("post-state")).toContainText("Draft");
  expect((await anon.goto(`/blog/${slug}`))!.status()).toBe(404);
  await visitor.close();
});

test("/blog and a post pass axe and the Nu checker; a bad page number is not found", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const id = tag();
  await signIn(page, E2E_USERS.ops, { to: "/admin/blog" });
  const postId = await createPost(page, {
    title: `Checked page ${id}`,
    slug: `checked-${id}`,
    body: "## Part\n\n| a | b |\n|---|---|\n| 1 | 2 |",
  });
  expect(
    (
      await page.request.post(`/admin/blog/${postId}`, {
        form: {
          intent: "publish",
          title: `Checked page ${id}`,
          slug: `checked-${id}`,
          summary: SUMMARY,
          body: "## Part\n\nText.",
          authorName: "Dana Reyes",
          tags: "Security",
          coverImage: "",
          coverAlt: "",
        },
        headers: SAME_ORIGIN,
      })
    ).status(),
  ).toBe(200);
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  const documents: Record<string, string> = {};
  for (const path of ["/blog", `/blog/checked-${id}`]) {
    const response = await anon.goto(path);
    expect(response!.status()).toBe(200);
    expect(await axeViolations(anon), path).toEqual([]);
    documents[path] = await response!.text();
  }
  expect(await nuErrors(documents)).toEqual([]);
  for (const bad of ["/blog?page=0", "/blog?page=abc", "/blog?page=999"]) expect((await anon.goto(bad))!.status(), bad).toBe(404);
  const first = await anon.request.get("/blog?page=1", { maxRedirects: 0 });
  expect([first.status(), first.headers().location]).toEqual([301, "/blog"]);
  await visitor.close();
});

test("a redirect rule answers 301 with its Location and the query kept, counts the hit, and is found by a search of the list", async ({
  page,
}) => {
  const id = tag();
  await signIn(page, E2E_USERS.ops, { to: "/admin/redirects" });
  const add = page.getByRole("form", { name: "Add a rule" });
  // A rule may not hide a page of the site.
  await add.getByLabel("Old path").fill("/about");
  await add.getByLabel("New address").fill("/contact");
  await add.getByRole("button", { name: "Add the rule" }).click();
  await expect(page.getByText("/about is a page of this site")).toBeVisible();
  await page.getByRole("form", { name: "Add a rule" }).getByLabel("Old path").fill(`/old-site/Managed-${id}/`);
  await page.getByRole("form", { name: "Add a rule" }).getByLabel("New address").fill("/services");
  await page.getByRole("form", { name: "Add a rule" }).getByRole("button", { name: "Add the rule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Redirect rule added" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `/old-site/managed-${id}` });
  await expect(row.getByTestId("redirect-hits")).toHaveText("0");

  const response = await page.request.get(`/old-site/managed-${id}?utm_source=mail`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/services?utm_source=mail");
  const head = await page.request.head(`/old-site/managed-${id}`, { maxRedirects: 0 });
  expect(head.status()).toBe(301);
  await expect(async () => {
    await page.reload();
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: `/old-site/managed-${id}` })
        .getByTestId("redirect-hits"),
    ).toHaveText("2", { timeout: 1000 });
  }).toPass();

  // The list is searched on the server: only this rule, however many others there are.
  await page.getByRole("searchbox", { name: "Search old paths and new addresses" }).fill(`MANAGED-${id}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=MANAGED-${id}`));
  await expect(page.getByRole("status").filter({ hasText: "1 rule matching" })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the rule
});
