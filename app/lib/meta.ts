import type { MetaDescriptor } from "react-router";

import { site, type BusinessFacts } from "~/config/site";

import { pageMeta, type PageMetaInput } from "./seo";

/**
 * The root loader's data (app/root.tsx): the canonical origin, and the business facts of this
 * request (the published ones, or a staff preview's), which every page's meta and components read.
 */
export interface RootData {
  origin: string;
  facts: BusinessFacts;
  /** A hash of `facts` (useFactsKey). */
  factsKey: string;
  /** Only on a staff preview (`?preview=<item id>`): the item whose draft the page shows. */
  preview?: { itemId: string; title: string };
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

function rootDataFrom(matches: Matches): Partial<RootData> | undefined {
  return matches.find((m) => m?.id === "root")?.data as Partial<RootData> | undefined;
}

/** The canonical origin from the root loader (SITE_URL), for meta functions. */
export function originFrom(matches: Matches): string {
  return rootDataFrom(matches)?.origin ?? site.defaultOrigin;
}

/**
 * The business facts from the root loader, for meta functions. A page's meta runs only below a root
 * that loaded (a root that failed renders its own boundary), so they are there; throws otherwise.
 */
export function factsFrom(matches: Matches): BusinessFacts {
  const facts = rootDataFrom(matches)?.facts;
  if (!facts) throw new Error("factsFrom: the root route's data has no business facts");
  return facts;
}

/** The tagline of the root loader's facts (the site's Open Graph image shows it), if any. */
export function taglineFrom(matches: Matches): string | undefined {
  return rootDataFrom(matches)?.facts?.tagline;
}

/** pageMeta() with the origin (and the tagline the Open Graph image shows) taken from the root route's data. */
export function routeMeta(matches: Matches, input: Omit<PageMetaInput, "origin">): MetaDescriptor[] {
  return pageMeta({ tagline: taglineFrom(matches), ...input, origin: originFrom(matches) });
}

/** Head tags for a page that is not there (thrown 404s reach meta without loader data). */
export function notFoundMeta(matches: Matches, path: string): MetaDescriptor[] {
  return routeMeta(matches, {
    title: "Page not found",
    description: "The page you asked for is not on this site. Find every page on our sitemap, or call us.",
    path,
    noindex: true,
  });
}

/** Head tags of an admin page: "<title> | <brand> admin", never indexed. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${site.brand} admin` }, { name: "robots", content: "noindex, nofollow" }];
}
