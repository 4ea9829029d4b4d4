import { CardGrid } from "~/components/sections/card-grid";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { services } from "~/content/catalog";
import { servicesOverview } from "~/content/pages";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/services";

const crumbs = [{ name: "Services", path: "/services" }];

export function loader() {
  return { page: servicesOverview };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, { title: loaderData.page.title, description: loaderData.page.description, path: "/services", breadcrumbs: crumbs });

export default function Services({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Services" title={page.headline} intro={page.intro} breadcrumbs={crumbs} />
      <Section>
        <CardGrid entries={services} headingLevel={2} />
      </Section>
      <CtaBand
        cta={{
          title: "Not sure where to start?",
          text: "Most clients start with an assessment. We look at everything and tell you what matters first.",
        }}
      />
    </>
  );
}
