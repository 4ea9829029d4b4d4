/**
 * <head> rules in one place: title suffix, robots, canonical, Open Graph, Twitter, JSON-LD.
 */
import type { MetaDescriptor } from "react-router";

import { site, type BusinessFacts } from "~/config/site";

import { SOCIAL_CARD, socialCardPath } from "./social-card";

export const DEFAULT_ROBOTS = "index, follow";
export const NOINDEX_ROBOTS = "noindex, nofollow";
export const TITLE_SEPARATOR = " | ";
/**
 * The site's Open Graph image (scripts/make-brand-images.ts): the brand and the tagline. A public
 * page has its own card instead (./social-card.ts); this one is for the pages without one.
 */
export const OG_IMAGE = { path: "/og-image.jpg", width: 1200, height: 630 };

/** The Open Graph image's alternative text: the brand, and the tagline when it is known. */
export function ogImageAlt(tagline?: string): string {
  return tagline ? `${site.brand}: ${tagline}` : site.brand;
}

/** docs/requirements/public-site.md#seo: the longest title that gets the brand (search results cut titles at about this length). */
export const TITLE_MAX_LENGTH = 70;

/**
 * docs/requirements/public-site.md#seo: the brand is appended after a separator unless the title already
 * holds it, or the branded title would be longer than TITLE_MAX_LENGTH (a long blog post title:
 * the words of the title matter more than a suffix that would be cut off).
 */
export function withBrand(title: string, brand: string = site.brand): string {
  const trimmed = title.trim();
  if (!trimmed) return brand;
  if (trimmed.toLowerCase().includes(brand.toLowerCase())) return trimmed;
  const branded = `${trimmed}${TITLE_SEPARATOR}${brand}`;
  return branded.length > TITLE_MAX_LENGTH ? trimmed : branded;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin.replace(/\/+$/, "")}/`).toString();
}

export interface Crumb {
  name: string;
  path: string;
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. /services/voip. */
  path: string;
  origin: string;
  /** Defaults to index, follow; `"follow"`: noindex, follow (search results: not indexed, their links followed). */
  noindex?: boolean | "follow";
  /** BreadcrumbList for inner pages: Home is prepended. */
  breadcrumbs?: Crumb[];
  /** Further JSON-LD objects for this page (Service, LocalBusiness, FAQPage...). */
  jsonLd?: Record<string, unknown>[];
  ogType?: "website" | "article";
  /** The page's own Open Graph and Twitter image (a blog post's cover); default the page's social card, else the site's image. */
  image?: { path: string; alt: string };
  /** Further <link> tags: rel prev/next of a paged list, a feed. */
  links?: { rel: string; href: string; type?: string; title?: string }[];
  /** The business facts' tagline, for the alternative text of the site's Open Graph image. */
  tagline?: string;
}

export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]) {
  const all = [{ name: "Home", path: "/" }, ...crumbs];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: all.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(origin, c.path),
    })),
  };
}

/**
 * The Open Graph image of a page: its own (a post's cover), else its social card
 * (docs/requirements/public-site.md#social-cards) when it is an indexed public page, else the site's.
 */
export function pageImage(input: Pick<PageMetaInput, "title" | "path" | "noindex" | "image" | "tagline">): {
  path: string;
  alt: string;
  size?: { width: number; height: number };
} {
  if (input.image) return input.image;
  // Every indexed page is a public page with a card (the card route answers 404 to any other
  // path); a list page after the first (`/blog?page=2`) shows the site's image. The card shows the
  // title and the brand, as the page's <title> does: the same words, which compress to almost
  // nothing beside the <title> (docs/requirements/public-site.md#social-cards).
  if (!input.noindex && !input.path.includes("?"))
    return { path: socialCardPath(input.path, input.title), alt: withBrand(input.title), size: SOCIAL_CARD };
  return { path: OG_IMAGE.path, alt: ogImageAlt(input.tagline), size: OG_IMAGE };
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = withBrand(input.title);
  const url = absoluteUrl(input.origin, input.path);
  const picture = pageImage(input);
  const image = absoluteUrl(input.origin, picture.path);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { name: "robots", content: input.noindex === "follow" ? "noindex, follow" : input.noindex ? NOINDEX_ROBOTS : DEFAULT_ROBOTS },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:site_name", content: site.brand },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_US" },
    { property: "og:image", content: image },
    ...(picture.size
      ? [
          { property: "og:image:width", content: String(picture.size.width) },
          { property: "og:image:height", content: String(picture.size.height) },
        ]
      : []),
    { property: "og:image:alt", content: picture.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: picture.alt },
    ...(input.links ?? []).map((link) => ({ tagName: "link" as const, ...link, href: absoluteUrl(input.origin, link.href) })),
  ];
  const ld = [...(input.breadcrumbs?.length ? [breadcrumbJsonLd(input.origin, input.breadcrumbs)] : []), ...(input.jsonLd ?? [])];
  for (const obj of ld) meta.push({ "script:ld+json": obj });
  return meta;
}

/** Organization JSON-LD, rendered once on every page by the root layout, from the request's business facts. */
export function organizationJsonLd(origin: string, facts: BusinessFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${absoluteUrl(origin, "/")}#organization`,
    name: site.brand,
    legalName: site.legalName,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, "/logo.png"),
    description: facts.description,
    email: facts.emails.general,
    telephone: facts.phones.sales.e164,
    sameAs: facts.social.map((s) => s.href),
    areaServed: [...Object.values(site.states), ...facts.statesAlsoServed].map((name) => ({ "@type": "State", name })),
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        telephone: facts.phones.sales.e164,
        email: facts.emails.general,
        areaServed: "US",
        availableLanguage: "English",
      },
      {
        "@type": "ContactPoint",
        contactType: "technical support",
        telephone: facts.phones.support.e164,
        email: facts.emails.support,
        areaServed: "US",
        availableLanguage: "English",
      },
    ],
  };
}
