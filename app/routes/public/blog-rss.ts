import { FEED_SIZE, postPath } from "~/blog/blog-rules";
import { publicPosts } from "~/blog/public-cache.server";
import { site } from "~/config/site";
import { blogPage } from "~/content/pages";
import { env } from "~/env.server";
import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";

import type { Route } from "./+types/blog-rss";

/** /blog/rss.xml (docs/requirements/blog-and-documents.md#blog): RSS 2.0 with the FEED_SIZE newest public posts. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = env().SITE_URL;
  const posts = (await publicPosts(context.services.db)).slice(0, FEED_SIZE);
  const items = posts.map((post) => {
    const link = absoluteUrl(origin, postPath(post.slug));
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(post.publishAt).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.authorName)}</dc:creator>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(post.summary)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const self = absoluteUrl(origin, "/blog/rss.xml");
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${site.brand} ${blogPage.headline}`)}</title>`,
    `    <link>${escapeXml(absoluteUrl(origin, "/blog"))}</link>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(blogPage.description)}</description>`,
    "    <language>en-us</language>",
    ...(posts[0] ? [`    <lastBuildDate>${new Date(posts[0].publishAt).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
