/**
 * The registry of what staff edit in the content studio: each content type (label, fields, schema)
 * and each item of a SiteContent by its id: `facts`, `home`, `about`, `faq`, `testimonials`,
 * `service/<slug>`, `industry/<slug>`, `city/<slug>`, `legal/terms`, `legal/privacy`.
 */
import { z } from "zod";

import type { BusinessFacts } from "~/config/site";
import type { AboutContent, FaqContent, HomeContent, SiteContent, TestimonialsContent } from "~/content/site-content";
import {
  citySlugs,
  industrySlugs,
  serviceSlugs,
  type CityPage,
  type CitySlug,
  type IndustryPage,
  type IndustrySlug,
  type LegalDocument,
  type ServicePage,
  type ServiceSlug,
} from "~/content/types";

import { catalogNames, cityType, industryType, serviceType } from "./catalog-page-fields";
import type { ContentTypeDefinition } from "./content-type";
import { factsType } from "./facts-fields";
import { schemaOfFields } from "./field-schemas";
import type { Field } from "./field-types";
import { legalType } from "./legal-fields";
import { aboutType, faqType, homeType } from "./page-fields";
import { testimonialsType } from "./testimonial-fields";

/** Each content type's data. */
export interface ContentData {
  facts: BusinessFacts;
  home: HomeContent;
  about: AboutContent;
  faq: FaqContent;
  testimonials: TestimonialsContent;
  service: ServicePage;
  industry: IndustryPage;
  city: CityPage;
  legal: LegalDocument;
}

export type ContentType = keyof ContentData;
export type ItemData = ContentData[ContentType];

export const LEGAL_DOCUMENTS = ["terms", "privacy"] as const;
export type LegalSlug = (typeof LEGAL_DOCUMENTS)[number];

/** The items that are one of their type (their id is the type). */
const SINGLE_ITEMS = ["facts", "home", "about", "faq", "testimonials"] as const;
type SingleItem = (typeof SINGLE_ITEMS)[number];

export type ItemId = SingleItem | `service/${ServiceSlug}` | `industry/${IndustrySlug}` | `city/${CitySlug}` | `legal/${LegalSlug}`;

/** An item id taken apart: its type, and the slug of an item of a family. */
export type ItemRef = { [T in ContentType]: { id: ItemId; type: T; slug: string | null } }[ContentType];

export interface ContentItem {
  id: ItemId;
  type: ContentType;
  /** The item's name in the studio's lists: "Business facts", "Managed IT", "Privacy Policy". */
  title: string;
  /** The public page that shows it, for a preview. */
  path: string;
  data: ItemData;
}

const definitions: { [T in ContentType]: ContentTypeDefinition<ContentData[T]> } = {
  facts: factsType,
  home: homeType,
  about: aboutType,
  faq: faqType,
  testimonials: testimonialsType,
  service: serviceType,
  industry: industryType,
  city: cityType,
  legal: legalType,
};

export const CONTENT_TYPES = Object.keys(definitions) as ContentType[];

const SLUGS: Record<"service" | "industry" | "city" | "legal", readonly string[]> = {
  service: serviceSlugs,
  industry: industrySlugs,
  city: citySlugs,
  legal: LEGAL_DOCUMENTS,
};

const LEGAL_PATHS: Record<LegalSlug, string> = { terms: "/terms-and-conditions", privacy: "/privacy-policy" };
const SINGLE_PATHS: Record<SingleItem, string> = { facts: "/contact", home: "/", about: "/about", faq: "/faq", testimonials: "/" };
const SINGLE_TITLES: Record<SingleItem, string> = {
  facts: "Business facts",
  home: "Home page",
  about: "About page",
  faq: "Questions page",
  testimonials: "Testimonials",
};

export const isContentType = (value: string): value is ContentType => Object.hasOwn(definitions, value);

/** "Business facts", "Service page". */
export const typeLabel = (type: ContentType): string => definitions[type].label;

/** The fields of a content type's edit form. */
export const fieldsOf = (type: ContentType): readonly Field[] => definitions[type].fields;

const schemas = new Map<ContentType, z.ZodType>();

/**
 * The schema of a content type: every field's rules, then the rules across fields. It reads stored
 * data and form values alike (field-schemas.ts) and answers the data.
 */
export function schemaOf<T extends ContentType>(type: T): z.ZodType<ContentData[T]> {
  let schema = schemas.get(type);
  if (!schema) {
    const definition = definitions[type] as ContentTypeDefinition<ContentData[T]>;
    schema = z
      .preprocess((data) => inCurrentShape(type, data), schemaOfFields(definition.fields))
      .pipe(
        z.custom<Record<string, unknown>>().superRefine((data, ctx) => {
          definition.check?.(data as unknown as ContentData[T], (path, message) =>
            ctx.addIssue({ code: "custom", path: path.split("."), message }),
          );
        }),
      );
    schemas.set(type, schema);
  }
  return schema as z.ZodType<ContentData[T]>;
}

/** An item's data in its type's current shape (ContentTypeDefinition.upgrade). */
export function inCurrentShape(type: ContentType, data: unknown): unknown {
  const upgrade = (definitions[type] as ContentTypeDefinition<unknown>).upgrade;
  return upgrade ? upgrade(data) : data;
}

/** The item an id names, or null for an id the studio does not know. */
export function parseItemId(id: string): ItemRef | null {
  if ((SINGLE_ITEMS as readonly string[]).includes(id)) return { id: id as SingleItem, type: id as SingleItem, slug: null };
  const slash = id.indexOf("/");
  const type = id.slice(0, slash);
  const slug = id.slice(slash + 1);
  if (slash < 0 || !Object.hasOwn(SLUGS, type) || !SLUGS[type as keyof typeof SLUGS].includes(slug)) return null;
  return { id: id as ItemId, type: type as keyof typeof SLUGS, slug };
}

function refOf(id: ItemId): ItemRef {
  const ref = parseItemId(id);
  if (!ref) throw new Error(`Unknown content item: ${id}`);
  return ref;
}

/** The public page that shows an item. */
export function previewPath(id: ItemId): string {
  const { type, slug } = refOf(id);
  switch (type) {
    case "service":
      return `/services/${slug}`;
    case "industry":
      return `/industries/${slug}`;
    case "city":
      return `/${slug}`;
    case "legal":
      return LEGAL_PATHS[slug as LegalSlug];
    default:
      return SINGLE_PATHS[type];
  }
}

/** An item's data in `content`. */
export function itemData(content: SiteContent, id: ItemId): ItemData {
  const { type, slug } = refOf(id);
  switch (type) {
    case "service":
      return content.services[slug as ServiceSlug];
    case "industry":
      return content.industries[slug as IndustrySlug];
    case "city":
      return content.cities[slug as CitySlug];
    case "legal":
      return content[slug as LegalSlug];
    case "testimonials":
      return { testimonials: content.testimonials };
    default:
      return content[type];
  }
}

/** An item's name in the studio's lists. */
export function itemTitle(id: ItemId, data: ItemData): string {
  const { type, slug } = refOf(id);
  if (type === "legal") return (data as LegalDocument).heading;
  if (slug) return catalogNames[slug] ?? slug;
  return SINGLE_TITLES[type as SingleItem];
}

/** Every item of `content`, in the studio's order: facts, single pages, testimonials, services, industries, cities, legal documents. */
export function contentItems(content: SiteContent): ContentItem[] {
  const ids: ItemId[] = [
    "facts",
    "home",
    "about",
    "faq",
    "testimonials",
    ...serviceSlugs.map((slug) => `service/${slug}` as const),
    ...industrySlugs.map((slug) => `industry/${slug}` as const),
    ...citySlugs.map((slug) => `city/${slug}` as const),
    ...LEGAL_DOCUMENTS.map((slug) => `legal/${slug}` as const),
  ];
  return ids.map((id) => {
    const data = itemData(content, id);
    return { id, type: refOf(id).type, title: itemTitle(id, data), path: previewPath(id), data };
  });
}

/**
 * A copy of `content` with one item replaced (the rest shared, not copied). The data of a page of
 * a family must carry that page's slug.
 */
export function withItem(content: SiteContent, id: ItemId, data: ItemData): SiteContent {
  const { type, slug } = refOf(id);
  if (slug && type !== "legal" && (data as { slug?: string }).slug !== slug) throw new Error(`The data of ${id} has another slug.`);
  switch (type) {
    case "service":
      return { ...content, services: { ...content.services, [slug as ServiceSlug]: data as ServicePage } };
    case "industry":
      return { ...content, industries: { ...content.industries, [slug as IndustrySlug]: data as IndustryPage } };
    case "city":
      return { ...content, cities: { ...content.cities, [slug as CitySlug]: data as CityPage } };
    case "legal":
      return { ...content, [slug as LegalSlug]: data as LegalDocument };
    case "testimonials":
      return { ...content, testimonials: (data as TestimonialsContent).testimonials };
    default:
      return { ...content, [type]: data };
  }
}
