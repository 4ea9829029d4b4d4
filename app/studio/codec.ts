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
