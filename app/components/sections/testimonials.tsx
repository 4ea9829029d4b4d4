import type { Testimonial } from "~/content/types";

import { Paragraphs, Section } from "./section";

/**
 * Clients' words (docs/requirements/public-site.md#content): each a <figure> of its <blockquote>
 * and who said it. Static content like every Section band (ADR 019): nothing of it runs in the
 * browser. Never marked up as a review (no rating, no Review JSON-LD). Nothing at all when there
 * is none to show.
 */
export function Testimonials({ testimonials, tone }: { testimonials: readonly Testimonial[]; tone?: "white" | "muted" }) {
  if (testimonials.length === 0) return null;
  return (
    <Section id="testimonials" heading="What clients say" tone={tone}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((t, i) => (
          <li key={i}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span aria-hidden="true" className="h-8 font-serif text-6xl leading-none text-navy-700/30">
                “
              </span>
              <blockquote className="mt-2 flex-1 text-lg text-slate-800">
                <Paragraphs text={t.quote} />
              </blockquote>
              <figcaption className="mt-6 border-t border-slate-200 pt-4">
                <span className="block font-semibold text-navy-900">{t.person}</span>
                <span className="block text-sm text-slate-600">{t.role ? `${t.role}, ${t.company}` : t.company}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
