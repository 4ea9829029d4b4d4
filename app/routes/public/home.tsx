import { useFacts } from "~/components/layout/facts";
import { CardGrid } from "~/components/sections/card-grid";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { HeroVideo } from "~/components/sections/hero-video";
import { ApproachSteps, ComplianceBadges, OfficeList, StatsBand } from "~/components/sections/home-sections";
import { Section } from "~/components/sections/section";
import { StaticContent } from "~/components/sections/static-content";
import { Testimonials } from "~/components/sections/testimonials";
import { buttonClass, ButtonLink } from "~/components/ui/button-link";
import { PhoneLink } from "~/components/ui/contact-links";
import { navigation } from "~/config/navigation";
import { industries, services } from "~/content/catalog";
import { routeMeta } from "~/lib/meta";
import { siteContent } from "~/studio/live.server";

import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = await siteContent(request, context);
  return { page: content.home, testimonials: content.testimonials.filter((t) => t.onHome) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, { title: loaderData.page.title, description: loaderData.page.description, path: "/" });

export default function Home({ loaderData: { page, testimonials } }: Route.ComponentProps) {
  const { sales } = useFacts().phones;
  return (
    <>
      <section aria-labelledby="hero-heading" data-click-location="hero" className="on-dark relative isolate overflow-hidden bg-navy-950">
        <HeroVideo />
        {/* Scrim: keeps the text above AA contrast whatever frame is showing. */}
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-r from-navy-950/95 via-navy-950/80 to-navy-950/50" />
        <StaticContent className="relative mx-auto max-w-7xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28">
          <p className="text-sm font-semibold tracking-wider text-accent-bright uppercase">{page.hero.eyebrow}</p>
          <h1
            id="hero-heading"
            className="mt-3 max-w-3xl text-[clamp(2.25rem,1.4rem+3.8vw,3.75rem)] leading-[1.08] font-bold tracking-tight text-white"
          >
            {page.hero.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">{page.hero.text}</p>
          <div className="mt-9 flex flex-wrap items-center gap-4">
            <ButtonLink to={navigation.getStarted.href}>{navigation.getStarted.name}</ButtonLink>
            <PhoneLink phone={sales} className={buttonClass("inverse", undefined, "cta")}>
              Call {sales.display}
            </PhoneLink>
          </div>
        </StaticContent>
      </section>

      <Section id="pain-points" heading={page.painPoints.heading} intro={page.painPoints.intro}>
        <FeatureGrid items={page.painPoints.items} />
      </Section>

      <Section id="services" heading={page.servicesIntro.heading} intro={page.servicesIntro.text} tone="muted">
        <CardGrid entries={services} />
      </Section>

      <Section id="industries" heading={page.industriesIntro.heading} intro={page.industriesIntro.text}>
        <CardGrid entries={industries} />
      </Section>

      <Section id="locations" heading={page.citiesIntro.heading} intro={page.citiesIntro.text} tone="muted">
        <OfficeList />
      </Section>

      <Section id="stats" heading={page.statsIntro.heading} intro={page.statsIntro.text} tone="navy">
        <StatsBand />
      </Section>

      <Testimonials testimonials={testimonials} />

      <Section id="approach" heading={page.approachIntro.heading} intro={page.approachIntro.text} tone="muted">
        <ApproachSteps steps={page.approach} />
      </Section>

      <Section id="compliance" heading={page.complianceIntro.heading} intro={page.complianceIntro.text}>
        <ComplianceBadges />
      </Section>

      <CtaBand cta={page.cta} />
    </>
  );
}
