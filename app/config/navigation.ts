/** Navigation links (name, href: docs/requirements/public-site.md#layout), derived from the content catalog. */
import { industries, navigationIndustries, services } from "~/content/catalog";

export interface NavLink {
  name: string;
  href: string;
}

const toLink = ({ name, href }: NavLink): NavLink => ({ name, href });

export const navigation = {
  /** Header Services dropdown: the 12 services. */
  services: services.map(toLink),
  /** Header Industries dropdown: 7 links (Non-Profits is not in it, docs/requirements/public-site.md#content). */
  industries: navigationIndustries.map(toLink),
  /** Footer lists every industry page, Non-Profits included. */
  allIndustries: industries.map(toLink),
  allServices: { name: "All services", href: "/services" },
  allIndustriesPage: { name: "All industries", href: "/industries" },
  pages: [
    { name: "About", href: "/about" },
    { name: "Questions", href: "/faq" },
  ],
  getStarted: { name: "Get Started", href: "/contact" },
  login: { name: "Login", href: "/auth/login" },
  logout: { name: "Logout" },
  /** Next to Logout for signed-in users (docs/requirements/accounts.md#account-page). */
  account: { name: "Account", href: "/account" },
  /** The Admin menu, for administrators (docs/requirements/accounts.md#roles). */
  admin: [
    { name: "Blog", href: "/admin/blog" },
    { name: "Docs", href: "/admin/docs" },
    { name: "Graphics", href: "/admin/graphics" },
    { name: "Insights", href: "/admin/insights" },
    { name: "Leads", href: "/admin/leads" },
    { name: "Redirects", href: "/admin/redirects" },
    { name: "Users", href: "/admin/users" },
  ],
  /** Added to the admin area's menu for the super-administrator only (docs/requirements/accounts.md#audit-log). */
  superAdmin: [{ name: "Audit log", href: "/admin/audit" }],
  legal: [
    { name: "Privacy Policy", href: "/privacy-policy" },
    { name: "Terms & Conditions", href: "/terms-and-conditions" },
  ],
  sitemap: { name: "Sitemap", href: "/sitemap" },
  /** In the footer's bottom row, before the sitemap (docs/requirements/blog-and-documents.md#blog). */
  blog: { name: "Blog", href: "/blog" },
} as const;
