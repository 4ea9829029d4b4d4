/**
 * What the card of a public page says (docs/requirements/public-site.md#social-cards): the title
 * its meta gives it, from the published content (never a staff preview) or the public blog, with
 * its kind and the brand (app/lib/social-card.ts). Null for a path that is no public page: the
 * card route answers 404, and no card is made for it.
 */
import { publicPostSummary } from "~/blog/public-cache.server";
import { blogPage, contactPage, industriesOverview, servicesOverview, sitemapPage } from "~/content/pages";
import type { SiteContent } from "~/content/site-content";
import { citySlugs, industrySlugs, serviceSlugs } from "~/content/types";
import type { Database } from "~/db/client.server";
import { socialCardHash } from "~/lib/social-card";

import { socialCardText, type SocialCardText } from "./card-kind";

/** The titles of the pages that are not in a collection, as their routes' meta give them. */
const FIXED_TITLES: Record<string, (content: SiteContent) => string> = {
  "/": (content) => content.home.title,
  "/about": (content) => content.about.title,
  "/faq": (content) => content.faq.title,
  "/contact": () => contactPage.title,
  "/sitemap": () => sitemapPage.title,
  "/services": () => servicesOverview.title,
  "/industries": () => industriesOverview.title,
  "/blog": () => blogPage.title,
  "/terms-and-conditions": (content) => content.terms.title,
  "/privacy-policy": (content) => content.privacy.title,
};

const includes = (list: readonly string[], value: string | undefined): value is string => value !== undefined && list.includes(value);

/** The page's title, or null when no public page has this path. */
async function pageTitle(path: string, content: SiteContent, db: Database): Promise<string | null> {
  if (Object.hasOwn(FIXED_TITLES, path)) return FIXED_TITLES[path]!(content);
  const [, first, second, extra] = path.split("/");
  if (extra !== undefined) return null;
  if (first === "services" && includes(serviceSlugs, second)) return content.services[second as (typeof serviceSlugs)[number]].title;
  if (first === "industries" && includes(industrySlugs, second)) return content.industries[second as (typeof industrySlugs)[number]].title;
  if (second === undefined && includes(citySlugs, first)) return content.cities[first as (typeof citySlugs)[number]].title;
  if (first === "blog" && second) return (await publicPostSummary(db, second))?.title ?? null;
  return null;
}

/** The card of the page at `path`: what it says, and the hash its meta's address carries (app/lib/social-card.ts). */
export async function socialCardTextFor(
  path: string,
  content: SiteContent,
  db: Database,
): Promise<{ text: SocialCardText; hash: string } | null> {
  const title = await pageTitle(path, content, db);
  const text = title === null ? null : socialCardText(path, title);
  return text && { text, hash: socialCardHash(path, title!) };
}
