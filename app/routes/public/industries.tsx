import { CardGrid } from "~/components/sections/card-grid";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { industries } from "~/content/catalog";
import { industriesOverview } from "~/content/pages";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/industries";

const crumbs = [{ name: "Industries", path: "/industries" }];

export function loader() {
  return { page: industriesOverview };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, { title: loaderData.page.title, description: loaderData.page.description, path: "/industries", breadcrumbs: crumbs });

export default function Industries({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Industries" title={page.headline} intro={page.intro} breadcrumbs={crumbs} />
      <Section>
        <CardGrid entries={industries} headingLevel={2} />
      </Section>
      <CtaBand
        cta={{
          title: "Don’t see your industry?",
          text: "We support businesses of every kind. Tell us how yours works and we will show you what we would change.",
        }}
      />
    </>
  );
}
