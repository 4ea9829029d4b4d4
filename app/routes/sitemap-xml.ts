import type { Route } from "./+types/sitemap-xml";
import { postPath } from "~/blog/blog-rules";
import { publicPosts } from "~/blog/public-cache.server";
import { publicPages } from "~/content/routes-index";
import { env } from "~/env.server";
import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";

/** /sitemap.xml: every public page and public blog post (with lastmod) as an absolute URL on SITE_URL; nothing private. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = env().SITE_URL;
  const pages = publicPages().map((p) => `  <url><loc>${escapeXml(absoluteUrl(origin, p.path))}</loc></url>`);
  const posts = (await publicPosts(context.services.db)).map(
    (p) =>
      `  <url><loc>${escapeXml(absoluteUrl(origin, postPath(p.slug)))}</loc><lastmod>${new Date(
        Math.max(Date.parse(p.updatedAt), Date.parse(p.publishAt)),
      ).toISOString()}</lastmod></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...posts].join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
