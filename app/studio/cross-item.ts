/**
 * Rules across items (docs/requirements/content-studio.md): a city page's office must be one of
 * the business facts' offices, and the facts may not drop an office a city page names (that page
 * would have no address). Checked where content changes (a save, a publication, a schedule when it
 * comes due, an import) and where it is loaded (live.server.ts: an item that breaks one is shown
 * as its seed, so every page still renders).
 */
import type { SiteContent } from "~/content/site-content";

import type { StudioFieldErrors } from "./field-types";

export interface CrossItemProblem {
  id: string;
  /** The field of that item, as the edit form names it. */
  path: string;
  message: string;
}

/** Every broken rule across the items of `content`. */
export function contentProblems(content: SiteContent): CrossItemProblem[] {
  const offices = new Set(content.facts.offices.map((o) => o.id));
  return Object.values(content.cities)
    .filter((city) => !offices.has(city.officeId))
    .map((city) => ({
      id: `city/${city.slug}`,
      path: "officeId",
      message: `The office “${city.officeId}” of the city page “${city.headline}” is not in the business facts.`,
    }));
}

/**
 * The field errors of item `id` when its data makes `content` (the item already in place) break a
 * rule: for a city page, beside its office; for the business facts, beside the offices.
 */
export function crossItemErrors(id: string, content: SiteContent): StudioFieldErrors {
  const problems = contentProblems(content);
  if (id.startsWith("city/")) {
    const own = problems.find((p) => p.id === id);
    return own ? { officeId: "Choose the office from the list: that office is not in the business facts (any more)." } : {};
  }
  if (id === "facts" && problems.length > 0) {
    const first = problems[0]!;
    const city = content.cities[first.id.slice("city/".length) as keyof SiteContent["cities"]];
    return {
      offices: `The city page “${city.headline}” is served by the office “${city.officeId}”: keep that office, or point the city page to another office first.`,
    };
  }
  return {};
}
