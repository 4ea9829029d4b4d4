/**
 * Everything staff edit in the content studio, as one typed value: the business facts and the copy
 * of every editable page (docs/requirements/content-studio.md). The server holds the published one
 * in memory (app/studio/live.server.ts); `seedContent()` (./seed.ts) is what a fresh install starts
 * from.
 */
import type { BusinessFacts } from "../config/site";
import type { aboutPage } from "./about";
import type { faqPage } from "./faq";
import type { homePage } from "./home";
import type { CityPage, CitySlug, IndustryPage, IndustrySlug, LegalDocument, ServicePage, ServiceSlug, Testimonial } from "./types";

export type HomeContent = typeof homePage;
export type AboutContent = typeof aboutPage;
export type FaqContent = typeof faqPage;
/** The content studio's `testimonials` item: the one list of every testimonial. */
export interface TestimonialsContent {
  testimonials: Testimonial[];
}

export interface SiteContent {
  facts: BusinessFacts;
  home: HomeContent;
  about: AboutContent;
  faq: FaqContent;
  services: Record<ServiceSlug, ServicePage>;
  industries: Record<IndustrySlug, IndustryPage>;
  cities: Record<CitySlug, CityPage>;
  terms: LegalDocument;
  privacy: LegalDocument;
  /** Shown on the home page (those marked) and on the pages of their services and industry. */
  testimonials: Testimonial[];
}
