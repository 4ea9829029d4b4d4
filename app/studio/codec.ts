/**
 * How the live content (live.server.ts) reads and writes the items of a SiteContent: the registry
 * of content-types.ts, with every stored item checked by its type's schema before it is shown.
 */
import { contentItems, parseItemId, withItem } from "./content-types";
import { checkItem } from "./item-form";
import type { ItemCodec } from "./live.server";

export const itemCodec: ItemCodec = {
  items: (content) => contentItems(content).map(({ id, type, title, data }) => ({ id, type, title, data })),
  withItem(content, id, data) {
    const ref = parseItemId(id);
    if (!ref) return null;
    const checked = checkItem(ref.type, data);
    if (!checked.ok) return null;
    // A page's data names its own slug; the form's or the file's is never trusted for it.
    if (ref.slug && ref.type !== "legal" && (checked.data as { slug?: string }).slug !== ref.slug) return null;
    return withItem(content, ref.id, checked.data);
  },
};

const PAGE_ITEMS: Record<string, string> = {
  "/": "home",
  "/about": "about",
  "/faq": "faq",
  "/terms-and-conditions": "legal/terms",
  "/privacy-policy": "legal/privacy",
};

/** The item whose copy a public page shows (besides the business facts, which every page shows); none for the others. */
export function itemOfPage(path: string): string | undefined {
  if (PAGE_ITEMS[path]) return PAGE_ITEMS[path];
  const service = /^\/services\/([a-z0-9-]+)$/.exec(path);
  if (service) return `service/${service[1]}`;
  const industry = /^\/industries\/([a-z0-9-]+)$/.exec(path);
  if (industry) return `industry/${industry[1]}`;
  const city = /^\/([a-z0-9-]+-it-support)$/.exec(path);
  return city ? `city/${city[1]}` : undefined;
}

/**
 * The items a public page shows besides its own and the business facts: the testimonials, on the
 * home page and on every service and industry page (a page that shows none may have just lost one).
 */
export function sharedItemsOfPage(path: string): string[] {
  return path === "/" || /^\/(services|industries)\/[a-z0-9-]+$/.test(path) ? ["testimonials"] : [];
}
