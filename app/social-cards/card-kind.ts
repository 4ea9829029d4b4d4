/**
 * What a social card says (docs/requirements/public-site.md#social-cards, ADR 033): the page's
 * kind by the shape of its path, its title without the brand around it, the brand; and the page a
 * card path names. Server only: the browser needs only the card's address (app/lib/social-card.ts).
 */
import { site } from "~/config/site";
import { citySlugs } from "~/content/types";

/** The longest page path a card address may carry; anything longer is no page of this site. */
export const SOCIAL_CARD_PATH_MAX = 200;

/** What a page is, as its card says it above the title. */
export type SocialCardKind = "Home" | "Page" | "Services" | "Service" | "Industries" | "Industry" | "City" | "Blog" | "Blog post" | "Legal";

export interface SocialCardText {
  title: string;
  kind: SocialCardKind;
  brand: string;
}

const FIXED_KINDS: Record<string, SocialCardKind> = {
  "/": "Home",
  "/about": "Page",
  "/faq": "Page",
  "/contact": "Page",
  "/sitemap": "Page",
  "/services": "Services",
  "/industries": "Industries",
  "/blog": "Blog",
  "/terms-and-conditions": "Legal",
  "/privacy-policy": "Legal",
};
const cityPaths = new Set<string>(citySlugs.map((slug) => `/${slug}`));
const SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";
const SERVICE = new RegExp(`^/services/${SLUG}$`);
const INDUSTRY = new RegExp(`^/industries/${SLUG}$`);
const POST = new RegExp(`^/blog/${SLUG}$`);

/**
 * The kind of page a path names, by its shape; null for a path that cannot be a public page with
 * a card (a query, the admin area, sign-in). Whether the page exists is the card route's question.
 */
export function socialCardKind(path: string): SocialCardKind | null {
  if (Object.hasOwn(FIXED_KINDS, path)) return FIXED_KINDS[path]!;
  if (cityPaths.has(path)) return "City";
  if (SERVICE.test(path)) return "Service";
  if (INDUSTRY.test(path)) return "Industry";
  if (POST.test(path)) return "Blog post";
  return null;
}

/**
 * The page a card path names (the route's splat, after /og/), or null when it names none: not a
 * .png, too long, not in a page's shape (`..`, NUL, capitals, double slashes all fail the shape).
 */
export function pagePathOfCard(splat: string): string | null {
  if (splat.length > SOCIAL_CARD_PATH_MAX || !splat.endsWith(".png")) return null;
  const name = splat.slice(0, -".png".length);
  const path = name === "index" ? "/" : `/${name}`;
  return name && socialCardKind(path) ? path : null;
}

/**
 * What a page's card says: its title (without the brand around a separator, which the card shows
 * on its own line), its kind, the brand. Null when the path has no card.
 */
export function socialCardText(pagePath: string, pageTitle: string): SocialCardText | null {
  const kind = socialCardKind(pagePath);
  if (!kind) return null;
  const brand = site.brand;
  let title = pageTitle.trim();
  for (const separator of [" | ", " - ", " – ", ": "]) {
    if (title.startsWith(`${brand}${separator}`)) title = title.slice(brand.length + separator.length);
    if (title.endsWith(`${separator}${brand}`)) title = title.slice(0, -(brand.length + separator.length));
  }
  return { title: title.trim() || brand, kind, brand };
}
