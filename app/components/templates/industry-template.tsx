import { CardGrid } from "~/components/sections/card-grid";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqList } from "~/components/sections/faq-list";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Testimonials } from "~/components/sections/testimonials";
import { ButtonLink } from "~/components/ui/button-link";
import { navigation } from "~/config/navigation";
import { industries, services } from "~/content/catalog";
import type { IndustryPage, Testimonial } from "~/content/types";
import type { Crumb } from "~/lib/seo";

/** One template for every industry page, Non-Profits included; `testimonials`: those naming this industry (none: no section). */
export function IndustryTemplate({
  page,
  breadcrumbs,
  testimonials = [],
}: {
  page: IndustryPage;
  breadcrumbs: Crumb[];
  testimonials?: readonly Testimonial[];
}) {
  const entry = industries.find((i) => i.slug === page.slug)!;
  const recommended = services.filter((s) => page.services.includes(s.slug));
  return (
    <>
      <PageHero eyebrow={`IT for ${entry.name}`} title={page.headline} intro={page.intro} breadcrumbs={breadcrumbs}>
        <ButtonLink to={navigation.getStarted.href}>{navigation.getStarted.name}</ButtonLink>
      </PageHero>
      <Section heading="What gets in the way" tone="white">
        <FeatureGrid items={page.challenges} />
      </Section>
      <Section heading="How we help" tone="muted">
        <FeatureGrid items={page.howWeHelp} />
      </Section>
      {page.regulations.length > 0 && (
        <Section heading="Rules we help you meet">
          <ul className="flex flex-wrap gap-3">
            {page.regulations.map((rule) => (
              <li key={rule} className="rounded-full border-2 border-navy-900/15 px-4 py-2 font-semibold text-navy-900">
                {rule}
              </li>
            ))}
          </ul>
          <p className="mt-4 max-w-3xl text-slate-700">
            We put the technical controls in place and keep the evidence ready; your auditor or counsel makes the formal call.
          </p>
        </Section>
      )}
      <Section heading={`Services ${entry.name.toLowerCase()} clients use most`} tone="muted">
        <CardGrid entries={recommended} />
      </Section>
      <Section heading="Questions we hear">
        <FaqList faqs={page.faqs} />
      </Section>
      <Testimonials testimonials={testimonials} tone="muted" />
      <CtaBand cta={page.cta} />
    </>
  );
}
