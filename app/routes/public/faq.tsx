import type { Route } from "./+types/faq";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqList } from "~/components/sections/faq-list";
import { PageHero } from "~/components/sections/page-hero";
import { faqPage } from "~/content/faq";
import { routeMeta } from "~/lib/meta";

const crumbs = [{ name: "Questions", path: "/faq" }];

export function loader() {
  return { page: faqPage };
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
  return (
    <>
      <PageHero eyebrow="Questions" title={page.headline} intro={page.intro} breadcrumbs={crumbs} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[15rem_1fr]">
        <nav aria-labelledby="topics-heading" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="topics-heading" className="text-sm font-semibold uppercase tracking-wider">
            Topics
          </h2>
          <ul className="mt-3 space-y-1">
            {page.groups.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`} className="inline-block py-1 text-slate-700 hover:text-navy-900 hover:underline">
                  {group.topic}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-12">
          {page.groups.map((group) => (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="scroll-mt-28">
              <h2 id={`${group.id}-heading`} className="mb-5 text-2xl font-bold tracking-tight">
                {group.topic}
              </h2>
              <FaqList faqs={group.faqs} />
            </section>
          ))}
        </div>
      </div>
      <CtaBand cta={{ title: "Still have a question?", text: "Ask us directly. An engineer, not a salesperson, will answer it." }} />
    </>
  );
}
