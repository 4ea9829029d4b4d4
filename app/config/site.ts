/**
 * The site's identity (`site`: brand, legal name, states, time zone), which a developer changes
 * (README "Rebranding"), and the shape of the business facts staff edit (`BusinessFacts`), with
 * the values a fresh install starts from (`seedFacts`).
 */

export type StateCode = "IN" | "TN";

export interface Phone {
  /** As printed: (317) 555-0142 */
  display: string;
  /** As dialled, E.164: +13175550142 */
  e164: string;
}

export interface Office {
  id: string;
  city: string;
  state: StateCode;
  street: string;
  postalCode: string;
  phone: Phone;
  /** The city page this office belongs to. */
  href: `/${string}-it-support`;
  latitude: number;
  longitude: number;
}

export type Weekday = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

export interface NamedLink {
  name: string;
  href: string;
}

export interface Stat {
  value: string;
  label: string;
}

/**
 * The business facts staff edit in the content studio (docs/requirements/content-studio.md): the
 * seed of a fresh install is `seedFacts` below; the live values are in the database. What is not
 * here (the brand, the legal name, the states, the time zone) is the site's identity: a developer
 * changes it (README "Rebranding").
 */
export interface BusinessFacts {
  tagline: string;
  description: string;
  foundingYearsClaim: string;
  phones: { support: Phone; sales: Phone };
  emails: { general: string; support: string };
  portals: { payment: NamedLink; client: NamedLink };
  social: NamedLink[];
  hours: { business: string; emergency: string; onSite: string; opens: string; closes: string; days: Weekday[] };
  claims: Stat[];
  trustStats: Stat[];
  compliance: string[];
  statesAlsoServed: string[];
  offices: Office[];
}

/** Pure: a client bundle that imports `site` (and not `seedFacts`) keeps none of the seed's numbers. */
/* @__NO_SIDE_EFFECTS__ */
function phone(display: string): Phone {
  return { display, e164: `+1${display.replace(/\D/g, "")}` };
}

/**
 * The site's identity: what a developer changes (README "Rebranding"), never the content studio.
 * Everything staff edit is in `BusinessFacts`; pages read the published facts per request
 * (app/studio/live.server.ts), never this module.
 */
export const site = {
  brand: "Crossroads IT",
  legalName: "Crossroads IT, LLC",
  /** Canonical origin when SITE_URL is not set. */
  defaultOrigin: "https://www.crossroadsit.example",
  states: {
    IN: "Indiana",
    TN: "Tennessee",
  } satisfies Record<StateCode, string>,
  /** The offices' time zone: business hours, reply times, dates shown, Insights' days. */
  timeZone: "America/New_York",
  /** How the time zone is written after a time: "8AM EST". */
  zoneLabel: "EST",
} as const;

export type Site = typeof site;

/**
 * The business facts of a fresh install (and of the tests). Server code only: a module the browser
 * loads takes the facts from the root loader's data (useFacts, app/components/layout/facts.ts).
 */
export const seedFacts: BusinessFacts = {
  tagline: "Managed IT and cybersecurity for Indiana and Tennessee businesses",
  description:
    "Crossroads IT keeps small and mid-size businesses in Indiana and Tennessee running: managed IT, cybersecurity, compliance, cloud and phones, with local engineers on site within 4 hours.",
  foundingYearsClaim: "35+ years",
  phones: {
    /** Client support line: top bar and click-to-call for existing clients. */
    support: phone("(317) 555-0142"),
    /** Sales line: calls to action for new business. */
    sales: phone("(317) 555-0100"),
  },
  emails: {
    general: "hello@crossroadsit.example",
    support: "support@crossroadsit.example",
  },
  portals: {
    payment: { name: "Payment Portal", href: "https://pay.crossroadsit.example" },
    client: { name: "Client Portal", href: "https://portal.crossroadsit.example" },
  },
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.crossroadsit.example/company/crossroads-it" },
    { name: "Facebook", href: "https://www.facebook.crossroadsit.example/crossroadsit" },
    { name: "X", href: "https://x.crossroadsit.example/crossroadsit" },
    { name: "YouTube", href: "https://www.youtube.crossroadsit.example/@crossroadsit" },
  ],
  hours: {
    /** Human text, as docs/requirements/public-site.md#content gives it. */
    business: "Mon–Fri 8AM–6PM EST",
    emergency: "24/7 emergency support for managed clients",
    onSite: "On-site response within 4 hours for qualified managed clients",
    /** Machine form for JSON-LD and for "when will we hear back" messages, in `site.timeZone`. */
    opens: "08:00",
    closes: "18:00",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  },
  /** Claims exactly as docs/requirements/public-site.md#content lists them. Invent no others. */
  claims: [
    { value: "35+", label: "years of experience" },
    { value: "99.9%", label: "uptime" },
    { value: "500+", label: "businesses served" },
    { value: "95%", label: "of downtime prevented" },
  ],
  trustStats: [
    { value: "99.9%", label: "Uptime" },
    { value: "24/7", label: "SOC monitoring" },
    { value: "4hr", label: "Response" },
    { value: "500+", label: "Businesses" },
  ],
  /** Frameworks we help clients meet: these are NOT certifications we claim. */
  compliance: ["HIPAA", "SOC 2 Type II", "PCI DSS", "NIST", "ISO 27001"],
  statesAlsoServed: ["Illinois", "Ohio", "Kentucky", "Michigan", "Wisconsin"],
  offices: [
    {
      id: "indianapolis",
      city: "Indianapolis",
      state: "IN",
      street: "120 Monument Circle, Suite 400",
      postalCode: "46204",
      phone: phone("(317) 555-0110"),
      href: "/indianapolis-it-support",
      latitude: 39.7684,
      longitude: -86.1581,
    },
    {
      id: "fishers",
      city: "Fishers",
      state: "IN",
      street: "8900 E 116th Street, Suite 210",
      postalCode: "46038",
      phone: phone("(317) 555-0120"),
      href: "/fishers-it-support",
      latitude: 39.9568,
      longitude: -86.0134,
    },
    {
      id: "noblesville",
      city: "Noblesville",
      state: "IN",
      street: "75 N 9th Street, Suite 2",
      postalCode: "46060",
      phone: phone("(317) 555-0130"),
      href: "/noblesville-it-support",
      latitude: 40.0456,
      longitude: -86.0086,
    },
    {
      id: "bloomington",
      city: "Bloomington",
      state: "IN",
      street: "310 W Kirkwood Avenue, Suite 5",
      postalCode: "47404",
      phone: phone("(812) 555-0140"),
      href: "/bloomington-it-support",
      latitude: 39.1653,
      longitude: -86.5264,
    },
    {
      id: "columbus",
      city: "Columbus",
      state: "IN",
      street: "500 Washington Street, Suite 3",
      postalCode: "47201",
      phone: phone("(812) 555-0150"),
      href: "/columbus-it-support",
      latitude: 39.2014,
      longitude: -85.9214,
    },
    {
      id: "evansville",
      city: "Evansville",
      state: "IN",
      street: "20 NW 4th Street, Suite 600",
      postalCode: "47708",
      phone: phone("(812) 555-0160"),
      href: "/evansville-it-support",
      latitude: 37.9716,
      longitude: -87.5711,
    },
    {
      id: "clarksville",
      city: "Clarksville",
      state: "TN",
      street: "1 Public Square, Suite 300",
      postalCode: "37040",
      phone: phone("(931) 555-0170"),
      href: "/clarksville-tn-it-support",
      latitude: 36.5298,
      longitude: -87.3595,
    },
  ],
};

/** The office `id` of `facts`; throws for an unknown id. */
export function officeById(facts: Pick<BusinessFacts, "offices">, id: string): Office {
  const office = facts.offices.find((o) => o.id === id);
  if (!office) throw new Error(`Unknown office: ${id}`);
  return office;
}

/** The offices of `facts` grouped by state, in the order of `site.states`. */
export function officesByState(facts: Pick<BusinessFacts, "offices">): { state: StateCode; stateName: string; offices: Office[] }[] {
  return (Object.keys(site.states) as StateCode[]).map((state) => ({
    state,
    stateName: site.states[state],
    offices: facts.offices.filter((o) => o.state === state),
  }));
}
