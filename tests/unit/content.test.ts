/**
 * Content integrity: what a visitor or a search engine would notice if the typed content drifted
 * from docs/requirements/README.md (missing pages, duplicate titles, broken links, invented claims,
 * doorway-like city pages).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { navigation } from "~/config/navigation";
import { seedFacts, site } from "~/config/site";
import { aboutPage } from "~/content/about";
import { cities, industries, navigationIndustries, services } from "~/content/catalog";
import { cityPages } from "~/content/cities";
import { faqPage } from "~/content/faq";
import { homePage } from "~/content/home";
import { industryPages } from "~/content/industries";
import { privacyPage, termsPage } from "~/content/legal";
import * as pages from "~/content/pages";
import { prerenderedPaths, publicPages, serverRenderedPaths } from "~/content/routes-index";
import { servicePages } from "~/content/services";
import { testimonials } from "~/content/testimonials";
import { citySlugs, industrySlugs, serviceSlugs, type PageSeo } from "~/content/types";
import { withBrand } from "~/lib/seo";

// The oracle: the required routes, verbatim (docs/requirements/README.md#routes).
const REQUIRED_SERVICE_SLUGS = [
  "managed-it",
  "it-consulting",
  "cybersecurity",
  "it-compliance",
  "co-managed-it",
  "business-continuity",
  "business-application-development",
  "cloud-services",
  "email-communications",
  "voip",
  "audio-visual",
  "access-control",
];
const REQUIRED_NAV_INDUSTRY_SLUGS = [
  "small-medium-business",
  "healthcare",
  "legal-services",
  "accounting",
  "manufacturing",
  "transportation",
  "construction",
];
const REQUIRED_CITY_PATHS = [
  "/indianapolis-it-support",
  "/bloomington-it-support",
  "/evansville-it-support",
  "/fishers-it-support",
  "/noblesville-it-support",
  "/columbus-it-support",
  "/clarksville-tn-it-support",
];

const sorted = (xs: Iterable<string>) => [...xs].sort();

/** Every string anywhere inside a value (records, arrays, nested objects). */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

/** Every content record, with a label so a failure names the page. */
const contentRecords: [string, unknown][] = [
  ...Object.entries(servicePages).map(([k, v]) => [`service ${k}`, v] as [string, unknown]),
  ...Object.entries(industryPages).map(([k, v]) => [`industry ${k}`, v] as [string, unknown]),
  ...Object.entries(cityPages).map(([k, v]) => [`city ${k}`, v] as [string, unknown]),
  ["home", homePage],
  ["about", aboutPage],
  ["faq", faqPage],
  ["terms", termsPage],
  ["privacy", privacyPage],
  ["testimonials", testimonials],
  ...Object.entries(pages).map(([k, v]) => [`pages.${k}`, v] as [string, unknown]),
  ["catalog.services", services],
  ["catalog.industries", industries],
  ["catalog.cities", cities],
];

/** Every page that renders a <title> and meta description. */
const seoPages: [string, PageSeo][] = [
  ...Object.entries(servicePages).map(([k, v]) => [`service ${k}`, v] as [string, PageSeo]),
  ...Object.entries(industryPages).map(([k, v]) => [`industry ${k}`, v] as [string, PageSeo]),
  ...Object.entries(cityPages).map(([k, v]) => [`city ${k}`, v] as [string, PageSeo]),
  ["home", homePage],
  ["about", aboutPage],
  ["faq", faqPage],
  ["terms", termsPage],
  ["privacy", privacyPage],
  ...Object.entries(pages).map(([k, v]) => [`pages.${k}`, v as PageSeo] as [string, PageSeo]),
];

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const v of values) (seen.has(v) ? dups : seen).add(v);
  return [...dups];
}

describe("page families match docs/requirements/README.md#routes", () => {
  it("has exactly the 12 required services, each at /services/<slug>", () => {
    expect(sorted(serviceSlugs)).toEqual(sorted(REQUIRED_SERVICE_SLUGS));
    expect(sorted(services.map((s) => s.slug))).toEqual(sorted(REQUIRED_SERVICE_SLUGS));
    for (const s of services) expect(s.href).toBe(`/services/${s.slug}`);
    expect(navigation.services).toHaveLength(12);
    expect(sorted(navigation.services.map((l) => l.href))).toEqual(sorted(REQUIRED_SERVICE_SLUGS.map((s) => `/services/${s}`)));
  });

  it("has 8 industries: the required 7 in the header dropdown, plus non-profits only in allIndustries", () => {
    expect(industrySlugs).toHaveLength(8);
    expect(sorted(industries.map((i) => i.slug))).toEqual(sorted(industrySlugs));
    for (const i of industries) expect(i.href).toBe(`/industries/${i.slug}`);

    expect(sorted(navigationIndustries.map((i) => i.slug))).toEqual(sorted(REQUIRED_NAV_INDUSTRY_SLUGS));
    expect(sorted(navigation.industries.map((l) => l.href))).toEqual(sorted(REQUIRED_NAV_INDUSTRY_SLUGS.map((s) => `/industries/${s}`)));
    expect(navigation.industries.map((l) => l.href)).not.toContain("/industries/non-profits");
    expect(navigation.allIndustries.map((l) => l.href)).toContain("/industries/non-profits");
    expect(sorted(navigation.allIndustries.map((l) => l.href))).toEqual(sorted(industrySlugs.map((s) => `/industries/${s}`)));
  });

  it("has the 7 required city pages at their required paths", () => {
    expect(sorted(citySlugs.map((s) => `/${s}`))).toEqual(sorted(REQUIRED_CITY_PATHS));
    expect(sorted(cities.map((c) => c.href))).toEqual(sorted(REQUIRED_CITY_PATHS));
    for (const c of cities) expect(c.href).toBe(`/${c.slug}`);
  });

  it.each([
    ["services", serviceSlugs, servicePages],
    ["industries", industrySlugs, industryPages],
    ["cities", citySlugs, cityPages],
  ] as const)("every %s slug has a page record and every record has a slug", (_, slugs, records) => {
    expect(sorted(Object.keys(records))).toEqual(sorted(slugs));
    for (const [key, page] of Object.entries(records)) expect(page.slug, key).toBe(key);
  });

  it("every detail page is complete: headline, intro, FAQs and a call to action", () => {
    const detail = [...Object.values(servicePages), ...Object.values(industryPages), ...Object.values(cityPages)];
    for (const page of detail) {
      for (const field of [page.title, page.description, page.headline, page.intro, page.cta.title, page.cta.text]) {
        expect(field.trim(), page.slug).not.toBe("");
      }
      expect(page.faqs.length, `${page.slug} faqs`).toBeGreaterThan(0);
      for (const f of page.faqs) {
        expect(f.question.trim(), page.slug).not.toBe("");
        expect(f.answer.trim(), page.slug).not.toBe("");
      }
    }
    for (const s of Object.values(servicePages)) {
      expect(s.whoFor.length, s.slug).toBeGreaterThan(0);
      expect(s.included.length, s.slug).toBeGreaterThan(0);
      expect(s.outcomes.length, s.slug).toBeGreaterThan(0);
    }
    for (const i of Object.values(industryPages)) {
      expect(i.challenges.length, i.slug).toBeGreaterThan(0);
      expect(i.howWeHelp.length, i.slug).toBeGreaterThan(0);
    }
    for (const c of Object.values(cityPages)) {
      expect(c.localContext.length, c.slug).toBeGreaterThan(0);
      expect(c.areasServed.length, c.slug).toBeGreaterThan(0);
      expect(c.highlights.length, c.slug).toBeGreaterThan(0);
      expect(c.onSite.trim(), c.slug).not.toBe("");
    }
  });
});

describe("titles and descriptions (what a search result shows)", () => {
  const branded = seoPages.map(([label, p]) => [label, withBrand(p.title)] as const);

  it("every branded title is at most 60 characters", () => {
    const tooLong = branded.filter(([, t]) => t.length > 60).map(([label, t]) => `${label}: "${t}" (${t.length})`);
    expect(tooLong).toEqual([]);
  });

  it("every branded title is unique", () => {
    expect(duplicates(branded.map(([, t]) => t.toLowerCase()))).toEqual([]);
  });

  it("every description is unique and 50-160 characters", () => {
    const bad = seoPages
      .filter(([, p]) => p.description.length < 50 || p.description.length > 160)
      .map(([label, p]) => `${label} (${p.description.length})`);
    expect(bad).toEqual([]);
    expect(duplicates(seoPages.map(([, p]) => p.description.trim().toLowerCase()))).toEqual([]);
  });
});

describe("cross-references between records", () => {
  const serviceSet = new Set<string>(serviceSlugs);
  const industrySet = new Set<string>(industrySlugs);

  it("related services exist and never include the page itself", () => {
    for (const page of Object.values(servicePages)) {
      expect(page.related, page.slug).not.toContain(page.slug);
      for (const r of page.related) expect(serviceSet.has(r), `${page.slug} → ${r}`).toBe(true);
      expect(duplicates(page.related), page.slug).toEqual([]);
    }
  });

  it("industry pages recommend existing services", () => {
    for (const page of Object.values(industryPages)) {
      expect(page.services.length, page.slug).toBeGreaterThan(0);
      for (const s of page.services) expect(serviceSet.has(s), `${page.slug} → ${s}`).toBe(true);
    }
  });

  it("city pages link existing industries", () => {
    for (const page of Object.values(cityPages)) {
      for (const i of page.industries) expect(industrySet.has(i), `${page.slug} → ${i}`).toBe(true);
    }
  });

  it("each city page is served by an existing office whose link points back to that page", () => {
    for (const page of Object.values(cityPages)) {
      const office = seedFacts.offices.find((o) => o.id === page.officeId);
      expect(office, `${page.slug} officeId ${page.officeId}`).toBeDefined();
      expect(office!.href).toBe(`/${page.slug}`);
    }
    // One page per office, no office shared.
    expect(duplicates(Object.values(cityPages).map((p) => p.officeId))).toEqual([]);
  });

  it("the catalog's cities are the seed's offices: same pages, city names and states, in their order", () => {
    expect(cities.map((c) => [c.href, c.city, c.state])).toEqual(seedFacts.offices.map((o) => [o.href, o.city, o.state]));
  });
});

describe("city pages are not near-duplicates (docs/requirements/public-site.md#content)", () => {
  const words = (page: (typeof cityPages)[keyof typeof cityPages]) =>
    new Set(
      [page.intro, ...page.localContext, page.onSite, ...page.highlights.flatMap((h) => [h.title, h.text])]
        .join(" ")
        .toLowerCase()
        .split(/[^a-z0-9'-]+/)
        .filter(Boolean),
    );
  const jaccard = (a: Set<string>, b: Set<string>) => {
    let inter = 0;
    for (const w of a) if (b.has(w)) inter++;
    return inter / (a.size + b.size - inter);
  };
  const list = Object.values(cityPages);
  const pairs: { pair: string; score: number }[] = [];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      pairs.push({ pair: `${list[i].slug} ~ ${list[j].slug}`, score: jaccard(words(list[i]), words(list[j])) });
    }
  }
  const max = pairs.reduce((m, p) => (p.score > m.score ? p : m), { pair: "none", score: 0 });

  it(`every pair's word-set Jaccard similarity is below 0.5 (max ${max.score.toFixed(3)}: ${max.pair})`, () => {
    expect(pairs).toHaveLength(21);
    const tooSimilar = pairs.filter((p) => p.score >= 0.5);
    expect(tooSimilar).toEqual([]);
  });
});

describe("claims and contact details in copy", () => {
  const all = contentRecords.flatMap(([label, record]) => stringsIn(record).map((s) => [label, s] as const));

  it("scans a meaningful amount of copy", () => {
    expect(all.length).toBeGreaterThan(500);
  });

  it("uses no percentage figure other than the claims' 99.9% and 95%", () => {
    const found = new Set<string>();
    for (const [, s] of all) for (const m of s.matchAll(/\d+(\.\d+)?%/g)) found.add(m[0]);
    for (const f of found) expect(["99.9%", "95%"], `unexpected claim ${f}`).toContain(f);
  });

  it("contains no phone number or e-mail address (those live in site config only)", () => {
    const phone = /\(\d{3}\)\s?\d{3}-\d{4}/;
    const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
    const hits = all.filter(([, s]) => phone.test(s) || email.test(s)).map(([label, s]) => `${label}: ${s.slice(0, 80)}`);
    expect(hits).toEqual([]);
  });
});

describe("the seed's testimonials are placeholders (docs/requirements/public-site.md#content)", () => {
  it("3 or 4 of them, every company marked (sample), some on the home page", () => {
    expect(testimonials.length).toBeGreaterThanOrEqual(3);
    expect(testimonials.length).toBeLessThanOrEqual(4);
    for (const t of testimonials) expect(t.company, t.person).toMatch(/ \(sample\)$/);
    expect(testimonials.filter((t) => t.onHome).length).toBeGreaterThan(0);
  });

  it("their quotes hold no figure: no number, no invented statistic", () => {
    for (const t of testimonials) expect(t.quote, t.person).not.toMatch(/\d/);
  });
});

describe("site config and seed facts (docs/requirements/public-site.md#content)", () => {
  it("uses only fictional 555-01xx phone numbers, with matching E.164 forms", () => {
    const phones = [seedFacts.phones.support, seedFacts.phones.sales, ...seedFacts.offices.map((o) => o.phone)];
    for (const p of phones) {
      expect(p.display).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(p.e164).toBe(`+1${p.display.replace(/\D/g, "")}`);
    }
  });

  it("uses only the .example TLD for every URL and e-mail address", () => {
    const strings = stringsIn([site, seedFacts]);
    const urls = strings.filter((s) => /^https?:\/\//.test(s));
    const emails = strings.filter((s) => s.includes("@") && !/^https?:/.test(s));
    expect(urls.length).toBeGreaterThan(5);
    expect(emails.length).toBeGreaterThan(0);
    for (const u of urls) expect(new URL(u).hostname, u).toMatch(/\.example$/);
    for (const e of emails) expect(e).toMatch(/^[^@\s]+@[^@\s]+\.example$/);
  });

  it("trust statistics are exactly 99.9% uptime, 24/7 SOC monitoring, 4hr response, 500+ businesses", () => {
    expect(seedFacts.trustStats.map((s) => [s.value, s.label.toLowerCase()])).toEqual([
      ["99.9%", "uptime"],
      ["24/7", "soc monitoring"],
      ["4hr", "response"],
      ["500+", "businesses"],
    ]);
  });

  it("claims are exactly 35+ years, 99.9% uptime, 500+ businesses, 95% of downtime prevented", () => {
    const claims = seedFacts.claims.map((c) => `${c.value} ${c.label}`.toLowerCase());
    expect(claims).toHaveLength(4);
    expect(claims[0]).toMatch(/^35\+ years/);
    expect(claims[1]).toMatch(/^99\.9% uptime/);
    expect(claims[2]).toMatch(/^500\+ businesses/);
    expect(claims[3]).toMatch(/^95% of downtime prevented/);
  });
});

describe("internal links resolve to a public page", () => {
  const paths = publicPages().map((p) => p.path);
  const pathSet = new Set(paths);

  it("every href from navigation, the catalog and the offices is a public page, except /auth/login", () => {
    const nav = navigation;
    const hrefs = [
      ...nav.services,
      ...nav.industries,
      ...nav.allIndustries,
      ...nav.pages,
      ...nav.legal,
      nav.sitemap,
      nav.getStarted,
      nav.login,
      nav.allServices,
      nav.allIndustriesPage,
      ...services,
      ...industries,
      ...cities,
      ...seedFacts.offices,
    ].map((l) => l.href);
    expect(hrefs.length).toBeGreaterThan(40);
    const unresolved = new Set(hrefs.filter((h) => !pathSet.has(h)));
    expect([...unresolved]).toEqual(["/auth/login"]);
  });

  it("publicPages() lists unique paths including every page family and the fixed pages", () => {
    expect(duplicates(paths)).toEqual([]);
    for (const p of [
      "/",
      "/about",
      "/faq",
      "/services",
      "/industries",
      "/contact",
      "/terms-and-conditions",
      "/privacy-policy",
      "/sitemap",
    ]) {
      expect(paths).toContain(p);
    }
    for (const s of serviceSlugs) expect(paths).toContain(`/services/${s}`);
    for (const i of industrySlugs) expect(paths).toContain(`/industries/${i}`);
    for (const c of citySlugs) expect(paths).toContain(`/${c}`);
  });

  it("publicPages() leaves out /500 and the private areas", () => {
    for (const p of paths) {
      expect(p).not.toBe("/500");
      expect(p).not.toMatch(/^\/(admin|auth|mloe|ste)(\/|$)/);
    }
  });

  it("prerenderedPaths() (rendered into memory at start and after each publication) is every public page without a form or the posts, plus /500; those are rendered per request", () => {
    const perRequest = ["/contact", "/blog", "/sitemap"]; // a form; the posts (docs/requirements/blog-and-documents.md#blog)
    expect(sorted(prerenderedPaths())).toEqual(sorted([...paths.filter((p) => !perRequest.includes(p)), "/500"]));
    expect(sorted([...serverRenderedPaths])).toEqual(sorted(perRequest));
    for (const path of perRequest) expect(paths).toContain(path); // still in the sitemaps
  });
});

describe("page copy and business facts come from the content service (app/studio/live.server.ts)", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const appFiles = files("app");
  const COPY = ["services", "industries", "cities", "home", "about", "faq", "legal", "testimonials"].map((name) =>
    path.join("app", "content", name),
  );
  /** The modules a file imports values from (`import type` brings no copy along), as paths under app/ without extension. */
  const valueImports = (file: string) =>
    [...readFileSync(file, "utf8").matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+"([^"]+)"/g)]
      .map((m) => m[1])
      .map((spec) =>
        spec.startsWith("~/") ? path.join("app", spec.slice(2)) : spec.startsWith(".") ? path.join(path.dirname(file), spec) : spec,
      );

  it("only app/content/seed.ts imports the page-copy modules (services, industries, cities, home, about, faq, legal, testimonials)", () => {
    const importers = appFiles.filter((file) => valueImports(file).some((target) => COPY.includes(target)));
    expect(importers).toEqual([path.join("app", "content", "seed.ts")]);
  });

  it("no module the browser may load reads seedFacts (server modules, the seed and its copy only)", () => {
    const allowed = new Set([path.join("app", "config", "site.ts"), path.join("app", "content", "seed.ts"), ...COPY.map((m) => `${m}.ts`)]);
    const readers = appFiles.filter(
      (file) => !/\.server\.tsx?$/.test(file) && !allowed.has(file) && /\bseedFacts\b/.test(readFileSync(file, "utf8")),
    );
    expect(readers).toEqual([]);
  });
});
