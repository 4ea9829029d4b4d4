import { CardGrid } from "~/components/sections/card-grid";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqList } from "~/components/sections/faq-list";
import { CheckList, FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Testimonials } from "~/components/sections/testimonials";
import { ButtonLink } from "~/components/ui/button-link";
import { navigation } from "~/config/navigation";
import { services } from "~/content/catalog";
import type { ServicePage, Testimonial } from "~/content/types";
import type { Crumb } from "~/lib/seo";

/** One template for all 12 service pages; `testimonials`: those naming this service (none: no section). */
export function ServiceTemplate({
  page,
  breadcrumbs,
  testimonials = [],
}: {
  page: ServicePage;
  breadcrumbs: Crumb[];
  testimonials?: readonly Testimonial[];
}) {
  const entry = services.find((s) => s.slug === page.slug)!;
  const related = services.filter((s) => page.related.includes(s.slug));
  return (
    <>
      <PageHero eyebrow={entry.name} title={page.headline} intro={page.intro} breadcrumbs={breadcrumbs}>
        <ButtonLink to={`${navigation.getStarted.href}?service=${page.slug}`}>{navigation.getStarted.name}</ButtonLink>
        <ButtonLink to="#included" variant="inverse">
          What’s included
        </ButtonLink>
      </PageHero>
      <Section heading="Who it is for">
        <CheckList items={page.whoFor} className="max-w-3xl text-lg text-slate-800" />
      </Section>
      <Section id="included" heading="What’s included" tone="muted">
        <FeatureGrid items={page.included} />
      </Section>
      <Section heading="What you get">
        <CheckList items={page.outcomes} className="max-w-3xl text-lg text-slate-800" />
      </Section>
      <Section heading={`${entry.name}: common questions`} tone="muted">
        <FaqList faqs={page.faqs} />
      </Section>
      <Section heading="Related services">
        <CardGrid entries={related} />
      </Section>
      <Testimonials testimonials={testimonials} tone="muted" />
      <CtaBand cta={page.cta} service={page.slug} />
    </>
  );
}
