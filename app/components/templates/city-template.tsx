import { useFacts } from "~/components/layout/facts";
import { CardGrid } from "~/components/sections/card-grid";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqList } from "~/components/sections/faq-list";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Paragraphs, Section } from "~/components/sections/section";
import { ButtonLink } from "~/components/ui/button-link";
import { OpeningHours, PhoneLink } from "~/components/ui/contact-links";
import { Icon } from "~/components/ui/icon";
import { navigation } from "~/config/navigation";
import { site, type Office } from "~/config/site";
import { industries } from "~/content/catalog";
import type { CityPage } from "~/content/types";
import type { Crumb } from "~/lib/seo";

/** One template for the 7 city pages; each record carries its own local copy, the loader its office (from the business facts). */
export function CityTemplate({ page, office, breadcrumbs }: { page: CityPage; office: Office; breadcrumbs: Crumb[] }) {
  const { hours } = useFacts();
  const localIndustries = industries.filter((i) => page.industries.includes(i.slug));
  return (
    <>
      <PageHero eyebrow={`${office.city}, ${site.states[office.state]}`} title={page.headline} intro={page.intro} breadcrumbs={breadcrumbs}>
        <ButtonLink to={navigation.getStarted.href}>{navigation.getStarted.name}</ButtonLink>
      </PageHero>
      <Section heading={`IT support in ${office.city}`}>
        <div className="grid gap-10 lg:grid-cols-[1.6fr_1fr]">
          <div>
            <Paragraphs text={page.localContext} className="max-w-3xl text-lg leading-relaxed text-slate-800" />
            <p className="mt-6 max-w-3xl rounded-lg bg-navy-50 p-5 text-slate-800">{page.onSite}</p>
          </div>
          {/* self-start: the card is as tall as its content, not as the text column beside it. */}
          <aside
            aria-labelledby="office-heading"
            data-click-location="office"
            className="self-start rounded-xl border border-slate-200 p-6"
          >
            <h3 id="office-heading" className="text-lg font-semibold">
              Our {office.city} office
            </h3>
            <address className="mt-4 space-y-3 text-slate-800 not-italic">
              <p className="flex gap-2">
                <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-navy-700" />
                <span>
                  {office.street}
                  <br />
                  {office.city}, {office.state} {office.postalCode}
                </span>
              </p>
              <p className="flex gap-2">
                <Icon name="phone" className="mt-0.5 size-5 shrink-0 text-navy-700" />
                <PhoneLink phone={office.phone} className="font-semibold text-accent underline-offset-4 hover:underline" />
              </p>
              <p className="flex gap-2">
                <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-navy-700" />
                <OpeningHours hours={hours} />
              </p>
            </address>
          </aside>
        </div>
      </Section>
      <Section heading="Areas we serve from this office" tone="muted">
        <ul className="flex flex-wrap gap-2">
          {page.areasServed.map((area) => (
            <li key={area} className="rounded-full bg-white px-4 py-2 text-slate-800 ring-1 ring-slate-200">
              {area}
            </li>
          ))}
        </ul>
      </Section>
      <Section heading={`Why ${office.city} businesses work with us`}>
        <FeatureGrid items={page.highlights} columns={page.highlights.length === 4 ? 2 : 3} />
      </Section>
      <Section heading="Industries we support here" tone="muted">
        <CardGrid entries={localIndustries} />
      </Section>
      <Section heading={`${office.city} IT support questions`}>
        <FaqList faqs={page.faqs} />
      </Section>
      <CtaBand cta={page.cta} />
    </>
  );
}
