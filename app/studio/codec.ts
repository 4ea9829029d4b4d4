/**
 * How the live content (live.server.ts) reads and writes the items of a SiteContent by id:
 * `facts`, `home`, `about`, `faq`, `service/<slug>`, `industry/<slug>`, `city/<slug>`,
 * `legal/terms`, `legal/privacy`.
 */
import type { SiteContent } from "~/content/site-content";

import type { ItemCodec } from "./live.server";
import type { NewItem } from "./store.server";

type Keyed = "services" | "industries" | "cities";
const KEYED: Record<string, Keyed> = { service: "services", industry: "industries", city: "cities" };
const SINGLE = { facts: "facts", home: "home", about: "about", faq: "faq", "legal/terms": "terms", "legal/privacy": "privacy" } as const;

function items(content: SiteContent): NewItem[] {
  const out: NewItem[] = [];
  for (const [id, key] of Object.entries(SINGLE)) out.push({ id, type: id.split("/")[0]!, title: id, data: content[key] });
  for (const [type, key] of Object.entries(KEYED))
    for (const [slug, data] of Object.entries(content[key])) out.push({ id: `${type}/${slug}`, type, title: slug, data });
  return out;
}

function withItem(content: SiteContent, id: string, data: unknown): SiteContent | null {
  if (data === null || typeof data !== "object") return null;
  if (id in SINGLE) return { ...content, [SINGLE[id as keyof typeof SINGLE]]: data };
  const [type, slug] = id.split("/");
  const key = type ? KEYED[type] : undefined;
  if (!key || !slug || !(slug in content[key])) return null;
  return { ...content, [key]: { ...content[key], [slug]: data } };
}

export const itemCodec: ItemCodec = { items, withItem };

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
