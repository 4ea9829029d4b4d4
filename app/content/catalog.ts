/**
 * The client-safe index of services, industries and cities: names, links, one-line promises.
 * This is the single source of every service and industry name. Page copy lives in
 * services.ts, industries.ts and cities.ts, the seed of the content studio, which only ./seed.ts
 * imports, so it stays out of the browser bundle. Nothing here is a business fact (those are
 * edited in the studio and read per request): a city page's office, its address and phone, are.
 */
import { site, type StateCode } from "../config/site";
import type { CatalogEntry, CitySlug, IndustrySlug, ServiceSlug } from "./types";

export const services: CatalogEntry<ServiceSlug>[] = [
  {
    slug: "managed-it",
    name: "Managed IT",
    href: "/services/managed-it",
    summary: "Your whole IT department for a flat monthly fee, with a help desk that answers.",
    icon: "server",
  },
  {
    slug: "co-managed-it",
    name: "Co-Managed IT",
    href: "/services/co-managed-it",
    summary: "Backup, tools and senior engineers for the IT staff you already have.",
    icon: "users",
  },
  {
    slug: "it-consulting",
    name: "IT Consulting",
    href: "/services/it-consulting",
    summary: "Roadmaps, budgets and projects planned by people who have run them.",
    icon: "lightbulb",
  },
  {
    slug: "cybersecurity",
    name: "Cybersecurity",
    href: "/services/cybersecurity",
    summary: "24/7 SOC monitoring, endpoint protection and staff training that stops attacks.",
    icon: "shield-check",
  },
  {
    slug: "it-compliance",
    name: "IT Compliance",
    href: "/services/it-compliance",
    summary: "HIPAA, PCI DSS and NIST controls put in place and kept audit-ready.",
    icon: "clipboard-check",
  },
  {
    slug: "cloud-services",
    name: "Cloud Services",
    href: "/services/cloud-services",
    summary: "Microsoft 365, Azure and AWS set up, migrated and managed for you.",
    icon: "cloud",
  },
  {
    slug: "email-communications",
    name: "Email Communications",
    href: "/services/email-communications",
    summary: "Business email that arrives, filters phishing and keeps every message.",
    icon: "mail",
  },
  {
    slug: "voip",
    name: "VoIP",
    href: "/services/voip",
    summary: "Cloud phone systems that follow your staff from desk to mobile.",
    icon: "phone",
  },
  {
    slug: "access-control",
    name: "Access Control",
    href: "/services/access-control",
    summary: "Badge and mobile door access with a log of who came in and when.",
    icon: "key-round",
  },
  {
    slug: "audio-visual",
    name: "Audio Visual",
    href: "/services/audio-visual",
    summary: "Conference rooms and displays where the meeting starts on the first click.",
    icon: "monitor-speaker",
  },
  {
    slug: "business-continuity",
    name: "Business Continuity",
    href: "/services/business-continuity",
    summary: "Tested backups and a recovery plan that brings you back in hours, not weeks.",
    icon: "life-buoy",
  },
  {
    slug: "business-application-development",
    name: "Business Application Development",
    href: "/services/business-application-development",
    summary: "Custom apps and integrations that remove double entry from your day.",
    icon: "code",
  },
];

export const industries: (CatalogEntry<IndustrySlug> & { inNavigation: boolean })[] = [
  {
    slug: "small-medium-business",
    name: "Small & Medium Business",
    href: "/industries/small-medium-business",
    summary: "Enterprise-grade IT sized and priced for a 10 to 250 person company.",
    icon: "building",
    inNavigation: true,
  },
  {
    slug: "healthcare",
    name: "Healthcare",
    href: "/industries/healthcare",
    summary: "HIPAA-ready networks, EHR uptime and protected patient data.",
    icon: "stethoscope",
    inNavigation: true,
  },
  {
    slug: "legal-services",
    name: "Legal Services",
    href: "/industries/legal-services",
    summary: "Confidential client files, secure remote access and billing that runs.",
    icon: "scale",
    inNavigation: true,
  },
  {
    slug: "accounting",
    name: "Accounting",
    href: "/industries/accounting",
    summary: "Tax-season uptime, WISP-ready security and safe client portals.",
    icon: "calculator",
    inNavigation: true,
  },
  {
    slug: "manufacturing",
    name: "Manufacturing",
    href: "/industries/manufacturing",
    summary: "Plant-floor networks and ERP kept running across every shift.",
    icon: "factory",
    inNavigation: true,
  },
  {
    slug: "transportation",
    name: "Transportation",
    href: "/industries/transportation",
    summary: "Dispatch, ELD and yard systems that keep trucks moving.",
    icon: "truck",
    inNavigation: true,
  },
  {
    slug: "construction",
    name: "Construction",
    href: "/industries/construction",
    summary: "Job-site connectivity and project files reachable from the truck.",
    icon: "hard-hat",
    inNavigation: true,
  },
  // docs/requirements/public-site.md#content: a page and a route, listed on the overview and sitemaps, not in the header dropdown.
  {
    slug: "non-profits",
    name: "Non-Profits",
    href: "/industries/non-profits",
    summary: "Donor data protected and grant dollars stretched with nonprofit licensing.",
    icon: "heart-handshake",
    inNavigation: false,
  },
];

export interface CityEntry extends CatalogEntry<CitySlug> {
  city: string;
  state: StateCode;
}

/** The city pages (one per office of the seed, app/routes.ts makes a route of each slug), in the offices' order. */
const cityPlaces: { slug: CitySlug; city: string; state: StateCode }[] = [
  { slug: "indianapolis-it-support", city: "Indianapolis", state: "IN" },
  { slug: "fishers-it-support", city: "Fishers", state: "IN" },
  { slug: "noblesville-it-support", city: "Noblesville", state: "IN" },
  { slug: "bloomington-it-support", city: "Bloomington", state: "IN" },
  { slug: "columbus-it-support", city: "Columbus", state: "IN" },
  { slug: "evansville-it-support", city: "Evansville", state: "IN" },
  { slug: "clarksville-tn-it-support", city: "Clarksville", state: "TN" },
];

export const cities: CityEntry[] = cityPlaces.map(({ slug, city, state }) => ({
  slug,
  name: `${city} IT Support`,
  href: `/${slug}`,
  summary: `Local engineers serving ${city}, ${site.states[state]}.`,
  icon: "map-pin",
  city,
  state,
}));

export const navigationIndustries = industries.filter((i) => i.inNavigation);

export function serviceName(slug: ServiceSlug): string {
  return services.find((s) => s.slug === slug)!.name;
}

export function industryName(slug: IndustrySlug): string {
  return industries.find((s) => s.slug === slug)!.name;
}
