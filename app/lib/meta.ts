import type { MetaDescriptor } from "react-router";

import { site } from "~/config/site";

import { pageMeta, type PageMetaInput } from "./seo";

/** The root loader's data (app/root.tsx), which every page's meta reads its origin from. */
export interface RootData {
  origin: string;
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The canonical origin from the root loader (SITE_URL), for meta functions. */
export function originFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  return root?.origin ?? site.defaultOrigin;
}

/** pageMeta() with the origin taken from the root route's data. */
export function routeMeta(matches: Matches, input: Omit<PageMetaInput, "origin">): MetaDescriptor[] {
  return pageMeta({ ...input, origin: originFrom(matches) });
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
