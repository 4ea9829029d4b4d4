/**
 * The content of a fresh install and of the tests: the typed records of this folder. The live
 * site reads the database (app/studio/live.server.ts); only server code imports this module.
 */
import { seedFacts } from "../config/site";
import { aboutPage } from "./about";
import { cityPages } from "./cities";
import { faqPage } from "./faq";
import { homePage } from "./home";
import { industryPages } from "./industries";
import { privacyPage, termsPage } from "./legal";
import { servicePages } from "./services";
import type { SiteContent } from "./site-content";
import { testimonials } from "./testimonials";

export function seedContent(): SiteContent {
  return structuredClone({
    facts: seedFacts,
    home: homePage,
    about: aboutPage,
    faq: faqPage,
    services: servicePages,
    industries: industryPages,
    cities: cityPages,
    terms: termsPage,
    privacy: privacyPage,
    testimonials,
  });
}
