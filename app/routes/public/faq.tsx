import { CtaBand } from "~/components/sections/cta-band";
import { FaqList } from "~/components/sections/faq-list";
import { PageContents } from "~/components/sections/page-contents";
import { PageHero } from "~/components/sections/page-hero";
import { faqAnchors } from "~/content/faq-anchors";
import { routeMeta } from "~/lib/meta";
import { siteContent } from "~/studio/live.server";

import type { Route } from "./+types/faq";

const crumbs = [{ name: "Questions", path: "/faq" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: (await siteContent(request, context)).faq };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, {
    title: loaderData.page.title,
    description: loaderData.page.description,
    path: "/faq",
    breadcrumbs: crumbs,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: loaderData.page.groups.flatMap((g) =>
          g.faqs.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })),
        ),
      },
    ],
  });

export default function FaqRoute({ loaderData: { page } }: Route.ComponentProps) {
  // Each question's anchor, unique on the page (a site search result links to it).
  const anchors = faqAnchors(page.groups.flatMap((g) => g.faqs.map((f) => f.question)));
  const firstOf = page.groups.map((_, i) => page.groups.slice(0, i).reduce((n, g) => n + g.faqs.length, 0));
  return (
    <>
      <PageHero eyebrow="Questions" title={page.headline} intro={page.intro} breadcrumbs={crumbs} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[15rem_1fr]">
        <PageContents
          headingId="topics-heading"
          title="Topics"
          links={page.groups.map((group) => ({ id: group.id, label: group.topic }))}
        />
        <div className="space-y-12">
          {page.groups.map((group, g) => (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="scroll-mt-28">
              <h2 id={`${group.id}-heading`} className="mb-5 text-2xl font-bold tracking-tight">
                {group.topic}
              </h2>
              <FaqList faqs={group.faqs} anchors={anchors.slice(firstOf[g], firstOf[g] + group.faqs.length)} />
            </section>
          ))}
        </div>
      </div>
      <CtaBand cta={{ title: "Still have a question?", text: "Ask us directly. An engineer, not a salesperson, will answer it." }} />
    </>
  );
}
