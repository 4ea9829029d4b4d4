/**
 * The route table. It reads like docs/requirements/README.md#routes: find the module of any screen here in one hop.
 */
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

import { citySlugs } from "./content/types";

export default [
  // Machine-readable files (resource routes, no layout).
  route("sitemap.xml", "routes/public/sitemap-xml.ts"),
  route("robots.txt", "routes/public/robots-txt.ts"),
  route("blog/rss.xml", "routes/public/blog-rss.ts"), // the blog's RSS 2.0 feed
  route("og/*", "routes/public/social-card.ts"), // a public page's social card: /og/services/voip.png, /og/index.png (home)
  route("api/auth/*", "routes/api/auth.ts"), // better-auth: sign-in, sign-out, get-session
  route("api/session", "routes/api/session.ts"), // the signed-in user and roles, for the client
  route("api/events", "routes/api/events.ts"), // Insights: POST of the pages' own events, batched (docs/requirements/insights.md#insights)
  route("search.json", "routes/public/search-json.ts"), // site search's live results for the header's field (docs/requirements/search.md)

  // Graphics storage: the storage paths of docs/requirements/blog-and-documents.md#graphics. Files of public buckets and signed URLs
  // are open to anyone holding the address; everything else is for administrators (JSON errors).
  route("storage/v1/bucket", "routes/storage/bucket.ts"),
  route("storage/v1/object/public/:bucket/*", "routes/storage/object-public.ts"),
  route("storage/v1/render/image/public/:bucket/*", "routes/storage/render-image.ts"),
  route("storage/v1/object/sign/:bucket/*", "routes/storage/object-sign.ts"),
  route("storage/v1/object/list/:bucket", "routes/storage/object-list.ts"),
  route("storage/v1/object/move", "routes/storage/object-transfer.ts", { id: "storage/move" }),
  route("storage/v1/object/copy", "routes/storage/object-transfer.ts", { id: "storage/copy" }),
  route("storage/v1/object/:bucket", "routes/storage/object.ts", { id: "storage/objects" }),
  route("storage/v1/object/:bucket/*", "routes/storage/object.ts", { id: "storage/object" }),

  // Administrator area: its own quiet layout, every route behind the admin guard.
  layout("routes/admin/layout.tsx", [
    // Document library
    route("admin/docs", "routes/admin/docs.tsx"), // list, filter, search
    route("admin/docs/new", "routes/admin/docs-new.tsx"),
    route("admin/docs/:id", "routes/admin/docs-edit.tsx"), // edit, preview, publish, delete

    // Graphics manager
    route("admin/graphics", "routes/admin/graphics.tsx"),

    // Blog and redirect rules
    route("admin/blog", "routes/admin/blog.tsx"), // list, search
    route("admin/blog/new", "routes/admin/blog-new.tsx"),
    route("admin/blog/:id", "routes/admin/blog-edit.tsx"), // edit, preview, publish or schedule, unpublish, delete
    route("admin/redirects", "routes/admin/redirects.tsx"), // rules, hits, CSV import

    // Content studio: business facts and page copy, drafts, preview, publish or schedule, history
    route("admin/content", "routes/admin/content.tsx"), // every item, its state, search; import of a content file
    route("admin/content.json", "routes/admin/content-json.ts"), // resource route: the export of all content (import: the list's form)
    route("admin/content/*", "routes/admin/content-item.tsx"), // one item: edit, preview, publish, schedule, history, compare, restore

    // Contact-form leads
    route("admin/leads", "routes/admin/leads.tsx"),
    route("admin/leads/:id", "routes/admin/lead.tsx"),
    route("admin/leads.csv", "routes/admin/leads-csv.ts"), // resource route: the CSV export
    route("admin/webhooks", "routes/admin/webhooks.tsx"), // lead events to a CRM: endpoints, add one (its secret shown once)
    route("admin/webhooks/:id", "routes/admin/webhook.tsx"), // one endpoint: settings, enable/disable, rotate, deliveries, send again, delete
    route("admin/insights", "routes/admin/insights.tsx"), // the site's own visit statistics
    route("admin/insights.csv", "routes/admin/insights-csv.ts"), // resource route: one table as CSV

    route("admin/users", "routes/admin/users.tsx"), // staff accounts
    route("admin/audit", "routes/admin/audit.tsx"), // the audit log, super-administrator only
    route("admin/audit.csv", "routes/admin/audit-csv.ts"), // resource route: its CSV export
  ]),

  // Public site: top bar, header, main area, footer.
  layout("routes/site-layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("faq", "routes/public/faq.tsx"),
    route("services", "routes/public/services.tsx"),
    route("services/:slug", "routes/public/service.tsx"), // the 12 service pages, one template
    route("industries", "routes/public/industries.tsx"),
    route("industries/:slug", "routes/public/industry.tsx"), // the 7 industries + non-profits, one template
    // The 7 city pages, one template: /indianapolis-it-support ... /clarksville-tn-it-support
    ...citySlugs.map((slug) => route(slug, "routes/public/city.tsx", { id: `city/${slug}` })),
    route("contact", "routes/public/contact.tsx"),
    // The blog: rendered per request from the in-memory copy (ADR 015).
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/blog-post.tsx"),
    // Read-only viewers of published documents, for signed-in users: one module, two collections.
    route("mloe/:slug", "routes/documents/document.tsx", { id: "document/mloe" }),
    route("ste/:slug", "routes/documents/document.tsx", { id: "document/ste" }),
    route("terms-and-conditions", "routes/public/terms-and-conditions.tsx"),
    route("privacy-policy", "routes/public/privacy-policy.tsx"),
    route("sitemap", "routes/public/sitemap.tsx"),
    // Site search: rendered per request, never indexed (docs/requirements/search.md).
    route("search", "routes/public/search.tsx"),
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/forgot-password", "routes/auth/forgot-password.tsx"), // password reset by e-mail
    route("auth/reset-password", "routes/auth/reset-password.tsx"), // the e-mailed link's page
    route("account", "routes/account/account.tsx"), // any signed-in user: password, two-factor, sessions
    // Two-factor sign-in (docs/requirements/accounts.md#two-factor-sign-in): the code step after the
    // password, and turning it on (administrators are sent there until it is on).
    route("auth/two-factor", "routes/auth/two-factor.tsx"),
    route("account/two-factor", "routes/account/two-factor.tsx"),
    route("500", "routes/public/server-error.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
