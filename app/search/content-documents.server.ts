/**
 * The public pages as site search reads them (docs/requirements/search.md, ADR 032): one document
 * per page made from the published content, and one per question of the questions page, each with
 * its kind, address, title and words. The words are the texts of the item's fields, found through
 * the content studio's field descriptors (text, paragraphs, lines, in groups and lists), so a field
 * added to a type is searched with no change here; identifiers, addresses, phones and e-mail
 * addresses are not words a visitor searches for.
 */
import { cities, industries, services } from "~/content/catalog";
import { faqAnchors } from "~/content/faq-anchors";
import { contactPage, industriesOverview, servicesOverview } from "~/content/pages";
import type { SiteContent } from "~/content/site-content";
import { citySlugs, industrySlugs, serviceSlugs } from "~/content/types";
import { controlsAsSpaces } from "~/lib/control-characters";
import { catalogNames } from "~/studio/catalog-page-fields";
import { fieldsOf, type ContentType } from "~/studio/content-types";
import type { Field } from "~/studio/field-types";

import type { SearchKind } from "./search-rules";

export interface SearchDocument {
  key: string;
  kind: SearchKind;
  url: string;
  title: string;
  body: string;
}

/** Control characters (the snippets' marks among them) are never part of the words searched. */
const plain = (text: string) => controlsAsSpaces(text).replace(/\s+/g, " ").trim();

/** The texts of `data` that the fields name, in the fields' order. */
function textsOf(fields: readonly Field[], data: unknown, out: string[] = []): string[] {
  if (!data || typeof data !== "object") return out;
  const record = data as Record<string, unknown>;
  for (const field of fields) {
    const value = record[field.name];
    switch (field.kind) {
      case "text":
        if (field.format !== "id" && field.format !== "postalCode" && typeof value === "string") out.push(value);
        break;
      case "textarea":
        if (typeof value === "string") out.push(value);
        break;
      case "lines":
        if (Array.isArray(value)) out.push(...value.filter((v): v is string => typeof v === "string"));
        break;
      case "group":
        textsOf(field.fields, value, out);
        break;
      case "list":
        if (Array.isArray(value)) for (const row of value) textsOf(field.fields, row, out);
        break;
      default:
        break;
    }
  }
  return out;
}

const textOf = (type: ContentType, data: unknown, ...more: string[]) => plain([...textsOf(fieldsOf(type), data), ...more].join(" "));

/** Every document of the published content, in a fixed order (the same content gives the same list). */
export function contentDocuments(content: SiteContent): SearchDocument[] {
  const docs: SearchDocument[] = [];
  const page = (key: string, url: string, title: string, body: string, kind: SearchKind = "page") =>
    docs.push({ key, kind, url, title: plain(title), body });

  page("home", "/", content.home.title, textOf("home", content.home));
  page("about", "/about", content.about.headline, textOf("about", content.about));
  page(
    "contact",
    "/contact",
    contactPage.headline,
    plain(
      [
        contactPage.title,
        contactPage.description,
        contactPage.intro,
        `Call us: new business and client support. Email us. Hours: ${content.facts.hours.business}. ${content.facts.hours.emergency}. ${content.facts.hours.onSite}.`,
        ...content.facts.offices.map((o) => `${o.city} office: ${o.street}, ${o.city}, ${o.state} ${o.postalCode}.`),
      ].join(" "),
    ),
  );
  page(
    "services",
    "/services",
    servicesOverview.headline,
    plain([servicesOverview.title, servicesOverview.intro, ...services.map((s) => `${s.name}. ${s.summary}`)].join(" ")),
  );
  page(
    "industries",
    "/industries",
    industriesOverview.headline,
    plain([industriesOverview.title, industriesOverview.intro, ...industries.map((i) => `${i.name}. ${i.summary}`)].join(" ")),
  );

  for (const slug of serviceSlugs)
    page(`service/${slug}`, `/services/${slug}`, catalogNames[slug] ?? slug, textOf("service", content.services[slug]), "service");
  for (const slug of industrySlugs)
    page(`industry/${slug}`, `/industries/${slug}`, catalogNames[slug] ?? slug, textOf("industry", content.industries[slug]), "industry");
  for (const slug of citySlugs) {
    const city = content.cities[slug];
    const office = content.facts.offices.find((o) => o.id === city.officeId);
    const entry = cities.find((c) => c.slug === slug);
    page(
      `city/${slug}`,
      `/${slug}`,
      entry?.name ?? slug,
      textOf("city", city, office ? `${office.street}, ${office.city}, ${office.state} ${office.postalCode}` : ""),
      "city",
    );
  }

  // The questions page itself (its introduction and topics), then each question on its own.
  const faq = content.faq;
  page("faq", "/faq", faq.headline, plain([faq.title, faq.description, faq.intro, ...faq.groups.map((g) => g.topic)].join(" ")));
  const questions = faq.groups.flatMap((group) => group.faqs.map((item) => ({ group, item })));
  const anchors = faqAnchors(questions.map((q) => q.item.question));
  questions.forEach(({ group, item }, i) =>
    page(`faq/${anchors[i]}`, `/faq#${anchors[i]}`, item.question, plain(`${item.answer} ${group.topic}`), "faq"),
  );

  page("legal/terms", "/terms-and-conditions", content.terms.heading, textOf("legal", content.terms));
  page("legal/privacy", "/privacy-policy", content.privacy.heading, textOf("legal", content.privacy));
  return docs;
}
