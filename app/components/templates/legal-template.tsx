import { Link } from "react-router";

import { useFacts } from "~/components/layout/facts";
import { PageContents } from "~/components/sections/page-contents";
import { PageHero } from "~/components/sections/page-hero";
import { EmailLink, PhoneLink } from "~/components/ui/contact-links";
import { site } from "~/config/site";
import type { LegalPage } from "~/content/types";
import { formatCalendarDate } from "~/lib/format-date";
import type { Crumb } from "~/lib/seo";

/** Terms and Privacy: a contents list, numbered sections, and the contact details of the business facts. */
export function LegalTemplate({ doc, breadcrumbs }: { doc: LegalPage; breadcrumbs: Crumb[] }) {
  const facts = useFacts();
  const office = facts.offices[0];
  return (
    <>
      <PageHero title={doc.heading} breadcrumbs={breadcrumbs} intro={`Effective ${formatCalendarDate(doc.effectiveDate)}`} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <PageContents
          headingId="contents-heading"
          title="Contents"
          links={doc.sections.map((section) => ({ id: section.id, label: section.heading }))}
          ordered
          listClassName="text-sm"
        />
        <article className="max-w-[70ch] text-[1.0625rem] leading-relaxed text-slate-800">
          <p className="text-lg">{doc.intro}</p>
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-28">
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
                {section.heading}
              </h2>
              {/* The section's Markdown, rendered and sanitised on the server (app/studio/legal-page.server.ts). */}
              <div className="prose-doc mt-4" dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}
          <section aria-labelledby="legal-contact-heading" className="mt-12 rounded-xl bg-navy-50 p-6">
            <h2 id="legal-contact-heading" className="text-xl font-bold">
              How to reach us
            </h2>
            <address className="mt-3 space-y-1 not-italic">
              <p>{site.legalName}</p>
              {office && (
                <p>
                  {office.street}, {office.city}, {office.state} {office.postalCode}
                </p>
              )}
              <p>
                Email: <EmailLink email={facts.emails.general} className="font-semibold text-accent underline" />
              </p>
              <p>
                Phone: <PhoneLink phone={facts.phones.sales} className="font-semibold text-accent underline" />
              </p>
              <p>
                Or use our{" "}
                <Link to="/contact" className="font-semibold text-accent underline">
                  contact page
                </Link>
                .
              </p>
            </address>
          </section>
        </article>
      </div>
    </>
  );
}
