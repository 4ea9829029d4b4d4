import { useFacts } from "~/components/layout/facts";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Paragraphs, Section } from "~/components/sections/section";
import { site } from "~/config/site";
import { routeMeta } from "~/lib/meta";
import { siteContent } from "~/studio/live.server";

import type { Route } from "./+types/about";

const crumbs = [{ name: "About", path: "/about" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: (await siteContent(request, context)).about };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, { title: loaderData.page.title, description: loaderData.page.description, path: "/about", breadcrumbs: crumbs });

export default function About({ loaderData: { page } }: Route.ComponentProps) {
  const { claims } = useFacts();
  return (
    <>
      <PageHero eyebrow={`About ${site.brand}`} title={page.headline} intro={page.intro} breadcrumbs={crumbs} />
      <Section heading="Our story">
        <Paragraphs text={page.story} className="max-w-3xl text-lg leading-relaxed text-slate-800" />
      </Section>
      <Section heading="By the numbers" tone="navy">
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {claims.map((claim) => (
            <div key={claim.label} className="flex flex-col-reverse rounded-xl border border-white/15 bg-white/5 p-6 text-center">
              <dt className="mt-2 text-sm font-medium text-slate-300">{claim.label}</dt>
              <dd className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section heading="What we value" tone="muted">
        <FeatureGrid items={page.values} columns={2} />
      </Section>
      <Section heading="How we work with you">
        <FeatureGrid items={page.howWeWork} />
      </Section>
      <CtaBand cta={page.cta} />
    </>
  );
}
