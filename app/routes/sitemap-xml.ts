import { publicPages } from "~/content/routes-index";
import { env } from "~/env.server";
import { absoluteUrl } from "~/lib/seo";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);

/** /sitemap.xml: every public page as an absolute URL on SITE_URL; nothing private. */
export function loader() {
  const origin = env().SITE_URL;
  const urls = publicPages()
    .map((p) => `  <url><loc>${escapeXml(absoluteUrl(origin, p.path))}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
