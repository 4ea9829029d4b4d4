/**
 * The public pages of the site, in one list: what the server renders into memory, what the sitemaps list.
 * The route table (app/routes.ts) maps these paths to modules.
 */
import { cities, industries, services } from "./catalog";

export interface PublicPage {
  path: string;
  /** Heading on the HTML sitemap. */
  group: "Company" | "Services" | "Industries" | "Locations" | "Legal";
  name: string;
}

export function publicPages(): PublicPage[] {
  return [
    { path: "/", group: "Company", name: "Home" },
    { path: "/about", group: "Company", name: "About" },
    { path: "/faq", group: "Company", name: "Questions" },
    { path: "/contact", group: "Company", name: "Contact" },
    { path: "/blog", group: "Company", name: "Blog" },
    { path: "/sitemap", group: "Company", name: "Sitemap" },
    { path: "/services", group: "Services", name: "All services" },
    ...services.map((s) => ({ path: s.href, group: "Services" as const, name: s.name })),
    { path: "/industries", group: "Industries", name: "All industries" },
    ...industries.map((i) => ({ path: i.href, group: "Industries" as const, name: i.name })),
    ...cities.map((c) => ({ path: c.href, group: "Locations" as const, name: c.name })),
    { path: "/terms-and-conditions", group: "Legal", name: "Terms & Conditions" },
    { path: "/privacy-policy", group: "Legal", name: "Privacy Policy" },
  ];
}

/**
 * Public pages the server renders per request (docs/requirements/operations.md#data-and-deployment): the contact page carries a form;
 * the blog and the sitemap page list posts that change without a build (docs/requirements/blog-and-documents.md#blog).
 */
export const serverRenderedPaths: readonly string[] = ["/contact", "/blog", "/sitemap"];

/**
 * Paths the server renders at start and after each publication and serves from memory
 * (server/page-renderer.ts): every public page without a form or the posts, plus the branded /500 page.
 */
export function prerenderedPaths(): string[] {
  return [
    ...publicPages()
      .map((p) => p.path)
      .filter((p) => !serverRenderedPaths.includes(p)),
    "/500",
  ];
}
