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
  /**
   * The Admin menu (docs/requirements/accounts.md#roles): administrators see every entry, editors the
   * ones marked `editors`, staff who work leads the ones marked `leads` (adminMenu below). The
   * server's guards decide; the menu only shows each person what they may open.
   */
  admin: [
    { name: "Blog", href: "/admin/blog", editors: true, leads: false },
    { name: "Content", href: "/admin/content", editors: true, leads: false },
    { name: "Docs", href: "/admin/docs", editors: false, leads: false },
    { name: "Graphics", href: "/admin/graphics", editors: false, leads: false },
    { name: "Insights", href: "/admin/insights", editors: false, leads: false },
    { name: "Leads", href: "/admin/leads", editors: false, leads: true },
    { name: "Redirects", href: "/admin/redirects", editors: false, leads: false },
    { name: "Users", href: "/admin/users", editors: false, leads: false },
    { name: "Webhooks", href: "/admin/webhooks", editors: false, leads: false },
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

/**
 * The Admin menu of someone with these roles: every entry for an administrator (with the
 * super-administrator's own when `isSuperAdmin`), the editors' entries for an editor, the leads
 * for staff who work them, none for anyone else (docs/requirements/accounts.md#roles).
 */
export function adminMenu(roles: { isAdmin: boolean; isEditor: boolean; isSuperAdmin?: boolean; canWorkLeads?: boolean }): NavLink[] {
  if (roles.isAdmin) return [...navigation.admin, ...(roles.isSuperAdmin ? navigation.superAdmin : [])].map(toLink);
  return navigation.admin.filter((item) => (item.editors && roles.isEditor) || (item.leads && roles.canWorkLeads)).map(toLink);
}

/** Whether the Admin menu shows at all (someone with an entry in it). */
export const hasAdminMenu = (roles: { isAdmin: boolean; isEditor: boolean; canWorkLeads?: boolean }): boolean =>
  roles.isAdmin || roles.isEditor || roles.canWorkLeads === true;
