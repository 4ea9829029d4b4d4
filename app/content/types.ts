/**
 * Shapes of the site's content records. One template renders each family:
 * services (12), industries (8), cities (7). Copy lives in the records, never in components.
 */

export const serviceSlugs = [
  "managed-it",
  "co-managed-it",
  "it-consulting",
  "cybersecurity",
  "it-compliance",
  "cloud-services",
  "email-communications",
  "voip",
  "access-control",
  "audio-visual",
  "business-continuity",
  "business-application-development",
] as const;
export type ServiceSlug = (typeof serviceSlugs)[number];

export const industrySlugs = [
  "small-medium-business",
  "healthcare",
  "legal-services",
  "accounting",
  "manufacturing",
  "transportation",
  "construction",
  "non-profits",
] as const;
export type IndustrySlug = (typeof industrySlugs)[number];

export const citySlugs = [
  "indianapolis-it-support",
  "bloomington-it-support",
  "evansville-it-support",
  "fishers-it-support",
  "noblesville-it-support",
  "columbus-it-support",
  "clarksville-tn-it-support",
] as const;
export type CitySlug = (typeof citySlugs)[number];

/** Icons the content may name (drawn from the sprite, see components/ui/icon.tsx). */
export const iconNames = [
  "server",
  "users",
  "lightbulb",
  "shield-check",
  "clipboard-check",
  "cloud",
  "mail",
  "phone",
  "key-round",
  "monitor-speaker",
  "life-buoy",
  "code",
  "building",
  "stethoscope",
  "scale",
  "calculator",
  "factory",
  "truck",
  "hard-hat",
  "heart-handshake",
  "map-pin",
] as const;
export type IconName = (typeof iconNames)[number];

/** The small, client-safe index entry: names, links, promises. */
export interface CatalogEntry<Slug extends string = string> {
  slug: Slug;
  /** Display name, used in navigation, cards and headings. */
  name: string;
  href: string;
  /** A one-line promise for cards and menus (under ~90 characters). */
  summary: string;
  icon: IconName;
}

export interface Faq {
  question: string;
  /** Plain text; blank lines separate paragraphs. */
  answer: string;
}

export interface Feature {
  title: string;
  text: string;
}

export interface CallToAction {
  title: string;
  text: string;
}

/** Fields every detail page has for <head>. */
export interface PageSeo {
  /** Document title without the brand suffix (the suffix is added), <= 60 characters with it. */
  title: string;
  /** Unique meta description, 50-160 characters (aim at 110 or more: search results show about 155). */
  description: string;
}

export interface ServicePage extends PageSeo {
  slug: ServiceSlug;
  /** The H1. */
  headline: string;
  /** Opening paragraph: what it is, in two or three sentences. */
  intro: string;
  /** Who it is for: 3-5 short bullet points. */
  whoFor: string[];
  /** What is included: 4-8 concrete items. */
  included: Feature[];
  /** Outcomes the client gets: 3-5 bullet points, concrete, no invented numbers. */
  outcomes: string[];
  /** 2-4 related services. */
  related: ServiceSlug[];
  /** 3-5 questions a buyer asks about this service. */
  faqs: Faq[];
  cta: CallToAction;
}

export interface IndustryPage extends PageSeo {
  slug: IndustrySlug;
  headline: string;
  intro: string;
  /** The IT problems this kind of business has: 3-5. */
  challenges: Feature[];
  /** How we address them: 3-6. */
  howWeHelp: Feature[];
  /** Frameworks relevant here, a subset of the business facts' compliance frameworks plus sector rules named in text. */
  regulations: string[];
  /** 3-5 services recommended for this industry. */
  services: ServiceSlug[];
  faqs: Faq[];
  cta: CallToAction;
}

export interface CityPage extends PageSeo {
  slug: CitySlug;
  /** The id of the office (in the business facts' offices) serving this city. */
  officeId: string;
  headline: string;
  intro: string;
  /** What the local economy looks like and who we serve there: 2 paragraphs. */
  localContext: string[];
  /** Nearby towns and areas served from this office: 5-10. */
  areasServed: string[];
  /** Local industries we support, each linking to an industry page where one exists. */
  industries: IndustrySlug[];
  /** A sentence on on-site response and drive times from the office. */
  onSite: string;
  highlights: Feature[];
  faqs: Faq[];
  cta: CallToAction;
}

/**
 * A client's words about working with us (docs/requirements/public-site.md#content): shown on the
 * home page when `onHome`, on the page of its industry and on the pages of its services. Never
 * marked up as a review (no Review or AggregateRating JSON-LD: reviews of a business on its own
 * site are self-serving).
 */
export interface Testimonial {
  quote: string;
  /** The person quoted. */
  person: string;
  /** Their job: "Office manager". */
  role?: string;
  company: string;
  /** The industry page that shows it. */
  industry?: IndustrySlug;
  /** The service pages that show it, in order. */
  services: ServiceSlug[];
  /** Shown on the home page. */
  onHome: boolean;
}

/** A long-form document (terms, privacy) as ordered sections. */
export interface LegalDocument extends PageSeo {
  heading: string;
  /** ISO date, e.g. 2026-11-01. */
  effectiveDate: string;
  intro: string;
  /** Each section's text is Markdown (docs/requirements/content-studio.md#markdown). */
  sections: LegalSection[];
}

export interface LegalSection {
  id: string;
  heading: string;
  /** Markdown: paragraphs, lists, emphasis, links. */
  body: string;
}

/** A legal document as its page gets it: each section's Markdown rendered to sanitised HTML on the server. */
export interface LegalPage extends Omit<LegalDocument, "sections"> {
  sections: RenderedLegalSection[];
}

export interface RenderedLegalSection extends Omit<LegalSection, "body"> {
  html: string;
}
