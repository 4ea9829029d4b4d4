/**
 * The content a request sees (docs/requirements/content-studio.md): the published content this
 * process holds in memory, or, for signed-in staff with `?preview=<item id>`, the same with that
 * item's draft in place.
 */
import type { AppLoadContext } from "react-router";

import { seedContent } from "~/content/seed";
import type { SiteContent } from "~/content/site-content";

export interface ContentService {
  /** The published content, as this process holds it. */
  published(): SiteContent;
  /** What this request sees: the published content, or a preview of one item's draft (staff only). */
  forRequest(request: Request): Promise<SiteContent>;
}

/** A content service that serves the seed: scripts and tests without a database. */
export function seedContentService(): ContentService {
  const content = seedContent();
  return { published: () => content, forRequest: async () => content };
}

let seed: SiteContent | undefined;

/**
 * The content a loader renders from: `await siteContent(request, context)`. Without services (the
 * build's prerender, which has no load context), the seed.
 */
export function siteContent(request: Request, context: AppLoadContext): Promise<SiteContent> {
  if (!context?.services) return Promise.resolve((seed ??= seedContent()));
  return context.services.content.forRequest(request);
}
