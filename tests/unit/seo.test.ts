/** What search engines and link previews read from <head>: title, robots, canonical, OG, JSON-LD. */
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";

import type { PostCardData } from "~/blog/public-view";
import { seedFacts, site } from "~/config/site";
import { notFoundMeta, routeMeta } from "~/lib/meta";
import { OG_IMAGE, organizationJsonLd, pageMeta, TITLE_MAX_LENGTH, withBrand } from "~/lib/seo";
import { socialCardPath } from "~/lib/social-card";
import { meta as blogPostMeta } from "~/routes/public/blog-post";

const find = (meta: MetaDescriptor[], key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;
const content = (meta: MetaDescriptor[], key: "name" | "property", value: string) => find(meta, key, value)?.content;
const canonical = (meta: MetaDescriptor[]) =>
  (meta.find((m) => (m as Record<string, unknown>).rel === "canonical") as Record<string, unknown> | undefined)?.href;
const titleOf = (meta: MetaDescriptor[]) => (meta.find((m) => "title" in m) as { title: string } | undefined)?.title;
interface LdItem {
  position: number;
  name: string;
  item: string;
}
const jsonLd = (meta: MetaDescriptor[]) =>
  meta
    .filter((m) => "script:ld+json" in m)
    .map((m) => (m as Record<string, unknown>)["script:ld+json"] as { "@type": string; "@context"?: string; itemListElement?: LdItem[] });

const base = {
  title: "VoIP Phone Systems",
  description: "Cloud phones for offices.",
  path: "/services/voip",
  origin: "https://www.example.test",
};

describe("withBrand", () => {
  it("appends the brand after a separator when the title lacks it", () => {
    expect(withBrand("Managed IT")).toBe(`Managed IT | ${site.brand}`);
  });

  it("keeps a title that already holds the brand, in any letter case", () => {
    expect(withBrand(`${site.brand} | Home`)).toBe(`${site.brand} | Home`);
    expect(withBrand(`About ${site.brand.toUpperCase()}`)).toBe(`About ${site.brand.toUpperCase()}`);
    expect(withBrand(`Why ${site.brand.toLowerCase()}?`)).toBe(`Why ${site.brand.toLowerCase()}?`);
  });

  it("leaves the brand off a title it would push past 70 characters, such as a long blog post's", () => {
    expect(TITLE_MAX_LENGTH).toBe(70);
    const fits = "x".repeat(TITLE_MAX_LENGTH - ` | ${site.brand}`.length);
    expect(withBrand(fits)).toBe(`${fits} | ${site.brand}`);
    expect(withBrand(fits).length).toBe(70);
    const long = "Why your backups fail when the server dies, and the cheap fixes that work";
    expect(withBrand(long)).toBe(long);
    expect(withBrand(`${fits}y`)).toBe(`${fits}y`);
  });

  it("gives the brand alone for an empty or blank title, and trims whitespace", () => {
    expect(withBrand("")).toBe(site.brand);
    expect(withBrand("   ")).toBe(site.brand);
    expect(withBrand("  FAQ  ")).toBe(`FAQ | ${site.brand}`);
  });
});

describe("pageMeta", () => {
  it("uses the branded title for <title>, og:title and twitter:title", () => {
    const meta = pageMeta(base);
    const t = `VoIP Phone Systems | ${site.brand}`;
    expect(titleOf(meta)).toBe(t);
    expect(content(meta, "property", "og:title")).toBe(t);
    expect(content(meta, "name", "twitter:title")).toBe(t);
    expect(content(meta, "name", "description")).toBe(base.description);
  });

  it("robots is index, follow by default and noindex, nofollow with noindex", () => {
    expect(content(pageMeta(base), "name", "robots")).toBe("index, follow");
    expect(content(pageMeta({ ...base, noindex: false }), "name", "robots")).toBe("index, follow");
    expect(content(pageMeta({ ...base, noindex: true }), "name", "robots")).toBe("noindex, nofollow");
  });

  it("canonical and og:url are absolute on the given origin, without double slashes", () => {
    for (const origin of ["https://www.example.test", "https://www.example.test/", "https://www.example.test//"]) {
      const meta = pageMeta({ ...base, origin });
      expect(canonical(meta)).toBe("https://www.example.test/services/voip");
      expect(content(meta, "property", "og:url")).toBe("https://www.example.test/services/voip");
    }
    expect(canonical(pageMeta({ ...base, path: "/" }))).toBe("https://www.example.test/");
  });

  it("og:image and twitter:image are absolute URLs on the origin", () => {
    const meta = pageMeta({ ...base, origin: "https://staging.example.test/" });
    const og = String(content(meta, "property", "og:image"));
    expect(new URL(og).origin).toBe("https://staging.example.test");
    expect(og).not.toMatch(/[^:]\/\//);
    expect(content(meta, "name", "twitter:image")).toBe(og);
  });

  it("includes a Twitter card", () => {
    expect(content(pageMeta(base), "name", "twitter:card")).toMatch(/^summary/);
  });

  it("shows an indexed page's own social card, a new one for a new title; a page not indexed or a list's later page shows the site's image", () => {
    const og = (input: Partial<typeof base> & { noindex?: boolean }) =>
      String(content(pageMeta({ ...base, ...input }), "property", "og:image"));
    expect(og({})).toMatch(/^https:\/\/www\.example\.test\/og\/services\/voip\.png\?v=[0-9a-z]+$/);
    expect(og({ title: "Cloud Phones" })).not.toBe(og({}));
    expect(og({ path: "/" })).toMatch(/\/og\/index\.png\?v=/);
    expect(og({ noindex: true })).toBe(`${base.origin}${OG_IMAGE.path}`);
    expect(og({ path: "/blog?page=2" })).toBe(`${base.origin}${OG_IMAGE.path}`);
  });

  it("breadcrumbs become a BreadcrumbList starting with Home at position 1", () => {
    const meta = pageMeta({
      ...base,
      breadcrumbs: [
        { name: "Services", path: "/services" },
        { name: "VoIP", path: "/services/voip" },
      ],
    });
    const list = jsonLd(meta).find((o) => o["@type"] === "BreadcrumbList");
    expect(list).toBeDefined();
    expect(list!["@context"]).toBe("https://schema.org");
    expect(list!.itemListElement!.map((i) => [i.position, i.name, i.item])).toEqual([
      [1, "Home", "https://www.example.test/"],
      [2, "Services", "https://www.example.test/services"],
      [3, "VoIP", "https://www.example.test/services/voip"],
    ]);
  });

  it("adds no BreadcrumbList without breadcrumbs, but keeps extra JSON-LD", () => {
    const meta = pageMeta({ ...base, jsonLd: [{ "@type": "Service", name: "VoIP" }] });
    expect(jsonLd(meta).map((o) => o["@type"])).toEqual(["Service"]);
  });
});

describe("organizationJsonLd", () => {
  it("names the organization with its url, telephone and social profiles", () => {
    const org = organizationJsonLd("https://www.example.test/", seedFacts);
    expect(org["@type"]).toBe("Organization");
    expect(org.name).toBe(site.brand);
    expect(org.url).toBe("https://www.example.test/");
    expect(org.telephone).toMatch(/^\+1\d{10}$/);
    expect([seedFacts.phones.sales.e164, seedFacts.phones.support.e164]).toContain(org.telephone);
    expect(org.sameAs).toEqual(seedFacts.social.map((s) => s.href));
    expect(org.sameAs.length).toBeGreaterThan(0);
  });
});

describe("routeMeta / notFoundMeta (app/lib/meta.ts)", () => {
  const rootMatch = (origin: string) => [
    { id: "root", data: { origin, gtmId: null } },
    { id: "routes/public/about", data: {} },
  ];

  it("routeMeta takes the origin from the root match", () => {
    const meta = routeMeta(rootMatch("https://staging.example.test"), { title: "About", description: "d", path: "/about" });
    expect(canonical(meta)).toBe("https://staging.example.test/about");
  });

  it("routeMeta falls back to site.defaultOrigin without root data", () => {
    for (const matches of [
      [],
      [undefined],
      [{ id: "root" }],
      [{ id: "routes/public/about", data: { origin: "https://wrong.example.test" } }],
    ]) {
      const meta = routeMeta(matches, { title: "About", description: "d", path: "/about" });
      expect(canonical(meta)).toBe(`${site.defaultOrigin}/about`);
    }
  });

  it("notFoundMeta is noindex, canonical on the root origin, and titled as not found", () => {
    const meta = notFoundMeta(rootMatch("https://staging.example.test/"), "/no-such-page");
    expect(content(meta, "name", "robots")).toBe("noindex, nofollow");
    expect(canonical(meta)).toBe("https://staging.example.test/no-such-page");
    expect(titleOf(meta)).toMatch(/not found/i);
    expect(titleOf(meta)).toContain(site.brand);
  });

  it("notFoundMeta falls back to site.defaultOrigin", () => {
    expect(canonical(notFoundMeta([], "/x"))).toBe(`${site.defaultOrigin}/x`);
  });
});

describe("a blog post's head (app/routes/public/blog-post.tsx)", () => {
  const origin = "https://www.example.test";
  const post = (over: Partial<PostCardData> = {}): PostCardData => ({
    slug: "five-backup-mistakes",
    title: "Five backup mistakes",
    summary: "The backup habits that fail when a server dies, and the cheap fixes that make a restore work.",
    authorName: "Dana Reyes",
    tags: ["Backup"],
    readingMinutes: 4,
    publishAt: "2026-05-01T12:00:00.000Z",
    publishedOn: "May 1, 2026",
    updatedAt: "2026-05-02T12:00:00.000Z",
    cover: null,
    ...over,
  });
  const headOf = (p: PostCardData) =>
    blogPostMeta({
      loaderData: { post: p, html: "", recent: [] },
      matches: [{ id: "root", data: { origin, gtmId: null } }],
      location: { pathname: `/blog/${p.slug}` },
    } as unknown as Parameters<typeof blogPostMeta>[0]) as MetaDescriptor[];
  const posting = (meta: MetaDescriptor[]) =>
    jsonLd(meta).find((o) => o["@type"] === "BlogPosting") as unknown as { image?: string; headline: string };

  it("gives a post without a cover its social card in Open Graph and its BlogPosting JSON-LD, and a post with one its cover", () => {
    const plain = headOf(post());
    const card = `${origin}${socialCardPath("/blog/five-backup-mistakes", "Five backup mistakes")}`;
    expect(card).toMatch(/^https:\/\/www\.example\.test\/og\/blog\/five-backup-mistakes\.png\?v=[0-9a-z]+$/);
    expect(posting(plain).image).toBe(card);
    expect(content(plain, "property", "og:image")).toBe(card);
    expect(content(plain, "name", "twitter:image")).toBe(card);
    expect(content(plain, "property", "og:image:alt")).toBe(`Five backup mistakes | ${site.brand}`);
    expect(content(plain, "property", "og:image:width")).toBe("1200");
    expect(content(plain, "property", "og:image:height")).toBe("630");
    const covered = headOf(post({ cover: { src: "/storage/v1/object/public/graphics/c.png", thumb: "/t.webp", alt: "A server rack" } }));
    expect(posting(covered).image).toBe(`${origin}/storage/v1/object/public/graphics/c.png`);
    expect(content(covered, "property", "og:image")).toBe(`${origin}/storage/v1/object/public/graphics/c.png`);
  });

  it("titles a short post '<title> | <brand>' and a long one with its title alone (at most 120 characters, never cut)", () => {
    expect(titleOf(headOf(post()))).toBe(`Five backup mistakes | ${site.brand}`);
    const long = "The five backup mistakes small offices make, and how to fix each before the server dies";
    const meta = headOf(post({ title: long }));
    expect(titleOf(meta)).toBe(long);
    expect(content(meta, "property", "og:title")).toBe(long);
    expect(posting(meta).headline).toBe(long);
  });
});
