import { env } from "~/env.server";
import { absoluteUrl } from "~/lib/seo";

/** /robots.txt: crawl the public site; stay out of sign-in, admin and document viewers. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /auth/",
    "Disallow: /admin/",
    "Disallow: /mloe/",
    "Disallow: /ste/",
    "",
    `Sitemap: ${absoluteUrl(env().SITE_URL, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
