/**
 * The anchor of each question of the questions page (/faq#q-how-fast-do-you-answer): made from the
 * question's words, so that a link to it (a site search result, docs/requirements/search.md) stays
 * right while questions are added or moved; a question asked twice gets `-2`.
 */
import { slugify } from "../lib/slug";

/** The anchors of `questions`, in order, each unique on the page. */
export function faqAnchors(questions: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return questions.map((question) => {
    const base = `q-${slugify(question).slice(0, 60).replace(/-+$/, "")}`.replace(/-$/, "");
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}
